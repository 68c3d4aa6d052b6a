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
        case .backspace:
            edit(.deletingBackward) { [segmenter = textMeasurer.textSegmenter] in $0.deleteBackward(word: control, segmenter: segmenter) }
        case .delete:
            edit(.deletingForward) { [segmenter = textMeasurer.textSegmenter] in $0.deleteForward(word: control, segmenter: segmenter) }
        case .character("z") where control && !shift: undo()
        case .character("z") where control && shift, .character("y") where control: redo()
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
    func edit(_ kind: TextUndoHistory.Kind = .other, _ change: (inout TextEditingState) -> Void) {
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
