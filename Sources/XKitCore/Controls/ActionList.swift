/// Handlers per event, kept in the order they were added; owned by the control, so they live exactly as long as it.
@MainActor
struct ActionList<Sender: AnyObject> {
    private struct Entry {
        let token: ActionToken
        let events: ControlEvents
        let handler: (Sender) -> Bool
    }
    private var entries: [Entry] = []
    private static var nextID: Int { ActionTokenCounter.next() }

    /// Adds a handler; it returns false when it wants to be dropped (its weak owner is gone).
    mutating func add(_ events: ControlEvents, _ handler: @escaping (Sender) -> Bool) -> ActionToken {
        let token = ActionToken(id: ActionList.nextID)
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

/// Token ids unique across all controls.
@MainActor
enum ActionTokenCounter {
    private static var counter = 0
    static func next() -> Int {
        counter += 1
        return counter
    }
}
