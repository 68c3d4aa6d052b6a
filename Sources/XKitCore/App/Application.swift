/// The app: its platform, its windows, the shared menu and the end of the process, like UIApplication.
///
/// XKit's `Application.start()` creates one on the X11 platform and makes it `current`; tests
/// create their own on the headless platform with `Application(platform:)`, which touches no
/// process-wide state.
@MainActor
open class Application: Responder {
    /// The app started with `Application.start()`, like `UIApplication.shared`.
    ///
    /// Static because, as `UIApplication.shared`, it is what code outside any window (a menu item's
    /// handler, `Pasteboard.general`) starts from. It is the toolkit's one process-wide registry, set
    /// once by the platform's start-up; the toolkit itself reaches services through windows and only
    /// falls back to it for views that are not in a window yet (measuring a label before adding it).
    public internal(set) static var current: Application?

    /// The backend: surfaces, pasteboards, timers, text, settings, cursors, accessibility.
    public let platform: Platform
    /// The instance name (WM_CLASS's first part; the program name by default).
    public let name: String
    /// The class name (WM_CLASS's second part).
    public var className = "XKit"
    /// Whether the process ends when its last normal window closes (default true).
    public var terminatesAfterLastWindowClosed = true
    /// Open windows, in creation order.
    public private(set) var windows: [Window] = []
    /// The popup menu shared by the app's views; its `menuItems` are the app-wide default items.
    ///
    ///     app.menuController.menuItems = [MenuItem(title: "Share…") { context in share(context.target) }]
    public private(set) lazy var menuController = MenuController(application: self)
    /// The clock that moves every animation of the app, ticking only while something animates.
    public private(set) lazy var frameClock = FrameClock(application: self)
    /// Images loaded by name (`ImageView(named:)`), decoded on first use by the platform's decoder.
    public private(set) lazy var images = ImageCache { [unowned self] in self.platform.imageDecoder }
    /// Makes every plain label copyable; labels that belong to a control (a button title, a menu
    /// item, a tag chip) are never affected, and their clicks keep going to the control.
    ///
    ///     app.copyableLabelsByDefault = true
    public var copyableLabelsByDefault = false {
        didSet {
            guard copyableLabelsByDefault != oldValue else { return }
            for window in windows {
                window.contentView.forEachDescendant { $0.applicationDefaultsDidChange() }
            }
        }
    }

    /// The desktop's appearance (light or dark, contrast) and the interface's layout direction,
    /// which windows follow unless they override them.
    public private(set) var desktopTraitCollection = TraitCollection()

    /// Which way the app's interface reads, like UIApplication's: right to left under an Arabic,
    /// Hebrew, Persian or Urdu locale, or when `XKIT_LAYOUT_DIRECTION=rtl` forces it.
    ///
    /// Rows of controls (tab bars, segmented controls, navigation bars, sliders, switches) put
    /// their leading end on the right then; a view's `semanticContentAttribute` can force either way.
    public var userInterfaceLayoutDirection: UserInterfaceLayoutDirection { desktopTraitCollection.layoutDirection }

    /// The platform read a new desktop appearance: every window that follows it redraws in it.
    @_spi(Platform) public func desktopTraitCollectionDidChange(_ traits: TraitCollection) {
        guard traits != desktopTraitCollection else { return }
        let before = desktopTraitCollection
        desktopTraitCollection = traits
        for window in windows { window.contentView.forgetAncestry() }
        Trace.emit("appearance.changed", [("appearance", .string(traits.description)),
                                          ("layoutDirection", .string(traits.layoutDirection.traceName))])
        for window in windows { window.traitsDidChange(from: before.overriding(window.overrideUserInterfaceStyle)) }
        platform.setNeedsDisplayPass()
    }

    private var terminationHandlers: [(@escaping () -> Void) -> Void] = []
    private var isTerminating = false

    /// An application on `platform`; `name` defaults to "xkit".
    public init(platform: Platform, name: String = "xkit") {
        self.platform = platform
        self.name = name
        super.init()
    }

    /// Makes this the app that `current` returns; the platform's start-up calls it.
    @_spi(Platform) public func makeCurrent() { Application.current = self }

    /// Device pixels per logical point.
    public var scale: Double { platform.scale }
    /// The screen size in logical points.
    public var screenSize: Size { platform.screenBounds.size }

    /// Runs the event loop forever; the app ends through `quit()` or its last window closing.
    ///
    ///     app.run()
    public func run() -> Never { platform.run() }

    /// Runs `body` on the main actor after `seconds`, then redraws what it changed.
    @discardableResult
    public func schedule(after seconds: Double, _ body: @escaping @MainActor () -> Void) -> Cancellable {
        platform.schedule(after: seconds) { [weak self] in
            body()
            self?.platform.setNeedsDisplayPass()
        }
    }

    /// Registers work to finish before the process exits (e.g. handing the clipboard to a manager).
    ///
    /// The handler gets a completion to call when done; `quit()` waits for all of them.
    public func addTerminationHandler(_ handler: @escaping (@escaping () -> Void) -> Void) {
        terminationHandlers.append(handler)
    }

    /// Ends the process after the termination handlers finish.
    public func quit(status: Int32 = 0) {
        guard !isTerminating else { return }
        isTerminating = true
        Trace.emit("app.quit")
        var pending = terminationHandlers.count
        guard pending > 0 else { return platform.exit(status: status) }
        for handler in terminationHandlers {
            handler { [weak self] in
                pending -= 1
                if pending == 0 { self?.platform.exit(status: status) }
            }
        }
        platform.setNeedsDisplayPass()
    }

    /// Lays out and draws every dirty window; the platform calls it once per pass.
    @_spi(Platform) public func displayPass() {
        // Whatever hid, removed or showed a spinner asked for this pass: its clock follows.
        if hasContinuousMotions { frameClock.reviewContinuousMotions() }
        for window in windows { window.displayIfNeeded() }
    }

    /// Whether the frame clock has continuous motions (kept here so an app without any never makes a clock).
    var hasContinuousMotions = false

    func windowDidOpen(_ window: Window) {
        windows.append(window)
    }

    func windowDidClose(_ window: Window) {
        windows.removeAll { $0 === window }
        if hasContinuousMotions { frameClock.reviewContinuousMotions() }
        if terminatesAfterLastWindowClosed && window.kind.role == .normal && !windows.contains(where: { $0.kind.role == .normal }) {
            quit()
        }
    }
}
