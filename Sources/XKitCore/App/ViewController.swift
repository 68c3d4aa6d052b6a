/// Manages one view and its life on screen, like UIViewController.
///
///     final class ProfileController: ViewController {
///         override func viewDidLoad() {
///             super.viewDidLoad()
///             view.addSubview(Label(text: "Hello"))
///         }
///     }
///     window.rootViewController = ProfileController()
///
/// The view is created on first use (`loadView`, then `viewDidLoad`). While it is in a shown
/// window the controller hears `viewWillAppear`/`viewDidAppear` and, when it leaves or the window
/// hides or closes, `viewWillDisappear`/`viewDidDisappear`; a parent tells these to its children
/// first-parent-then-child. The controller sits in the responder chain between its view and the
/// view's superview (or the window), so it can answer key commands and actions for its whole view.
@MainActor
open class ViewController: Responder {
    /// Where the controller is in appearing and disappearing.
    enum AppearanceState { case disappeared, appearing, appeared, disappearing }

    private var loadedView: View?
    /// What the controller shows in a navigation bar, made on first use (`navigationItem`).
    var storedNavigationItem: NavigationItem?
    /// What the controller shows in a tab bar, made on first use (`tabBarItem`).
    var storedTabBarItem: TabBarItem?
    var appearanceState = AppearanceState.disappeared

    /// The child whose screen a container shows (a tab bar controller's selected one), which keys
    /// pressed with nothing focused reach before the container; nil for controllers that show no child.
    var shownChild: ViewController? { nil }

    /// The controller's child controllers, in the order added.
    public private(set) var children: [ViewController] = []
    /// The controller this one is a child of.
    public private(set) weak var parent: ViewController?

    /// A title for containers and the window (`window.title` follows the root controller's title).
    open var title: String? {
        didSet { if let title, let window = viewIfLoaded?.window, window.rootViewController === self { window.title = title } }
    }

    /// A controller whose view is created on first use of `view`.
    public override init() { super.init() }

    // MARK: The view

    /// The controller's view, loaded on first access (`loadView`, then `viewDidLoad`).
    ///
    /// Setting it replaces the view without calling `viewDidLoad` again.
    public var view: View {
        get {
            if let loadedView { return loadedView }
            loadView()
            let view = loadedView ?? makeDefaultView()
            if loadedView == nil { install(view) }
            viewDidLoad()
            return view
        }
        set { install(newValue) }
    }

    /// The view if it has been loaded, without loading it.
    public var viewIfLoaded: View? { loadedView }

    /// Whether the view has been loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view now if it is not loaded yet.
    public func loadViewIfNeeded() { _ = view }

    /// Creates the view; override it to build your own and assign it to `view` (don't call super then).
    ///
    /// The default makes a plain `View` filled with the window background colour.
    open func loadView() { install(makeDefaultView()) }

    /// Called once after the view was loaded: build the view's contents here.
    open func viewDidLoad() {}

    private func makeDefaultView() -> View {
        let view = View()
        view.backgroundColor = .windowBackground
        return view
    }

    private func install(_ view: View) {
        if let old = loadedView, old !== view { old.viewController = nil }
        view.viewController?.loadedView = nil
        view.viewController = self
        loadedView = view
    }

    // MARK: Appearance

    /// Called before the view appears on screen (its window is shown or it joins a shown window).
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the frame showing the view was drawn.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view leaves the screen (its window hides or closes, or it is removed).
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view left the screen.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Whether the view is on screen or on its way there.
    public var isVisible: Bool { appearanceState == .appeared || appearanceState == .appearing }

    /// Starts appearing or disappearing: calls `viewWillAppear` or `viewWillDisappear`, then tells the children.
    ///
    /// Containers that move views in and out themselves call it; a call that changes nothing is ignored.
    public func beginAppearanceTransition(_ isAppearing: Bool) {
        if isAppearing {
            guard appearanceState == .disappeared || appearanceState == .disappearing else { return }
            appearanceState = .appearing
            viewWillAppear(false)
        } else {
            guard appearanceState == .appeared || appearanceState == .appearing else { return }
            appearanceState = .disappearing
            viewWillDisappear(false)
        }
        for child in childrenShownInView { child.beginAppearanceTransition(isAppearing) }
    }

    /// Finishes the transition begun last: calls `viewDidAppear` or `viewDidDisappear`, then tells the children.
    public func endAppearanceTransition() {
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(false)
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(false)
        case .appeared, .disappeared:
            return
        }
        for child in childrenShownInView { child.endAppearanceTransition() }
    }

    /// Children whose views are inside this controller's view: they appear and disappear with it.
    private var childrenShownInView: [ViewController] {
        guard let view = loadedView else { return [] }
        return children.filter { $0.loadedView?.isDescendant(of: view) ?? false }
    }

    // MARK: Layout

    /// Called before the view's `layoutSubviews`.
    open func viewWillLayoutSubviews() {}
    /// Called after the view's `layoutSubviews`, before its subviews lay out.
    open func viewDidLayoutSubviews() {}

    /// The traits of the controller's view changed (light or dark, contrast).
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    /// The size the view would like within `size` (its `sizeThatFits`); containers use it.
    open var preferredContentSize: Size { view.sizeThatFits(Size(width: .infinity, height: .infinity)) }

    // MARK: Children

    /// Adds a child controller, calling its `willMove(toParent:)`; add its view, then call its `didMove(toParent:)`.
    ///
    ///     addChild(list)
    ///     view.addSubview(list.view)
    ///     list.didMove(toParent: self)
    open func addChild(_ child: ViewController) {
        guard child !== self, child.parent !== self else { return }
        child.removeFromParentSilently()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes the controller from its parent and calls `didMove(toParent: nil)`; call
    /// `willMove(toParent: nil)` and remove its view first.
    ///
    ///     list.willMove(toParent: nil)
    ///     list.view.removeFromSuperview()
    ///     list.removeFromParent()
    open func removeFromParent() {
        guard parent != nil else { return }
        removeFromParentSilently()
        didMove(toParent: nil)
    }

    private func removeFromParentSilently() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    /// Called before the controller is added to a parent (`addChild` calls it) or removed (you call it).
    open func willMove(toParent parent: ViewController?) {}
    /// Called after the controller was added to a parent (you call it) or removed (`removeFromParent` calls it).
    open func didMove(toParent parent: ViewController?) {}

    // MARK: Responder chain

    /// The view's superview, or the window when the view is a window's content.
    open override var nextResponder: Responder? {
        guard let view = loadedView else { return parent }
        return view.superview ?? view.window ?? parent
    }
}
