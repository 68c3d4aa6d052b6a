/// What an edit was, for coalescing undo steps.
enum TextEditKind: Equatable {
    case typing, deletingBackward, deletingForward, other
}

/// Undo and redo for the text widgets, with typing coalesced into words (and runs of Backspace or
/// Delete into one step), as desktop fields do.
///
/// A step's `State` is what takes the text back to where the step began: a snapshot of the field's
/// state before its first edit (`willEdit`), or the inverse of the step's edits, which each edit
/// extends (`add(startingStep:_:extending:)`), for a document too long to keep copies of.
struct TextUndoHistory<State> {
    typealias Kind = TextEditKind

    /// At most this many steps are kept; the oldest go first.
    static var limit: Int { 200 }

    private var undoStack: [State] = []
    private var redoStack: [State] = []
    private var openKind: Kind?
    private var lastTypedWasSpace = false

    var canUndo: Bool { !undoStack.isEmpty }
    /// The step an undo would take back.
    var lastStep: State? { undoStack.last }
    var canRedo: Bool { !redoStack.isEmpty }

    /// Notes an edit about to change `before`, the state a new step goes back to.
    mutating func willEdit(_ before: State, kind: Kind, typed: String? = nil) {
        add(startingStep: beginsStep(kind: kind, typed: typed), before, extending: { _ in })
    }

    /// Notes an edit of `kind` and says whether it starts a step. Typing continues the open step
    /// until a word starts after a space; deletions continue a run of the same kind; anything else
    /// is a step. Redo is gone either way.
    mutating func beginsStep(kind: Kind, typed: String? = nil) -> Bool {
        let startsWord = kind == .typing && lastTypedWasSpace && typed?.first?.isWhitespace == false
        let starts = kind == .other || openKind != kind || startsWord
        openKind = kind == .other ? nil : kind
        if kind == .typing { lastTypedWasSpace = typed?.last?.isWhitespace ?? false }
        redoStack.removeAll()
        return starts
    }

    /// Records an edit `beginsStep` saw: `step` as a new step when it started one, otherwise
    /// `extend` applied to the open step.
    mutating func add(startingStep starts: Bool, _ step: @autoclosure () -> State, extending extend: (inout State) -> Void) {
        guard !starts, !undoStack.isEmpty else {
            undoStack.append(step())
            if undoStack.count > TextUndoHistory.limit { undoStack.removeFirst(undoStack.count - TextUndoHistory.limit) }
            return
        }
        extend(&undoStack[undoStack.count - 1])
    }

    /// The caret moved or the field lost focus: the next edit starts a new step.
    mutating func breakCoalescing() {
        openKind = nil
        lastTypedWasSpace = false
    }

    /// Goes back one step: `restore` puts its state back and returns the state that goes forward
    /// again, kept for redo. False when there is none.
    mutating func undo(_ restore: (State) -> State) -> Bool {
        guard let previous = undoStack.popLast() else { return false }
        redoStack.append(restore(previous))
        breakCoalescing()
        return true
    }

    /// Goes forward one undone step, as `undo` goes back. False when there is none.
    mutating func redo(_ restore: (State) -> State) -> Bool {
        guard let next = redoStack.popLast() else { return false }
        undoStack.append(restore(next))
        breakCoalescing()
        return true
    }

    /// Takes in the steps of edits made while this history was moved out (a handler that edited
    /// the text while an undo restored it): they follow the steps here, and redo is gone, since
    /// its steps no longer apply to the text.
    mutating func absorb(_ other: TextUndoHistory) {
        guard !other.undoStack.isEmpty else { return }
        undoStack += other.undoStack
        if undoStack.count > TextUndoHistory.limit { undoStack.removeFirst(undoStack.count - TextUndoHistory.limit) }
        redoStack.removeAll()
        breakCoalescing()
    }

    /// Forgets everything (the app set the text).
    mutating func clear() {
        undoStack.removeAll()
        redoStack.removeAll()
        breakCoalescing()
    }
}
