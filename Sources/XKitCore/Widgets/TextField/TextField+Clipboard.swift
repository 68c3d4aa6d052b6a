/// The field's public clipboard calls; the work is the editing core's (`TextEditingHost+Clipboard`).
extension TextField {
    /// Copies the selection to CLIPBOARD; `event` is the input that asked for it.
    public func copy(event: InputEvent? = nil) { copySelection(event: event) }

    /// Copies the selection to CLIPBOARD and deletes it.
    public func cut(event: InputEvent? = nil) { cutSelection(event: event) }

    /// Reads a selection and inserts it at the caret (or hands it to `pasteHandler`).
    ///
    /// Returns whether anything was pasted; the owner may be slow, so this suspends rather than blocks.
    @discardableResult
    public func paste(from selection: ClipboardSelection) async -> Bool { await pasteText(from: selection) }
}
