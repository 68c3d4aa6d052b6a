/// Editing keys: arrows, Home/End, Backspace/Delete, Enter and typed text.
///
/// Ctrl+C/X/V/A and their older forms are edit shortcuts the window's router turns into actions
/// (`EditShortcuts`), which reach the field through `perform(_:sender:event:)` like menu items do.
extension TextField {
    /// The field's own key handling, after `keyPreview` and added key commands.
    func handleKey(_ event: KeyEvent) -> Bool {
        let shift = event.modifiers.contains(.shift)
        let control = event.modifiers.contains(.control)
        switch event.key {
        case .left: editing.moveLeft(extend: shift, word: control, segmenter: textMeasurer.textSegmenter); userMovedSelection(event)
        case .right: editing.moveRight(extend: shift, word: control, segmenter: textMeasurer.textSegmenter); userMovedSelection(event)
        case .home, .up: editing.moveCaret(to: 0, extend: shift); userMovedSelection(event)
        case .end, .down: editing.moveCaret(to: editing.count, extend: shift); userMovedSelection(event)
        case .backspace: edit { [segmenter = textMeasurer.textSegmenter] in $0.deleteBackward(word: control, segmenter: segmenter) }
        case .delete: edit { [segmenter = textMeasurer.textSegmenter] in $0.deleteForward(word: control, segmenter: segmenter) }
        case .enter:
            onCommit?(self)
            sendActions(for: .primaryActionTriggered)
        default:
            guard !control, !event.modifiers.contains(.alt), let text = event.text, !text.isEmpty else { return false }
            insertText(text)
        }
        return true
    }

    /// Applies a user edit; an edit that changes nothing (Backspace at the start) is not reported.
    func edit(_ change: (inout TextEditingState) -> Void) {
        let before = editing
        change(&editing)
        if editing.text != before.text {
            textDidChange(notify: true)
        } else if editing != before {
            selectionDidChange()
        }
    }

    /// A selection made with the keyboard becomes PRIMARY, as X users expect.
    func userMovedSelection(_ event: KeyEvent) {
        selectionDidChange()
        publishPrimary(event: event)
    }
}
