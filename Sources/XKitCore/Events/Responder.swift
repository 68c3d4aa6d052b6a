/// An object in the responder chain: view → superview → window → application.
@MainActor
open class Responder {
    /// Creates a responder with no next responder; subclasses link it into the chain.
    public init() {}

    /// The next responder up the chain.
    open var nextResponder: Responder? { nil }

    /// Whether this responder can take keyboard focus.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder is the key window's first responder.
    open var isFirstResponder: Bool { false }

    /// Handles a key event; returns false to pass it up the chain.
    open func keyDown(_ event: KeyEvent) -> Bool { false }

    /// Whether this responder itself can run an action now (the chain is walked by `target(for:sender:)`).
    open func canPerformAction(_ action: Action, sender: Any?) -> Bool { false }

    /// Runs an action this responder can perform; returns whether it did.
    ///
    /// `event` is the input that triggered it (a menu click, a key), as UIKit passes a UIEvent;
    /// copying hands it to the pasteboard so the selection is owned from that moment.
    open func perform(_ action: Action, sender: Any?, event: InputEvent?) -> Bool { false }

    /// The first responder in the chain from here that can perform the action.
    public func target(for action: Action, sender: Any?) -> Responder? {
        var responder: Responder? = self
        while let r = responder {
            if r.canPerformAction(action, sender: sender) { return r }
            responder = r.nextResponder
        }
        return nil
    }

    /// Performs the action on the first responder in the chain that can; returns whether one did.
    @discardableResult
    public func sendAction(_ action: Action, sender: Any?, event: InputEvent? = nil) -> Bool {
        target(for: action, sender: sender)?.perform(action, sender: sender, event: event) ?? false
    }
}

/// A typed action identifier, the stand-in for Objective-C selectors.
public struct Action: Hashable, Sendable, CustomStringConvertible {
    /// The action's name, unique per action.
    public let name: String
    /// An action with a name; apps define their own like `Action("share")`.
    public init(_ name: String) { self.name = name }
    public var description: String { name }

    /// Copy the selection or content to the CLIPBOARD.
    public static let copy = Action("copy")
    /// Copy, then remove the selection.
    public static let cut = Action("cut")
    /// Insert the CLIPBOARD's text.
    public static let paste = Action("paste")
    /// Select all the content.
    public static let selectAll = Action("selectAll")
    /// Remove the selection.
    public static let delete = Action("delete")
    /// Go back one edit.
    public static let undo = Action("undo")
    /// Go forward one undone edit.
    public static let redo = Action("redo")
}
