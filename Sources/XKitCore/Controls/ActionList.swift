/// Handlers per event, kept in the order they were added; owned by the control, so they live exactly as long as it.
@MainActor
struct ActionList<Sender: AnyObject> {
    private struct Entry {
        let token: ActionToken
        let events: ControlEvents
        let handler: (Sender) -> Bool
    }
    private var entries: [Entry] = []
    /// Tokens are unique per control, which is all `removeAction` needs.
    private var lastID = 0

    /// Adds a handler; it returns false when it wants to be dropped (its weak owner is gone).
    mutating func add(_ events: ControlEvents, _ handler: @escaping (Sender) -> Bool) -> ActionToken {
        lastID += 1
        let token = ActionToken(id: lastID)
        entries.append(Entry(token: token, events: events, handler: handler))
        return token
    }

    mutating func remove(_ token: ActionToken) {
        entries.removeAll { $0.token == token }
    }

    /// Runs every handler registered for any of `events`, in order; returns how many ran and
    /// the tokens of handlers that asked to be dropped.
    ///
    /// It does not mutate, so the owner calls it on a copy: a handler may then add, remove or
    /// send actions on the same control (a switch sends `.valueChanged` from its click handler)
    /// without overlapping access to the stored list.
    func run(_ events: ControlEvents, sender: Sender) -> (ran: Int, dropped: [ActionToken]) {
        var dropped: [ActionToken] = []
        var ran = 0
        for entry in entries where !entry.events.isDisjoint(with: events) {
            if entry.handler(sender) { ran += 1 } else { dropped.append(entry.token) }
        }
        return (ran, dropped)
    }

    /// Runs the handlers (see `run`) and drops those that asked; returns how many ran.
    @discardableResult
    mutating func send(_ events: ControlEvents, sender: Sender) -> Int {
        let result = run(events, sender: sender)
        if !result.dropped.isEmpty { entries.removeAll { result.dropped.contains($0.token) } }
        return result.ran
    }

    /// How many handlers are registered for any of the events.
    func count(for events: ControlEvents) -> Int {
        entries.filter { !$0.events.isDisjoint(with: events) }.count
    }
}
