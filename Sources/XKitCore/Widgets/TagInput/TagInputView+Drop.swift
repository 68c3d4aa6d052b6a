/// Dropped text becomes tags: one per line, or one per URI of a `text/uri-list`.
extension TagInputView: DefaultDropTarget {
    func makeDefaultDropInteraction() -> DropInteraction {
        let delegate = TagInputDropDelegate(input: self)
        let interaction = DropInteraction(delegate: delegate)
        interaction.ownedDelegate = delegate
        // Anywhere over the input means the same, so the source need not send every move.
        interaction.tracksLocation = false
        return interaction
    }

    /// The inner field's drops come here: a dropped line is a tag, not text in the field.
    var claimsDropsOfSubviews: Bool { true }

    /// Adds one tag per line of `text` (trimmed; blank lines skipped), validated and merged as a
    /// paste's are: duplicates and invalid titles are refused with the hint, the field's text stays.
    /// Returns the number of tags added.
    @discardableResult
    public func addDroppedText(_ text: String) -> Int {
        var titles: [String] = []
        for line in text.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
            guard titles.count < maximumTagsPerPaste else { break }
            titles.append(String(TagTitle.trimmed(Substring(line))))
        }
        let result = addTags(titles)
        Trace.emit("tags.dropped", [("added", .int(result.tags.count)), ("rejected", .int(result.rejections.count))])
        return result.tags.count
    }
}

@MainActor
final class TagInputDropDelegate: DropInteractionDelegate {
    private weak var input: TagInputView?
    init(input: TagInputView) { self.input = input }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool { session.hasText }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        session.loadString { [weak input] text in
            guard let input, let text else { return }
            input.addDroppedText(text)
        }
    }
}
