/// Editing keys: arrows, Home/End, Backspace/Delete, Enter and typed text.
///
/// Ctrl+C/X/V/A and their older forms are edit shortcuts the window's router turns into actions
/// (`EditShortcuts`), which reach the field through `perform(_:sender:event:)` like menu items do.
extension TextField {
    /// The field's own key handling, after `keyPreview` and added key commands.
    func handleKey(_ event: KeyEvent) -> Bool {
        guard let command = TextEditCommand(event) else { return false }
        let shift = command.extend, control = command.word
        switch command.verb {
        case .left: editing.moveLeft(extend: shift, word: control, segmenter: textMeasurer.textSegmenter); userMovedSelection(event)
        case .right: editing.moveRight(extend: shift, word: control, segmenter: textMeasurer.textSegmenter); userMovedSelection(event)
        case .lineStart, .documentStart, .up: editing.moveCaret(to: 0, extend: shift); userMovedSelection(event)
        case .lineEnd, .documentEnd, .down: editing.moveCaret(to: editing.count, extend: shift); userMovedSelection(event)
        case .deleteBackward:
            edit(.deletingBackward) { [segmenter = textMeasurer.textSegmenter] in $0.deleteBackward(word: control, segmenter: segmenter) }
        case .deleteForward:
            edit(.deletingForward) { [segmenter = textMeasurer.textSegmenter] in $0.deleteForward(word: control, segmenter: segmenter) }
        case .undo: undo()
        case .redo: redo()
        case .newline:
            onCommit?(self)
            sendActions(for: .primaryActionTriggered)
        case .pageUp, .pageDown, .tab: return false
        case .insert(let text): insertText(text)
        }
        return true
    }

    /// Applies a user edit; an edit that changes nothing (Backspace at the start) is not reported.
    func edit(_ kind: TextEditKind = .other, _ change: (inout TextEditingState) -> Void) {
        let before = editing
        change(&editing)
        if editing.text != before.text {
            undoHistory.willEdit(before, kind: kind)
            textDidChange(notify: true)
        } else if editing != before {
            selectionDidChange()
        }
    }

    /// Goes back one step (Ctrl+Z); returns whether there was one.
    @discardableResult
    public func undo() -> Bool {
        guard let previous = undoHistory.undo(from: editing) else { return false }
        restore(previous)
        return true
    }

    /// Goes forward one undone step (Ctrl+Shift+Z or Ctrl+Y); returns whether there was one.
    @discardableResult
    public func redo() -> Bool {
        guard let next = undoHistory.redo(from: editing) else { return false }
        restore(next)
        return true
    }

    private func restore(_ state: TextEditingState) {
        editing = state
        textDidChange(notify: true)
        // textDidChange's caret handling must not open a new typing step.
        undoHistory.breakCoalescing()
    }

    /// A selection made with the keyboard becomes PRIMARY, as X users expect.
    func userMovedSelection(_ event: KeyEvent) {
        selectionDidChange()
        publishPrimary(event: event)
    }
}
