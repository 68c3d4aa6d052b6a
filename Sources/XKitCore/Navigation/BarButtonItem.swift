/// A button in a navigation bar, like UIBarButtonItem.
///
///     navigationItem.rightBarButtonItems = [BarButtonItem(title: "Edit") { _ in startEditing() }]
@MainActor
public final class BarButtonItem: Then {
    /// How the item is drawn, like UIBarButtonItem.Style.
    public enum Style: Sendable {
        /// A plain title in the tint colour.
        case plain
        /// The item that finishes a task, drawn bold.
        case done
    }

    /// The item's title.
    public var title: String? { didSet { onChange?() } }
    /// Plain or bold.
    public var style: Style { didSet { onChange?() } }
    /// Whether the item can be pressed.
    public var isEnabled = true { didSet { onChange?() } }
    /// The identifier the trace and accessibility tools find the item's button by.
    public var accessibilityIdentifier: String? { didSet { onChange?() } }
    /// What a press runs.
    public var primaryAction: ((BarButtonItem) -> Void)?
    /// The bar showing the item, told when the item changes.
    var onChange: (() -> Void)?

    /// An item with a title, a style and the closure a press runs.
    public init(title: String?, style: Style = .plain, handler: ((BarButtonItem) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.primaryAction = handler
    }
}

/// What a view controller shows in a navigation bar while it is on the stack, like UINavigationItem.
@MainActor
public final class NavigationItem {
    /// The bar's title while the controller is on top; nil uses the controller's `title`.
    public var title: String? { didSet { onChange?() } }
    /// The back button's title on the controller pushed after this one; nil uses the title.
    public var backButtonTitle: String? { didSet { onChange?() } }
    /// Whether the bar hides the back button while this controller is on top.
    public var hidesBackButton = false { didSet { onChange?() } }
    /// The items at the bar's trailing end, first one outermost, as in UIKit.
    public var rightBarButtonItems: [BarButtonItem] = [] { didSet { onChange?() } }
    /// The one item at the bar's trailing end (the first of `rightBarButtonItems`).
    public var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems.first }
        set { rightBarButtonItems = newValue.map { [$0] } ?? [] }
    }
    /// The bar showing the item, told when the item changes.
    var onChange: (() -> Void)?

    /// An item with an optional title.
    public init(title: String? = nil) { self.title = title }
}
