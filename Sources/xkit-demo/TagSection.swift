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
        // Two lines show a few dozen titles at most: joining all of a 160,000-tag paste made a
        // 13 MB label whose layout cost hundreds of megabytes.
        let update = { (tags: [Tag]) in
            let shown = tags.prefix(40).map(\.title).joined(separator: " · ")
            summary.text = "\(tags.count) tags: " + shown + (tags.count > 40 ? " · …" : "")
        }
        input.onTagsChange = update
        update(input.tags)
        return StackView(spacing: 8, [input, summary])
    }
}
