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
    var undoSnapshot: Snapshot { Snapshot(storage: storage, anchor: anchor, caret: caret) }

    func restoreUndoSnapshot(_ snapshot: Snapshot) {
        storage = snapshot.storage
        anchor = snapshot.anchor; caret = snapshot.caret
        resetLayout()
        textDidChange()
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
