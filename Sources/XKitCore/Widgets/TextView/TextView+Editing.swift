/// The view as a host of the shared editing core (`TextEditingHost`): its paragraphs are the
/// buffer, Home and End go to the ends of the wrapped line, Return and Tab insert (unless
/// `tabMovesFocus`), and nothing changes while it is read-only.
extension TextView: TextEditingHost {
    var editingBuffer: TextStorage { storage }
    var editingSelection: TextSelection { TextSelection(anchor: anchor, caret: caret) }
    var editingSegmenter: TextSegmenter { textMeasurer.textSegmenter }
    var allowsUserEdits: Bool { isEditable }
    var insertsLineBreaks: Bool { true }
    var insertsTabs: Bool { !tabMovesFocus }
    /// Applies the step's inverses, last first; returns the step that redoes them, with the
    /// selection as it was.
    func restoreUndoState(_ step: UndoStep) -> UndoStep {
        var redo = UndoStep(inverses: [], anchor: anchor, caret: caret)
        for inverse in step.inverses.reversed() {
            let (change, undone) = storage.apply(inverse)
            // Applied last first, so the redo step's own last-first order is the edits' order.
            redo.inverses.append(undone)
            // The whole view is redrawn below, so what the edit changed on screen is not needed.
            _ = layoutDidChange(change, previousCaret: .zero)
        }
        anchor = max(0, min(storage.count, step.anchor))
        caret = max(0, min(storage.count, step.caret))
        goalX = nil
        textDidChange()
        return redo
    }

    func setUserSelection(_ selection: TextSelection, keepsGoal: Bool) {
        setSelection(anchor: selection.anchor, caret: selection.caret, keepGoal: keepsGoal)
    }

    @discardableResult
    func replaceUserText(_ range: Range<Int>, with string: String, kind: TextEditKind) -> Bool {
        replace(range, with: string, kind: kind)
    }

    var pasteLimit: Int? { TextView.pasteLimit }

    func pasteHandledElsewhere(_ string: String) -> Bool { false }

    /// Return in a text view is a line break, never a commit.
    func commitLine() {}
}
