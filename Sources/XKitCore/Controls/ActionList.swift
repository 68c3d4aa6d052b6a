/// Handlers per event, kept in the order they were added; owned by the control, so they live exactly as long as it.
///
/// A reference type on purpose: handlers run while the list is being sent, and a handler may add,
/// remove or send actions on the same control. A `mutating` send on a stored struct would hold
/// exclusive access to the control's property for the whole dispatch, and Swift's exclusivity check
/// traps (in release builds too) when a handler touches it. Semantics follow UIKit: a handler removed
/// during a dispatch does not run later in that dispatch; one added during it runs from the next one.
@MainActor
final class ActionList<Sender: AnyObject> {
    private struct Entry {
        let token: ActionToken
        let events: ControlEvents
        let handler: (Sender) -> Bool
    }
    private var entries: [Entry] = []
    /// Tokens are unique per control, which is all `removeAction` needs.
    private var lastID = 0

    init() {}

    /// Adds a handler; it returns false when it wants to be dropped (its weak owner is gone).
    func add(_ events: ControlEvents, _ handler: @escaping (Sender) -> Bool) -> ActionToken {
        lastID += 1
        let token = ActionToken(id: lastID)
        entries.append(Entry(token: token, events: events, handler: handler))
        return token
    }

    func remove(_ token: ActionToken) {
        entries.removeAll { $0.token == token }
    }

    /// Runs every handler registered for any of `events`, in order; returns how many ran.
    ///
    /// The handlers are those registered when the send starts, less any removed while it runs.
    @discardableResult
    func send(_ events: ControlEvents, sender: Sender) -> Int {
        let matching = entries.filter { !$0.events.isDisjoint(with: events) }
        var ran = 0
        for entry in matching where contains(entry.token) {
            if entry.handler(sender) {
                ran += 1
            } else {
                remove(entry.token)
            }
        }
        return ran
    }

    /// How many handlers are registered for any of the events.
    func count(for events: ControlEvents) -> Int {
        entries.filter { !$0.events.isDisjoint(with: events) }.count
    }

    private func contains(_ token: ActionToken) -> Bool {
        entries.contains { $0.token == token }
    }
}
