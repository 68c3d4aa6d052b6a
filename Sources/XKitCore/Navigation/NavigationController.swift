/// A stack of view controllers under a navigation bar, like UINavigationController.
///
///     let navigation = NavigationController(rootViewController: SettingsController())
///     window.rootViewController = navigation
///     navigation.pushViewController(AboutController(), animated: true)
///
/// The bar shows the top controller's title, a back button titled with the previous controller's
/// title and the top controller's `navigationItem.rightBarButtonItems`. The back button, Alt+Left
/// and the mouse's back button (X button 8) pop. An animated push slides the new screen in from
/// the right over the old one, a pop slides the top one out (`NavigationController+Slide`); with
/// motion off they switch at once.
@MainActor
open class NavigationController: ViewController {
    /// The bar across the top.
    public let navigationBar = NavigationBar()
    /// The stack, root first; setting it replaces the whole stack (`setViewControllers`).
    public var viewControllers: [ViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }
    private var stack: [ViewController] = []

    /// A navigation controller showing `rootViewController`.
    public init(rootViewController: ViewController) {
        super.init()
        setViewControllers([rootViewController], animated: false)
    }

    /// The controller on top of the stack.
    public var topViewController: ViewController? { stack.last }
    /// The controller on screen: the top one, or what it presented.
    public var visibleViewController: ViewController? { topViewController?.presentedViewController ?? topViewController }

    /// Pushes a controller on the stack and shows it; a controller already on a stack is ignored with a warning.
    open func pushViewController(_ viewController: ViewController, animated: Bool) {
        guard !stack.contains(where: { $0 === viewController }), viewController.parent == nil,
              !(viewController is NavigationController) else {
            Trace.warn("pushViewController: \(type(of: viewController)) is already in a container; ignored")
            return
        }
        replaceStack(with: stack + [viewController], operation: "push", animated: animated)
    }

