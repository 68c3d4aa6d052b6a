/// Screens side by side behind a row of tabs, like UITabBarController.
///
///     let tabs = TabBarController()
///     tabs.viewControllers = [NavigationController(rootViewController: inbox), settings]
///     inbox.tabBarItem.badgeValue = "3"
///     window.rootViewController = tabs
///
/// The bar along the bottom shows each controller's `tabBarItem` (its title defaults to the
/// controller's `title`; a navigation controller with no item of its own shows its root screen's);
/// only the selected controller's view is in the window. A click on a tab,
/// Ctrl+Page Down / Ctrl+Page Up or Ctrl+Tab / Ctrl+Shift+Tab (next and previous, wrapping), and
/// Alt+1…9 choose a tab, as desktop tab views do. The window's title follows the selected screen.
@MainActor
open class TabBarController: ViewController {
    /// The bar of tabs.
    public let tabBar = TabBar()
    /// Asked before the user chooses a tab; false keeps the current one (setting `selectedIndex` does not ask).
    public var shouldSelect: ((ViewController) -> Bool)?
    /// Called after the user chose a tab.
    public var didSelect: ((ViewController) -> Void)?

    private var tabs: [ViewController] = []
    private var selected = 0

    /// A tab bar controller with no tabs yet.
    public override init() { super.init() }

    /// The controllers, one per tab; setting it replaces them (`setViewControllers`).
    public var viewControllers: [ViewController] {
        get { tabs }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The selected tab; an index out of range is ignored with a warning.
    public var selectedIndex: Int {
        get { tabs.isEmpty ? -1 : selected }
        set {
            guard tabs.indices.contains(newValue) else {
                Trace.warn("tabBarController.selectedIndex: \(newValue) is out of range (\(tabs.count) tabs); ignored")
                return
            }
            select(newValue)
        }
    }

    /// The selected tab's controller; setting one that is not a tab is ignored with a warning.
    public var selectedViewController: ViewController? {
        get { tabs.indices.contains(selected) ? tabs[selected] : nil }
        set {
            guard let newValue, let index = tabs.firstIndex(where: { $0 === newValue }) else {
                Trace.warn("tabBarController.selectedViewController: not one of its tabs; ignored")
                return
            }
            select(index)
        }
    }

    /// Replaces the tabs, keeping the selected controller selected when it stays; a list naming a
    /// controller twice, or one already in another container, is ignored with a warning.
    open func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        guard Set(controllers.map(ObjectIdentifier.init)).count == controllers.count,
              controllers.allSatisfy({ $0.parent == nil || $0.parent === self }) else {
            Trace.warn("setViewControllers: each tab must be a different controller in no other container; ignored")
            return
        }
        let shown = selectedViewController
        for old in tabs where !controllers.contains(where: { $0 === old }) {
            old.willMove(toParent: nil)
            if old === shown { old.viewIfLoaded?.removeFromSuperview() }
            old.removeFromParent()
        }
        for controller in controllers where controller.parent !== self {
            addChild(controller)
            controller.didMove(toParent: self)
        }
        tabs = controllers
        for controller in controllers { Self.item(for: controller).onChange = { [weak self] in self?.updateBar() } }
        selected = shown.flatMap { s in controllers.firstIndex { $0 === s } } ?? 0
        if isViewLoaded { showSelected(replacing: shown) }
        updateBar()
    }

    private func select(_ index: Int) {
        guard index != selected else { return }
        let old = selectedViewController
        selected = index
        if isViewLoaded { showSelected(replacing: old) }
        updateBar()
        Trace.emit("tabs.selected", [("index", .int(index)), ("title", selectedViewController?.title.map { .string($0) } ?? .null)])
    }

    /// The user chose a tab: ask `shouldSelect`, switch, tell `didSelect`.
    func choose(_ index: Int) {
        guard tabs.indices.contains(index), index != selected, Self.item(for: tabs[index]).isEnabled else { return }
        let controller = tabs[index]
        if let shouldSelect, !shouldSelect(controller) { return }
        select(index)
        didSelect?(controller)
    }

    private var container: TabBarContainerView? { viewIfLoaded as? TabBarContainerView }

    private func showSelected(replacing old: ViewController?) {
        guard let container else { return }
        let new = selectedViewController
        if let old, old !== new, let oldView = old.viewIfLoaded, oldView.superview === container {
            // Focus inside the screen going away would take keys nowhere.
            let router = container.window?.eventRouter
            if let focused = router?.firstResponder as? View, focused.isDescendant(of: oldView) { router?.makeFirstResponder(nil) }
            oldView.removeFromSuperview()
        }
        guard let new else { return }
        let content = new.view
        if content.superview !== container {
            content.frame = container.contentFrame
            content.autoresizingMask = .fill
            container.insertSubview(content, at: 0)
        }
    }

    /// The item a tab shows: the controller's own, or for a navigation controller that has none
    /// its root screen's, as UIKit does.
    static func item(for controller: ViewController) -> TabBarItem {
        if controller.storedTabBarItem == nil, let root = (controller as? NavigationController)?.viewControllers.first {
            return root.tabBarItem
        }
        return controller.tabBarItem
    }

    private func updateBar() {
        let items = tabs.map(Self.item(for:))
        // A navigation controller's title is its top screen's; its tab keeps the root's.
        let titles = zip(tabs, items).map { tab, item in
            item.title ?? ((tab as? NavigationController)?.viewControllers.first ?? tab).title ?? ""
        }
        tabBar.show(items, titles: titles, selected: selected)
        container?.setNeedsLayout()
        updateWindowTitle()
    }

    open override func loadView() {
        tabBar.onChoose = { [weak self] index in self?.choose(index) }
        view = TabBarContainerView(bar: tabBar)
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        showSelected(replacing: nil)
        updateBar()
    }

    override var shownChild: ViewController? { selectedViewController }

    /// The window's title follows the selected screen's.
    open override var title: String? {
        get { selectedViewController?.title ?? super.title }
        set { super.title = newValue }
    }

    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.kind == .down, tabs.count > 1, let step = Self.step(for: event, count: tabs.count, from: selected) else {
            return super.keyDown(event)
        }
        choose(step)
        return true
    }

    /// The tab a key chooses, if it is a tab key: Ctrl+Page Down/Up and Ctrl+(Shift+)Tab move one
    /// (wrapping), Alt+1…9 pick by number.
    static func step(for event: KeyEvent, count: Int, from current: Int) -> Int? {
        switch (event.key, event.modifiers) {
        case (.pageDown, .control), (.tab, .control): return (current + 1) % count
        case (.pageUp, .control), (.tab, [.control, .shift]): return (current + count - 1) % count
        case (.character(let c), .alt):
            guard let n = c.wholeNumberValue, n >= 1, n <= min(9, count) else { return nil }
            return n - 1
        default: return nil
        }
    }
}

/// The tab bar controller's view: the selected screen above, the bar along the bottom.
@MainActor
final class TabBarContainerView: View {
    let bar: TabBar

    init(bar: TabBar) {
        self.bar = bar
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        backgroundColor = .windowBackground
        addSubview(bar)
    }

    /// Where the selected controller's view goes.
    var contentFrame: Rect {
        Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - bar.preferredHeight))
    }

    override func layoutSubviews() {
        let height = bar.preferredHeight
        bar.frame = Rect(x: 0, y: max(0, bounds.height - height), width: bounds.width, height: height)
        for sub in subviews where sub !== bar { sub.frame = contentFrame }
    }

    override var traceType: String { "TabBarController" }
}
