/// Editing keys: arrows, Home/End, Backspace/Delete, Enter, Ctrl shortcuts and typed text.
extension TextField {
    /// The field's own key handling, after `keyPreview` and added key commands.
    func handleKey(_ event: KeyEvent) -> Bool {
        let shift = event.modifiers.contains(.shift)
        let control = event.modifiers.contains(.control)
        if control, case .character(let c) = event.key {
            return handleShortcut(c, event: event)
        }
        switch event.key {
        case .left: editing.moveLeft(extend: shift, word: control); userMovedSelection(event)
        case .right: editing.moveRight(extend: shift, word: control); userMovedSelection(event)
        case .home, .up: editing.moveCaret(to: 0, extend: shift); userMovedSelection(event)
        case .end, .down: editing.moveCaret(to: editing.count, extend: shift); userMovedSelection(event)
        case .backspace: edit { $0.deleteBackward(word: control) }
        case .delete:
            if shift && !control { cut(time: event.serverTime) } else { edit { $0.deleteForward(word: control) } }
        case .insert where shift: pasteAsync(.clipboard)
        case .insert where control: copy(time: event.serverTime)
        case .enter:
            onCommit?(self)
            sendActions(for: .primaryActionTriggered)
        default:
            guard !control, !event.modifiers.contains(.alt), let text = event.text, !text.isEmpty else { return false }
            insertText(text)
        }
        return true
    }

    private func handleShortcut(_ c: Character, event: KeyEvent) -> Bool {
        switch c.lowercased() {
        case "a": editing.selectAll(); userMovedSelection(event)
        case "c": copy(time: event.serverTime)
        case "x": cut(time: event.serverTime)
        case "v": pasteAsync(.clipboard)
        default: return false
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
        publishPrimary(time: event.serverTime)
    }
}
