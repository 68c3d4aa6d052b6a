/// Pasted text with separators or line breaks becomes several tags, each validated.
extension TagInputView {
    /// Splits text at the separators (and line breaks): "a, b, c" and "a\nb\nc" give three parts.
    public func split(_ text: String) -> [String] {
        var parts: [String] = []
        var start = text.startIndex
        var index = start
        while index < text.endIndex {
            let next = text.index(after: index)
            if isSeparator(text[index]) {
                parts.append(String(text[start..<index]))
                start = next
            }
            index = next
        }
        parts.append(String(text[start...]))
        return parts
    }

    /// Adds tags from pasted text; text without separators is left for the field to insert.
    ///
    /// The paste is joined with the field's text around the selection first, so pasting ", b" after
    /// a typed "a" gives "a" and "b". Pieces of only whitespace are skipped; pieces of only invisible
    /// characters ("\0", a lone U+200F) are refused as empty. At most `maximumTagsPerPaste` pieces
    /// are taken: past that the hint flashes and the rest stays on the clipboard. Nothing is asked;
    /// a `tags.pasted` trace event says how many tags were added and refused. Returns whether the
    /// text was taken.
    @discardableResult
    public func handlePaste(_ string: String) -> Bool {
        guard string.contains(where: isSeparator) else { return false }
        let chars = Array(textField.text)
        let selection = textField.selectedRange
        let before = String(chars[..<selection.lowerBound]), after = String(chars[selection.upperBound...])
        let (titles, limited) = pastedTitles(string, before: before, after: after)
        // What followed the selection belonged to the last piece, which a limited paste never reached.
        textField.text = limited ? String(after.drop { $0.isWhitespace }) : ""
        fieldTextDidChange()
        let result = addTags(titles)
        if limited { showRejectionHint() }
        Trace.emit("tags.pasted", [("added", .int(result.tags.count)), ("rejected", .int(result.rejections.count)),
                                   ("limited", .bool(limited)), ("limit", .int(maximumTagsPerPaste))])
        scrollFieldIntoView()
        return true
    }

    /// The trimmed titles in a paste, `before` joined to the first piece and `after` to the last, and
    /// whether `maximumTagsPerPaste` cut it short. Slices are copied once each, already trimmed.
    private func pastedTitles(_ string: String, before: String, after: String) -> (titles: [String], limited: Bool) {
        var titles: [String] = []
        func take(_ piece: Substring, first: Bool, last: Bool) {
            let text = first || last ? Substring((first ? before : "") + piece + (last ? after : "")) : piece
            let title = TagTitle.trimmed(text)
            if !title.isEmpty {
                titles.append(String(title))
            } else if !text.allSatisfy(\.isWhitespace) {
                // Only invisible characters: handed on so that it is refused as empty, with the hint.
                titles.append(String(text))
            }
        }
        // ASCII characters (nearly all of a big paste) are checked without hashing a Character.
        let asciiSeparators = separators.compactMap(\.asciiValue)
        func separates(_ c: Character) -> Bool {
            guard let a = c.asciiValue else { return isSeparator(c) }
            return (0x0A...0x0D).contains(a) || asciiSeparators.contains(a)
        }
        var start = string.startIndex
        var index = start
        // One grapheme-breaking pass; each character's UTF-8 length moves the index in O(1).
        for character in string {
            let next = string.utf8.index(index, offsetBy: character.utf8.count)
            if separates(character) {
                take(string[start..<index], first: start == string.startIndex, last: false)
                start = next
                if titles.count >= maximumTagsPerPaste {
                    let rest = string[start...]
                    return (titles, rest.contains { !$0.isWhitespace && !separates($0) })
                }
            }
            index = next
        }
        take(string[start...], first: start == string.startIndex, last: true)
        return (titles, false)
    }

    func isSeparator(_ c: Character) -> Bool { c.isNewline || separators.contains(c) }
}
