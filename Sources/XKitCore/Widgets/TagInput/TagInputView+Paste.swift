/// Pasted text with separators or line breaks becomes several tags, each validated.
extension TagInputView {
    /// Splits text at the separators (and line breaks): "a, b, c" and "a\nb\nc" give three parts.
    public func split(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        for c in text {
            if separators.contains(c) || c.isNewline {
                parts.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(current)
        return parts
    }

    /// Adds tags from pasted text; text without separators is left for the field to insert.
    ///
    /// The paste is joined with the field's text around the selection first, so pasting ", b" after
    /// a typed "a" gives "a" and "b". Returns whether the text was taken.
    @discardableResult
    public func handlePaste(_ string: String) -> Bool {
        guard string.contains(where: { separators.contains($0) || $0.isNewline }) else { return false }
        let chars = Array(textField.text)
        let selection = textField.selectedRange
        let joined = String(chars[..<selection.lowerBound]) + string + String(chars[selection.upperBound...])
        let parts = split(joined).filter { !TagInputView.trimmed($0).isEmpty }
        textField.text = ""
        addTags(parts)
        fieldTextDidChange()
        scrollFieldIntoView()
        return true
    }
}
