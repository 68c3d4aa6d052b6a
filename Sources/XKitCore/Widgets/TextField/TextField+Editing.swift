/// The field as a host of the shared editing core (`TextEditingHost`): its one line is the buffer,
/// Up and Home go to its start, Down and End to its end, Return commits, Tab moves the focus.
///
/// Ctrl+C/X/V/A and their older forms are edit shortcuts the window's router turns into actions
/// (`EditShortcuts`), which reach the field through `perform(_:sender:event:)` like menu items do.
extension TextField: TextEditingHost {
    /// The field's own key handling, after `keyPreview` and added key commands.
    func handleKey(_ event: KeyEvent) -> Bool {
        guard let command = TextEditCommand(event) else { return false }
        return runEditCommand(command, event: event)
    }

    var editingBuffer: TextEditingState { editing }
    var editingSelection: TextSelection { editing.textSelection }
    var editingSegmenter: TextSegmenter { textMeasurer.textSegmenter }
    var allowsUserEdits: Bool { isEnabled }
    var insertsLineBreaks: Bool { false }
    var insertsTabs: Bool { false }
    func restoreUndoState(_ state: TextEditingState) -> TextEditingState {
        let current = editing
        editing = state
        textDidChange(notify: true)
        return current
    }

    func setUserSelection(_ selection: TextSelection, keepsGoal: Bool) {
        editing.textSelection = selection
        selectionDidChange()
    }

    /// Beyond `maximumLength`, only the characters that fit are inserted; line breaks and tabs become spaces.
    @discardableResult
    func replaceUserText(_ range: Range<Int>, with string: String, kind: TextEditKind) -> Bool {
        // replaceSelection clamps the range; the field is counted (a walk of its text) only for a limit.
        var string = string
        if let limit = maximumLength {
            let n = editing.count
            let lo = max(0, min(n, range.lowerBound)), hi = max(lo, min(n, range.upperBound))
            let room = max(0, limit - (n - (hi - lo)))
            if string.count > room { string = String(string.prefix(room)) }
        }
        guard !string.isEmpty || !range.isEmpty else { return false }
        let before = editing
        editing.textSelection = TextSelection(anchor: range.lowerBound, caret: range.upperBound)
        editing.replaceSelection(with: string)
        undoHistory.willEdit(before, kind: kind, typed: string)
        textDidChange(notify: true)
        return true
    }

    func lineBounds(at offset: Int) -> Range<Int> { 0..<editing.count }

    func verticalMoveTarget(_ verb: TextEditCommand.Verb) -> Int? {
        switch verb {
        case .up: return 0
        case .down: return editing.count
        default: return nil
        }
    }

    var pasteLimit: Int? { nil }

    func pasteHandledElsewhere(_ string: String) -> Bool { pasteHandler?(self, string) ?? false }

    func commitLine() {
        onCommit?(self)
        sendActions(for: .primaryActionTriggered)
    }

    /// Goes back one step (Ctrl+Z); returns whether there was one.
    @discardableResult
    public func undo() -> Bool { undoEdit() }

    /// Goes forward one undone step (Ctrl+Shift+Z or Ctrl+Y); returns whether there was one.
    @discardableResult
    public func redo() -> Bool { redoEdit() }
}
