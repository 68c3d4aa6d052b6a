/// One entry of a popup menu: a title and either a responder action or a closure.
public struct MenuItem: Sendable {
    public var title: String
    /// Sent through the target view's responder chain (standard items: `.copy`, …).
    public var action: Action?
    /// Run directly (custom items).
    public var handler: (@MainActor @Sendable () -> Void)?

    /// An item that sends an action to the menu's target.
    public init(title: String, action: Action) {
        self.title = title
        self.action = action
    }

    /// An item that runs a closure.
    public init(title: String, handler: @escaping @MainActor @Sendable () -> Void) {
        self.title = title
        self.handler = handler
    }

    /// The standard items, offered when the target can perform them, in this order.
    public static let standard: [MenuItem] = [
        MenuItem(title: "Cut", action: .cut),
        MenuItem(title: "Copy", action: .copy),
        MenuItem(title: "Paste", action: .paste),
        MenuItem(title: "Select All", action: .selectAll),
        MenuItem(title: "Delete", action: .delete),
    ]
}

/// Shows a menu view in a popup over the screen; the X backend provides it.
@MainActor
public protocol MenuPresenter: AnyObject {
    /// The screen's bounds in root coordinates (logical points).
    var screenBounds: Rect { get }
    /// Shows `menu` in a popup at `frame` (root coordinates), grabbing the pointer and keyboard;
    /// `onShown` runs once it is on screen; `onDismissRequest` asks the controller to close it (a click
    /// outside, focus loss).
    func present(_ menu: MenuView, frame: Rect, from view: View, time: UInt32?,
                 onShown: @escaping () -> Void, onDismissRequest: @escaping () -> Void)
    /// Removes the popup.
    func dismiss(_ menu: MenuView)
}
