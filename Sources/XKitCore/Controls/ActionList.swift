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

    /// Runs every handler registered for any of `events`, in order; returns how many ran.
    @discardableResult
    mutating func send(_ events: ControlEvents, sender: Sender) -> Int {
        let matching = entries.filter { !$0.events.isDisjoint(with: events) }
        var dropped: [ActionToken] = []
        var ran = 0
        for entry in matching {
            if entry.handler(sender) { ran += 1 } else { dropped.append(entry.token) }
        }
        if !dropped.isEmpty { entries.removeAll { dropped.contains($0.token) } }
        return ran
    }

    /// How many handlers are registered for any of the events.
    func count(for events: ControlEvents) -> Int {
        entries.filter { !$0.events.isDisjoint(with: events) }.count
    }
}