    /// Pops the top controller and shows the one under it; returns the popped one (nil on the root).
    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        guard stack.count > 1, let top = stack.last else { return nil }
        replaceStack(with: Array(stack.dropLast()), operation: "pop", animated: animated)
        return top
    }

    /// Pops everything above the root; returns what was popped (nil when the root was on top).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        guard stack.count > 1 else { return nil }
        let popped = Array(stack.dropFirst())
        replaceStack(with: [stack[0]], operation: "pop", animated: animated)
        return popped
    }

    /// Pops everything above `viewController`; returns what was popped (nil when it is not on the stack).
    @discardableResult
    open func popToViewController(_ viewController: ViewController, animated: Bool) -> [ViewController]? {
        guard let index = stack.firstIndex(where: { $0 === viewController }) else {
            Trace.warn("popToViewController: \(type(of: viewController)) is not on the stack; ignored")
            return nil
        }
        guard index < stack.count - 1 else { return [] }
        let popped = Array(stack[(index + 1)...])
        replaceStack(with: Array(stack[...index]), operation: "pop", animated: animated)
        return popped
    }

    /// Replaces the stack; an empty list, or one naming a controller twice, is ignored with a warning.
    open func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        guard !controllers.isEmpty,
              Set(controllers.map(ObjectIdentifier.init)).count == controllers.count else {
            Trace.warn("setViewControllers: the stack must be non-empty with each controller once; ignored")
            return
        }
        replaceStack(with: controllers, operation: "set", animated: false)
    }

    private func replaceStack(with controllers: [ViewController], operation: String, animated: Bool) {
        let oldTop = stack.last
        let outgoing = animated && oldTop !== controllers.last ? oldTop?.viewIfLoaded : nil
        let slides = outgoing != nil && outgoing?.superview === container
            && container?.window?.application.frameClock.areAnimationsEnabled == true
        let leaving = stack.filter { old in !controllers.contains { $0 === old } }
        for controller in leaving where controller !== oldTop { controller.willMove(toParent: nil); controller.removeFromParent() }
        for controller in controllers where controller.parent !== self { addChild(controller) }
        stack = controllers
        let newTop = controllers.last
        if oldTop !== newTop, let oldTop {
            // A sliding screen stays until it is off; the slide's completion removes it.
            if !slides { oldTop.viewIfLoaded?.removeFromSuperview() }
            if leaving.contains(where: { $0 === oldTop }) { oldTop.willMove(toParent: nil); oldTop.removeFromParent() }
        }
        for controller in controllers { controller.navigationItem.onChange = { [weak self] in self?.updateBar() } }
        if isViewLoaded, let newTop, oldTop !== newTop { showTop(newTop) }
        if slides, let outgoing, let incoming = newTop?.viewIfLoaded, let container {
            slide(incoming, replacing: outgoing, forward: operation == "push", in: container)
        }
        updateBar()
        for controller in controllers where controller.parent === self { controller.didMove(toParent: self) }
        if oldTop !== newTop {
            Trace.emit("navigation." + operation, [("top", newTop?.title.map { .string($0) } ?? .null),
                                                   ("depth", .int(controllers.count))])
        }
    }

    var container: NavigationContainerView? { viewIfLoaded as? NavigationContainerView }

    private func showTop(_ top: ViewController) {
        guard let container else { return }
        let content = top.view
        content.frame = container.contentFrame
        content.autoresizingMask = .fill
        container.addSubview(content)
        // Focus left behind on the old screen would take keys nowhere.
        if let router = container.window?.eventRouter, router.firstResponder == nil || router.firstResponder?.window == nil {
            router.makeFirstResponder(nil)
        }
    }

    private func updateBar() {
        navigationBar.show(top: stack.last, back: stack.count > 1 ? stack[stack.count - 2] : nil)
        updateWindowTitle()
    }

    open override func loadView() {
        let container = NavigationContainerView(bar: navigationBar)
        container.onBackButton = { [weak self] in self?.popViewController(animated: true) != nil }
        navigationBar.onBack = { [weak self] in self?.popViewController(animated: true) }
        view = container
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        if let top = stack.last { showTop(top) }
        updateBar()
    }

    /// The window's title follows the top controller's.
    open override var title: String? {
        get { stack.last?.title ?? super.title }
        set { super.title = newValue }
    }

    open override func keyDown(_ event: KeyEvent) -> Bool {
        // Back points to the leading edge: Alt+Right in a right-to-left interface, as in browsers.
        let back: Key = viewIfLoaded?.laysOutRightToLeft == true ? .right : .left
        if event.key == back, event.modifiers == .alt {
            // Consumed even on the root, so Alt+Left never reaches a field as a plain Left.
            popViewController(animated: true)
            return true
        }
        return super.keyDown(event)
    }
}

/// The navigation controller's view: the bar on top, the top controller's view below it; the
/// mouse's back button anywhere in it goes back.
@MainActor
final class NavigationContainerView: View {
    let bar: NavigationBar
    var onBackButton: (() -> Bool)?
    /// Screens sliding out: layout leaves them where the slide puts them.
    var departing: Set<ObjectIdentifier> = []

    init(bar: NavigationBar) {
        self.bar = bar
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        backgroundColor = .windowBackground
        bar.frame = Rect(x: 0, y: 0, width: bounds.width, height: NavigationBar.height)
        bar.autoresizingMask = .flexibleWidth
        addSubview(bar)
    }

    /// Where the top controller's view goes.
    var contentFrame: Rect {
        Rect(x: 0, y: NavigationBar.height, width: bounds.width, height: max(0, bounds.height - NavigationBar.height))
    }

    override func layoutSubviews() {
        bar.frame = Rect(x: 0, y: 0, width: bounds.width, height: NavigationBar.height)
        for sub in subviews where sub !== bar && !departing.contains(ObjectIdentifier(sub)) { sub.frame = contentFrame }
    }

    override func pointerDown(_ event: PointerEvent) -> Bool {
        guard event.button == .back else { return super.pointerDown(event) }
        return onBackButton?() ?? false
    }

    override var traceType: String { "NavigationController" }
}
