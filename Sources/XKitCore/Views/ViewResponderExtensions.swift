/// Identifies a handler added with `addActionHandler` or `addKeyCommand`, for removal.
public struct ResponderHandlerToken: Hashable, Sendable {
    let id: Int
}

/// A key with modifiers that a view answers while it (or a descendant) is first responder.
///
///     KeyCommand(.character("s"), modifiers: .control)
public struct KeyCommand: Hashable, Sendable {
/// The key that triggers the command; a character matches in either case.
    public var key: Key
/// The modifiers that must be held with it, exactly (Shift is ignored for characters).
    public var modifiers: Modifiers
    /// Creates a command for `key` pressed with exactly `modifiers`.
    public init(_ key: Key, modifiers: Modifiers = []) { self.key = key; self.modifiers = modifiers }

    /// Whether the event is this command (Shift is ignored for printable characters).
    public func matches(_ event: KeyEvent) -> Bool {
        let relevant: Modifiers = [.shift, .control, .alt, .super]
        if case .character(let c) = key, case .character(let e) = event.key {
            let mods = event.modifiers.intersection(relevant).subtracting(.shift)
            return c.lowercased() == e.lowercased() && mods == modifiers.subtracting(.shift)
        }
        return event.key == key && event.modifiers.intersection(relevant) == modifiers
    }
}

/// Responder behaviour that extensions add to a view without subclassing: actions, key commands, focus.
@MainActor
struct ResponderExtensions {
    struct ActionEntry {
        let token: ResponderHandlerToken
        let action: Action
        let canPerform: () -> Bool
        let perform: (_ sender: Any?, _ event: InputEvent?) -> Void
    }
    struct KeyEntry {
        let token: ResponderHandlerToken
        let command: KeyCommand
        let handler: (KeyEvent) -> Bool
    }
    var actions: [ActionEntry] = []
    var keys: [KeyEntry] = []
    /// Tokens are unique per view, which is all `removeResponderHandler` needs.
    private var lastTokenID = 0
    mutating func nextToken() -> ResponderHandlerToken {
        lastTokenID += 1
        return ResponderHandlerToken(id: lastTokenID)
    }
}

extension View {
    /// Lets the view answer a standard or custom action (e.g. `.copy`) when `canPerform` says so.
    ///
    /// Extensions use it to add responder behaviour without subclassing; the menu controller and
    /// key shortcuts then find the view through the responder chain. `perform` gets the sender and
    /// the input event that triggered the action.
    ///
    ///     label.addActionHandler(.copy) { sender, event in label.copyToClipboard(event: event) }
    @discardableResult
    public func addActionHandler(_ action: Action, canPerform: @escaping () -> Bool = { true },
                                 perform: @escaping (_ sender: Any?, _ event: InputEvent?) -> Void) -> ResponderHandlerToken {
        let token = responderExtensions.nextToken()
        responderExtensions.actions.append(.init(token: token, action: action, canPerform: canPerform, perform: perform))
        return token
    }

    /// Runs `handler` for a key while this view is first responder (or an ancestor of it);
    /// the handler returns false to let the key go on up the chain.
    ///
    ///     view.addKeyCommand(KeyCommand(.character("s"), modifiers: .control)) { _ in save(); return true }
    @discardableResult
    public func addKeyCommand(_ command: KeyCommand, _ handler: @escaping (KeyEvent) -> Bool) -> ResponderHandlerToken {
        let token = responderExtensions.nextToken()
        responderExtensions.keys.append(.init(token: token, command: command, handler: handler))
        return token
    }

    /// Removes an action handler or key command.
    public func removeResponderHandler(_ token: ResponderHandlerToken) {
        responderExtensions.actions.removeAll { $0.token == token }
        responderExtensions.keys.removeAll { $0.token == token }
    }

    /// Whether an added handler can perform the action now.
    func extensionCanPerform(_ action: Action) -> Bool {
        // Copied out first: `canPerform` is the app's closure and may add or remove handlers on this view.
        let actions = responderExtensions.actions
        return actions.contains { $0.action == action && $0.canPerform() }
    }

    /// Runs the first added handler that can perform the action.
    func extensionPerform(_ action: Action, sender: Any?, event: InputEvent?) -> Bool {
        let actions = responderExtensions.actions
        guard let entry = actions.first(where: { $0.action == action && $0.canPerform() }) else {
            return false
        }
        entry.perform(sender, event)
        return true
    }

    /// Runs a matching key command.
    func extensionHandleKey(_ event: KeyEvent) -> Bool {
        let keys = responderExtensions.keys
        for entry in keys where entry.command.matches(event) {
            if entry.handler(event) { return true }
        }
        return false
    }
}
