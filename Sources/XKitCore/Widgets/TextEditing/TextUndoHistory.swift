/// What an edit was, for coalescing undo steps.
enum TextEditKind: Equatable {
    case typing, deletingBackward, deletingForward, other
}

/// Undo and redo for the text widgets (TextField's state, TextView's edits): snapshots taken before
/// each edit, with typing coalesced into words (and runs of Backspace or Delete into one step), as
/// desktop fields do.
struct TextUndoHistory<State> {
    typealias Kind = TextEditKind

    /// At most this many steps are kept; the oldest go first.
    static var limit: Int { 200 }

    private var undoStack: [State] = []
    private var redoStack: [State] = []
    private var openKind: Kind?
    private var lastTypedWasSpace = false

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    /// Notes an edit about to change `before`. Typing continues the open step until a word
    /// starts after a space; deletions continue a run of the same kind; anything else is a step.
    mutating func willEdit(_ before: State, kind: Kind, typed: String? = nil) {
        let startsWord = kind == .typing && lastTypedWasSpace && typed?.first?.isWhitespace == false
        if kind == .other || openKind != kind || startsWord {
            undoStack.append(before)
            if undoStack.count > TextUndoHistory.limit { undoStack.removeFirst(undoStack.count - TextUndoHistory.limit) }
        }
        openKind = kind == .other ? nil : kind
        if kind == .typing { lastTypedWasSpace = typed?.last?.isWhitespace ?? false }
        redoStack.removeAll()
    }

    /// The caret moved or the field lost focus: the next edit starts a new step.
    mutating func breakCoalescing() {
        openKind = nil
        lastTypedWasSpace = false
    }

    /// The state to go back to, given the current one (kept for redo); nil when there is none.
    mutating func undo(from current: State) -> State? {
        guard let previous = undoStack.popLast() else { return nil }
        redoStack.append(current)
        breakCoalescing()
        return previous
    }

    /// The state an undo left, given the current one; nil when there is none.
    mutating func redo(from current: State) -> State? {
        guard let next = redoStack.popLast() else { return nil }
        undoStack.append(current)
        breakCoalescing()
        return next
    }

    /// Forgets everything (the app set the text).
    mutating func clear() {
        undoStack.removeAll()
        redoStack.removeAll()
        breakCoalescing()
    }
}
