/// An object in the responder chain: view → superview → window → application.
@MainActor
open class Responder {
    public init() {}

    /// The next responder up the chain.
    open var nextResponder: Responder? { nil }

    /// Whether this responder can take keyboard focus.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder is the key window's first responder.
    open var isFirstResponder: Bool { false }

    /// Handles a key event; returns false to pass it up the chain.
    open func keyDown(_ event: KeyEvent) -> Bool { false }

    /// Whether this responder can run an action now; the default asks the next responder.
    open func canPerformAction(_ action: Action, sender: Any?) -> Bool {
        nextResponder?.canPerformAction(action, sender: sender) ?? false
    }

    /// Runs an action; returns false to pass it up the chain.
    open func perform(_ action: Action, sender: Any?) -> Bool {
        nextResponder?.perform(action, sender: sender) ?? false
    }

    /// The first responder in the chain from here that can perform the action.
    public func target(for action: Action, sender: Any?) -> Responder? {
        var responder: Responder? = self
        while let r = responder {
            if r.canPerformAction(action, sender: sender) && r.handlesDirectly(action, sender: sender) { return r }
            responder = r.nextResponder
        }
        return nil
    }

    /// Whether this responder itself (not one after it) handles the action; overridden with `canPerformAction`.
    open func handlesDirectly(_ action: Action, sender: Any?) -> Bool { true }
}

/// A typed action identifier, the stand-in for Objective-C selectors.
public struct Action: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }

    public static let copy = Action("copy")
    public static let cut = Action("cut")
    public static let paste = Action("paste")
    public static let selectAll = Action("selectAll")
    public static let delete = Action("delete")
}
