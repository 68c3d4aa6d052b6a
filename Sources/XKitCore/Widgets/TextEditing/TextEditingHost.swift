/// A view edited by the one editing core (`TextField`, `TextView`): the core interprets every
/// `TextEditCommand`, types, deletes, undoes and redoes; the view says what its text and selection
/// are, what its lines are, and what an edit or a selection change does on screen.
@MainActor
protocol TextEditingHost: View, TextInputClient {
    /// The text the commands work on.
    associatedtype Buffer: TextEditingBuffer
    /// What an undo step restores.
    associatedtype UndoState

    /// The text now.
    var editingBuffer: Buffer { get }
    /// The selection now.
    var editingSelection: TextSelection { get }
    /// The boundaries words are found with (the measurer's segmenter).
    var editingSegmenter: TextSegmenter { get }
    /// Whether the user may change the text now (a field while enabled, a view while editable).
    var allowsUserEdits: Bool { get }
    /// Whether Return inserts a line break; without, Return commits (`commitLine()`).
    var insertsLineBreaks: Bool { get }
    /// Whether Tab inserts a tab; without, it goes up the chain (the focus moves).
    var insertsTabs: Bool { get }
    /// The undo steps, coalesced by the core.
    var undoHistory: TextUndoHistory<UndoState> { get set }

    /// Puts back an undone or redone state and shows it; returns the state that goes back to
    /// what was there.
    func restoreUndoState(_ state: UndoState) -> UndoState
    /// Takes a selection the user's keys made; `keepsGoal` for Up and Down, which keep the caret's x.
    func setUserSelection(_ selection: TextSelection, keepsGoal: Bool)
    /// Replaces a range as the user's edit, noting it in `undoHistory` as `kind` first; false when
    /// refused or nothing changed.
    @discardableResult
    func replaceUserText(_ range: Range<Int>, with string: String, kind: TextEditKind) -> Bool
    /// The line (a wrapped line of a paragraph, or the field's one line) holding an offset: Home and End.
    func lineBounds(at offset: Int) -> Range<Int>
    /// Where Up, Down, Page Up or Page Down takes the caret; nil leaves the key to the views above.
    func verticalMoveTarget(_ verb: TextEditCommand.Verb) -> Int?
    /// Return where it inserts no line break (a field's commit).
    func commitLine()
    /// The font and colour copied text keeps (as text/html beside the plain text).
    var font: Font { get }
    /// The colour of the text.
    var textColor: Color { get }
    /// The direction copied text is written with; nil takes it from the text.
    var baseWritingDirection: TextDirection? { get }
    /// The most UTF-8 bytes a paste inserts (a larger one is refused with a warning); nil for no limit.
    var pasteLimit: Int? { get }
    /// Offered pasted text first; true when it was handled there and is not to be inserted.
    func pasteHandledElsewhere(_ string: String) -> Bool
    /// Inserts pasted text at the selection; returns once it is in (a host may prepare a big paste
    /// off the main actor meanwhile).
    func insertPastedText(_ string: String) async
    /// The input method's composition, shown in place of the selection (`TextComposition`).
    var preedit: Preedit? { get set }
    /// The caret's rect in bounds coordinates (the composition's caret while composing).
    var caretRect: Rect { get }
    /// The composition started, changed or ended: show it.
    func compositionDidChange()
}

extension TextEditingHost {
    /// Runs one editing command; false when the view leaves it to others (Page Up in a field, Tab
    /// where it moves the focus, an edit in read-only text).
    func runEditCommand(_ command: TextEditCommand, event: KeyEvent?) -> Bool {
        let extend = command.extend
        func move(to offset: Int, keepsGoal: Bool = false) {
            var selection = editingSelection
            selection.moveCaret(to: offset, extend: extend, count: editingBuffer.count)
            setUserSelection(selection, keepsGoal: keepsGoal)
            // A selection made with the keyboard becomes PRIMARY, as X users expect.
            if extend { publishPrimary(event: event) }
        }
        switch command.verb {
        case .left, .right:
            var selection = editingSelection
            selection.moveHorizontally(forward: command.verb == .right, extend: extend, word: command.word,
                                       in: editingBuffer, segmenter: editingSegmenter)
            setUserSelection(selection, keepsGoal: false)
            if extend { publishPrimary(event: event) }
        case .up, .down, .pageUp, .pageDown:
            guard let target = verticalMoveTarget(command.verb) else { return false }
            move(to: target, keepsGoal: true)
        case .lineStart: move(to: lineBounds(at: editingSelection.caret).lowerBound)
        case .lineEnd: move(to: lineBounds(at: editingSelection.caret).upperBound)
        case .documentStart: move(to: 0)
        case .documentEnd: move(to: editingBuffer.count)
        case .deleteBackward, .deleteForward:
            guard allowsUserEdits else { return false }
            deleteText(forward: command.verb == .deleteForward, word: command.word)
        case .undo: undoEdit()
        case .redo: redoEdit()
        case .newline:
            guard insertsLineBreaks else { commitLine(); return true }
            guard allowsUserEdits else { return false }
            insertUserText("\n")
        case .tab:
            guard insertsTabs, allowsUserEdits, !extend else { return false }
            insertUserText("\t")
        case .insert(let text):
            guard allowsUserEdits else { return false }
            insertUserText(text)
        }
        return true
    }

    /// Pasted text goes in as typed text does (`insertUserText`), at once.
    func insertPastedText(_ string: String) async { insertUserText(string) }

    /// Replaces the selection with `string` as typed: one character typed at a caret continues
    /// the open typing step (coalesced into words); anything longer is a step of its own.
    func insertUserText(_ string: String) {
        let selection = editingSelection
        let typing = selection.isEmpty && string.isSingleCharacter
        replaceUserText(selection.range, with: string, kind: typing ? .typing : .other)
    }

    /// Backspace or Delete: the selection (a step of its own), else the character or word before
    /// or after the caret (runs of them coalesce).
    func deleteText(forward: Bool, word: Bool) {
        let selection = editingSelection
        guard let range = selection.deletionRange(forward: forward, word: word, in: editingBuffer,
                                                  segmenter: editingSegmenter) else { return }
        let kind: TextEditKind = !selection.isEmpty ? .other : forward ? .deletingForward : .deletingBackward
        replaceUserText(range, with: "", kind: kind)
    }

    /// Goes back one step; false when there is none or the text cannot change now.
    @discardableResult
    func undoEdit() -> Bool { moveThroughHistory { $0.undo($1) } }

    /// Goes forward one undone step; false when there is none or the text cannot change now.
    @discardableResult
    func redoEdit() -> Bool { moveThroughHistory { $0.redo($1) } }

    /// Runs an undo or a redo on `undoHistory` with `restoreUndoState` as its restore.
    private func moveThroughHistory(_ move: (inout TextUndoHistory<UndoState>, (UndoState) -> UndoState) -> Bool) -> Bool {
        guard allowsUserEdits else { return false }
        // Restoring tells the delegate and the change handlers, which may edit the text or undo
        // again: the steps are moved out meanwhile, so that is not an overlapping access to them,
        // and the edits such a handler made are kept after them.
        var history = undoHistory
        undoHistory = TextUndoHistory()
        let moved = move(&history) { restoreUndoState($0) }
        history.absorb(undoHistory)
        undoHistory = history
        return moved
    }
}

extension String {
    /// Exactly one character, found without counting a long string (a paste) to its end.
    var isSingleCharacter: Bool { !isEmpty && index(after: startIndex) == endIndex }
}
