/// What a view controller shows as its tab in a tab bar, like UITabBarItem.
///
///     inbox.tabBarItem = TabBarItem(title: "Inbox", image: inboxIcon, tag: 0)
///     inbox.tabBarItem.badgeValue = "3"
@MainActor
public final class TabBarItem {
    /// The tab's title; nil uses the controller's `title`.
    public var title: String? { didSet { onChange?() } }
    /// An icon drawn above the title (tinted tabs keep the image's own colours).
    public var image: Image? { didSet { onChange?() } }
    /// A short text in a red badge at the tab's corner (an unread count); nil shows none.
    public var badgeValue: String? { didSet { onChange?() } }
    /// Whether the tab can be chosen.
    public var isEnabled = true { didSet { onChange?() } }
    /// A number the app identifies the tab by.
    public var tag: Int
    /// The identifier the trace and accessibility tools find the tab by.
    public var accessibilityIdentifier: String? { didSet { onChange?() } }
    /// The bar showing the item, told when the item changes.
    var onChange: (() -> Void)?

    /// An item with a title, an optional image and a tag.
    public init(title: String?, image: Image? = nil, tag: Int = 0) {
        self.title = title
        self.image = image
        self.tag = tag
    }
}

extension ViewController {
    /// What the controller shows as its tab while it is in a tab bar controller; made on first use.
    public var tabBarItem: TabBarItem {
        get {
            if let item = storedTabBarItem { return item }
            let item = TabBarItem(title: nil)
            storedTabBarItem = item
            return item
        }
        set { storedTabBarItem = newValue }
    }

    /// The nearest tab bar controller this controller is inside, if any.
    public var tabBarController: TabBarController? {
        var controller = parent
        while let c = controller {
            if let tabs = c as? TabBarController { return tabs }
            controller = c.parent
        }
        return nil
    }
}
