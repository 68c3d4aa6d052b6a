/// One entry of a popup menu: a title and either a responder action or a closure.
public struct MenuItem: Sendable {
    /// What a custom item's handler is told: the view the menu was opened for and the choosing input.
    @MainActor
    public struct Context {
        /// The view the menu belongs to (the label whose text "Share…" should share).
        public let target: View?
        /// The click or key that chose the item.
        public let event: InputEvent?
    }

    public var title: String
    /// Sent through the target view's responder chain (standard items: `.copy`, …).
    public var action: Action?
    /// Run directly (custom items), with the menu's target.
    public var handler: (@MainActor @Sendable (Context) -> Void)?

    /// An item that sends an action to the menu's target.
    ///
    ///     MenuItem(title: "Copy", action: .copy)
    public init(title: String, action: Action) {
        self.title = title
        self.action = action
    }

    /// An item that runs a closure with the menu's target and the choosing event.
    ///
    ///     MenuItem(title: "Share…") { context in share((context.target as? Label)?.text) }
    public init(title: String, handler: @escaping @MainActor @Sendable (Context) -> Void) {
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
