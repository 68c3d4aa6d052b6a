import XKit

extension GalleryScene {
    /// Tags in four scripts with suggestions, and a live list of the current tags.
    func tagSection() -> View {
        let input = TagInputView(titles: DemoTexts.text("tags").split(separator: ",").map { String($0) },
                                 suggestions: DemoTexts.text("suggestions").split(separator: ",").map { String($0) })
        input.accessibilityIdentifier = "tags.input"
        input.placeholder = "Add a tag…"
        input.maximumHeight = 180
        input.selectionMode = .multiple
        let summary = Label(text: nil, font: .system(size: 12), textColor: .secondaryLabel)
        summary.numberOfLines = 2
        summary.accessibilityIdentifier = "tags.summary"
        let update = { (tags: [Tag]) in
            summary.text = "\(tags.count) tags: " + tags.map(\.title).joined(separator: " · ")
        }
        input.onTagsChange = update
        update(input.tags)
        return StackView(spacing: 8, [input, summary])
    }
}
