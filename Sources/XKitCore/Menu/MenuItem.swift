/// One entry of a popup menu: a title and either a responder action, a closure or a submenu;
/// or a separator line (`.separator`).
public struct MenuItem: Sendable {
    /// What a custom item's handler is told: the view the menu was opened for and the choosing input.
    @MainActor
    public struct Context {
        /// The view the menu belongs to (the label whose text "Share…" should share).
        public let target: View?
        /// The click or key that chose the item.
        public let event: InputEvent?
    }

/// The text the menu shows for the item (empty for a separator).
    public var title: String
    /// Sent through the target view's responder chain (standard items: `.copy`, …).
    public var action: Action?
    /// Run directly (custom items), with the menu's target.
    public var handler: (@MainActor @Sendable (Context) -> Void)?
    /// Whether the item can be chosen; the context menu shows a disabled item greyed, the callout hides it.
    public var isEnabled = true
    /// The items of the submenu this item opens (one level; the context menu only, the callout inlines them).
    public var submenu: [MenuItem]?
    /// Whether this is a separator line between groups (the context menu only).
    public private(set) var isSeparator = false

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

    /// An item that opens a submenu.
    ///
    ///     MenuItem(title: "Copy As", submenu: [MenuItem(title: "vCard") { … }])
    public init(title: String, submenu: [MenuItem]) {
        self.title = title
        self.submenu = submenu
    }

    /// A line between groups of items.
    public static var separator: MenuItem { MenuItem(separatorLine: ()) }

    private init(separatorLine: Void) {
        title = ""
        isSeparator = true
        isEnabled = false
    }

    /// A copy with `isEnabled` set.
    ///
    ///     MenuItem(title: "Report…") { _ in }.enabled(false)
    public func enabled(_ isEnabled: Bool) -> MenuItem {
        var copy = self
        copy.isEnabled = isEnabled
        return copy
    }

    /// Whether choosing the item does something (not a separator, a submenu or a disabled item).
    public var isChoosable: Bool { isEnabled && !isSeparator && submenu == nil }

    /// The standard items, offered when the target can perform them, in this order.
    public static let standard: [MenuItem] = [
        MenuItem(title: "Cut", action: .cut),
        MenuItem(title: "Copy", action: .copy),
        MenuItem(title: "Paste", action: .paste),
        MenuItem(title: "Select All", action: .selectAll),
        MenuItem(title: "Delete", action: .delete),
    ]

    /// The context menu's edit group, in desktop order (Undo and Redo first, Select All last, each
    /// after a separator).
    public static let standardContext: [MenuItem] = [
        MenuItem(title: "Undo", action: .undo),
        MenuItem(title: "Redo", action: .redo),
        .separator,
        MenuItem(title: "Cut", action: .cut),
        MenuItem(title: "Copy", action: .copy),
        MenuItem(title: "Paste", action: .paste),
        MenuItem(title: "Delete", action: .delete),
        .separator,
        MenuItem(title: "Select All", action: .selectAll),
    ]
}
