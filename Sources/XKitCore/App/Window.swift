/// A top-level window that shows a view tree, like UIWindow.
///
/// Handlers mark views dirty; after the platform has delivered all pending input, its display
/// pass lays out and draws each window once (`displayIfNeeded`), and the window's surface puts
/// the dirty part on screen. The surface is the platform's native window: an X window with a
/// back buffer in XKit, a recording canvas in the headless test platform.
@MainActor
open class Window: Responder {
    /// What the window is for, which decides how the platform and the window manager treat it.
    public typealias Kind = SurfaceKind

    /// The root of the window's view tree; it always fills the window.
    public let contentView: View
    /// Routes this window's events to its views.
    public let eventRouter: EventRouter
    /// The application the window belongs to; its platform provides the surface and services.
    public unowned let application: Application
    /// The window's title (`_NET_WM_NAME`, UTF-8).
    public var title: String {
        didSet {
            surface.setTitle(title)
            viewTreeDidChange()
        }
    }
    /// The window's size in logical points.
    public private(set) var size: Size
    /// Called after the window closed (from the window manager or `close()`).
    public var onClose: (() -> Void)?
    /// Called when the window loses keyboard focus.
    public var onFocusLost: (() -> Void)?
    /// Called when the platform dismissed a popup window (a press outside it, or its owner lost focus).
    public var onDismiss: (() -> Void)?
    /// What the window is for: a normal window, a dialog, a popup or a drag image.
    public let kind: Kind
    /// Whether the window is mapped and has drawn its first frame.
    public private(set) var hasDrawnFirstFrame = false
    /// Whether the surface is mapped (visible on screen).
    public private(set) var isMapped = false
    /// Whether the window has been closed.
    public private(set) var isClosed = false
    /// The controller whose view fills the window's content view.
    ///
    ///     window.rootViewController = ContactController()
    ///
    /// Its view appears (`viewWillAppear`, then `viewDidAppear` once drawn) when the window is shown
    /// and disappears when the window hides or closes; replacing it makes the old one disappear.
    public var rootViewController: ViewController? {
        didSet { if rootViewController !== oldValue { rootViewControllerDidChange(from: oldValue) } }
    }
    /// Whether `show()` was called and neither `hide()` nor `close()` since: views in it are appearing or on screen.
    public internal(set) var isShown = false
    /// Controllers that began appearing and hear `viewDidAppear` after the next drawn frame.
    var appearancesToFinish: [ViewController] = []
    /// The dialog presented over this window (which blocks its input) and the ones queued behind it.
    let presentationState = WindowPresentationState()
    /// Forces the window light or dark; `.unspecified` (the default) follows the desktop.
    public var overrideUserInterfaceStyle: UserInterfaceStyle = .unspecified {
        didSet {
            guard overrideUserInterfaceStyle != oldValue else { return }
            contentView.forgetAncestry()
            traitsDidChange(from: application.desktopTraitCollection.overriding(oldValue))
        }
    }
    /// The states the window manager reports for the window (fullscreen, maximized).
    public private(set) var windowState: WindowState = []
    private var requestedState: WindowState = []

    /// The platform's native window.
    @_spi(Platform) public let surface: WindowSurface
    /// What the surface reports to; held here because the surface holds it weakly.
    private lazy var surfaceEvents = WindowSurfaceEvents(window: self)
    private var dirtyRect: Rect?
    /// The subtree the surface shows at its alpha by compositing (a fading popup), and whether its
    /// alpha changed since the last frame.
    weak var compositedLayer: View?
    var compositedOpacityChanged = false
    private var layoutPending = true
    private var treeChanged = true
    var viewsTraceThrottle = ViewsTraceThrottle()
    private var firstFrameHandlers: [() -> Void] = []
    private var deadlineTimer: Cancellable?
    private var cursorShown: Cursor = .arrow
    /// The client showing the input method's composition, and the caret last told to the platform.
    weak var preeditClient: TextInputClient?
    var textInputCaretShown: Rect?

    /// Creates a window; call `show()` to map it.
    ///
    ///     let window = Window(title: "Hello", size: Size(width: 420, height: 160), app: app)
    public init(title: String, size: Size, origin: Point? = nil, kind: Kind = .normal, app: Application) {
        application = app
        self.title = title
        self.size = Window.sanitized(size)
        self.kind = kind
        contentView = View(frame: Rect(origin: .zero, size: self.size))
        contentView.backgroundColor = kind.bypassesWindowManager ? nil : .windowBackground
        eventRouter = EventRouter(root: contentView)
        surface = app.platform.makeSurface(SurfaceConfiguration(kind: kind, title: title, size: self.size, origin: origin))
        super.init()
        contentView.hostWindow = self
        eventRouter.windowResponder = self
        eventRouter.contextMenuRequest = { [unowned app] view, point, event in
            app.menuController.openContextMenu(from: view, at: point, event: event)
        }
        surface.attach(surfaceEvents)
        app.windowDidOpen(self)
    }

    /// The platform the window's application runs on.
    public var platform: Platform { application.platform }
    /// The hosted view tree's root: `contentView`.
    public var rootView: View { contentView }
    /// Device pixels per logical point.
    public var scale: Double { platform.scale }
    /// The measurer matching what this window draws.
    public var measurer: TextMeasurer { platform.textMeasurer }
    /// The window's top-left corner in screen coordinates.
    public var screenOrigin: Point { surface.screenOrigin }
    open override var nextResponder: Responder? { application }
    open override func keyDown(_ event: KeyEvent) -> Bool { offerUnfocusedKeyToRootViewController(event) }

    /// Maps the window; it draws on the next display pass.
    ///
    ///     window.show()
    public func show() {
        guard !isClosed else { return }
        if !isShown {
            isShown = true
            rootViewController?.viewDidJoin(self)
        }
        surface.show()
        platform.setNeedsDisplayPass()
    }

    /// Unmaps the window without closing it.
    public func hide() {
        guard !isClosed else { return }
        let leaving = rootViewController?.viewWillLeave(self) ?? false
        isShown = false
        surface.hide()
        isMapped = false
        if leaving { rootViewController?.endAppearanceTransition() }
        platform.setNeedsDisplayPass()
    }

    /// Whether the user may resize (and maximise) the window; false asks the window manager to keep
    /// its current size, following later `setFrame` calls. Alerts are not resizable.
    public var isResizable = true {
        didSet { if isResizable != oldValue { surface.setFixedSize(isResizable ? nil : size) } }
    }

    /// Moves and resizes the window (logical points, screen coordinates).
    public func setFrame(_ frame: Rect) {
        guard !isClosed else { return }
        let safe = Rect(origin: frame.origin, size: Window.sanitized(frame.size))
        surface.setFrame(safe)
        resize(to: safe.size)
        // A move alone dirties nothing; the pass still has to send the request.
        platform.setNeedsDisplayPass()
    }

    /// Whether the window covers the whole screen; setting it asks the window manager.
    ///
    ///     window.isFullscreen = true
    public var isFullscreen: Bool {
        get { windowState.contains(.fullscreen) }
        set { request(.fullscreen, newValue) }
    }

    /// Whether the window fills the work area; setting it asks the window manager.
    public var isMaximized: Bool {
        get { windowState.isSuperset(of: .maximized) }
        set { request(.maximized, newValue) }
    }

    private func request(_ states: WindowState, _ on: Bool) {
        guard !isClosed else { return }
        if on { requestedState.formUnion(states) } else { requestedState.subtract(states) }
        surface.requestState(requestedState)
    }

    /// Asks for the window to be raised and given keyboard focus (the window manager may refuse
    /// to steal focus from a newer action).
    public func activate() {
        guard !isClosed else { return }
        surface.activate()
    }

    /// Sets the icons a taskbar, pager or Alt+Tab shows; give several sizes. An empty list removes them.
    ///
    ///     window.setIcon([try IconImage(width: 32, height: 32, rgba: pixels)])
    public func setIcon(_ images: [IconImage]) {
        guard !isClosed else { return }
        surface.setIcon(images)
    }

    /// Marks the window as belonging to `owner` (kept above it, out of the taskbar); nil clears it.
    public func setTransient(for owner: Window?) {
        guard !isClosed else { return }
        surface.setTransient(for: owner?.surface)
    }

    /// Runs `body` once the first frame is on screen; at once if it already is.
    public func whenFirstFrameDrawn(_ body: @escaping () -> Void) {
        if hasDrawnFirstFrame { body() } else { firstFrameHandlers.append(body) }
    }

    /// Closes and destroys the window, as the window manager's close button does.
    public func close() {
        guard !isClosed else { return }
        tearDown()
        surface.destroy()
        finishClosing()
    }

    /// Lays out and draws the whole window, mapped or not, and returns its pixels.
    ///
    /// On X the back buffer is never larger than the screen, so a window bigger than the screen
    /// gives its top-left screen-sized part.
    public func snapshot() -> RGBImage? {
        layoutIfPending()
        let traits = traitCollection
        return surface.snapshot(size: size) { context, rect in
            traits.performAsCurrent { contentView.render(in: context, dirty: rect) }
        }
    }

    // MARK: Invalidation

    /// Adds a rect (window coordinates) to the area redrawn on the next display pass.
    public func setNeedsDisplay(in rect: Rect) {
        let rect = rect.clampedToLimits
        dirtyRect = dirtyRect.map { $0.union(rect) } ?? rect
        platform.setNeedsDisplayPass()
    }

    /// Asks for a layout pass before the next draw.
    public func setNeedsLayout() {
        layoutPending = true
        platform.setNeedsDisplayPass()
    }

    /// Notes a change that the next `views` trace event and the accessibility bridge must see.
    public func viewTreeDidChange() {
        treeChanged = true
        platform.setNeedsDisplayPass()
    }

    // MARK: Display pass

    /// Lays out and draws what changed; the platform calls it once per pass for every window.
    @_spi(Platform) public func displayIfNeeded() {
        guard !isClosed else { return }
        let laidOut = layoutIfPending()
        guard isMapped else { return }
        defer { finishAppearances() }
        let drewFrame = presentDirtyRect()
        // After the frame: telling the input method where the caret is costs a caret-rect walk (and
        // with an input-method server, an XIM round trip), and the typed key's pixels need neither.
        // A caret moves only with a layout or a redraw (a text edit, a scroll, a focus change), so
        // a pass that did neither (a key's release, a pointer motion) leaves it be.
        if drewFrame || laidOut { updateTextInputCaret() }
        // After the frame is sent: with a big tree, the trace and the accessibility diff take
        // milliseconds, and what the user sees must not wait for them.
        if treeChanged {
            treeChanged = false
            if Trace.isEnabled { traceViewsIfDue() }
            if platform.accessibility.isActive { platform.accessibility.treeDidChange(in: self) }
        }
        if drewFrame && !hasDrawnFirstFrame {
            surface.synchronize()
            hasDrawnFirstFrame = true
            Trace.emit("window.mapped", [("title", .string(title)), ("xid", .int(Int(surface.nativeIdentifier))),
                                         ("ms", .int(Trace.millisecondsSinceProcessStart()))])
            let handlers = firstFrameHandlers
            firstFrameHandlers.removeAll()
            handlers.forEach { $0() }
        }
    }

    /// Draws the view tree clipped to a rect, with the window's traits current.
    func contentRenderer() -> (GraphicsContext, Rect) -> Void {
        let traits = traitCollection
        return { [contentView] context, rect in
            context.saveState()
            context.clip(to: rect)
            traits.performAsCurrent { contentView.render(in: context, dirty: rect) }
            context.restoreState()
        }
    }

    /// Takes the dirty part of the window, cut to it and to whole pixels; nil if nothing is dirty.
    func takeDirtyClip() -> Rect? {
        guard let dirty = dirtyRect else { return nil }
        dirtyRect = nil
        let clip = dirty.intersection(Rect(origin: .zero, size: size)).integral(scale: scale)
        return clip.isEmpty ? nil : clip
    }

    /// Draws the dirty part of the window and hands it to the surface; false if nothing was dirty.
    func presentDirtyRect() -> Bool {
        if let layer = compositedLayer { return presentComposited(layer) }
        guard let clip = takeDirtyClip() else { return false }
        surface.present(dirty: clip, size: size, draw: contentRenderer())
        return true
    }

    /// Lays the window's views out if asked to since the last pass; true if it did.
    @discardableResult
    private func layoutIfPending() -> Bool {
        guard layoutPending else { return false }
        layoutPending = false
        contentView.frame = Rect(origin: .zero, size: size)
        contentView.layoutIfNeeded()
        return true
    }

    private func resize(to newSize: Size) {
        let safe = Window.sanitized(newSize)
        guard safe != size else { return }
        size = safe
        layoutPending = true
        treeChanged = true
        setNeedsDisplay(in: Rect(origin: .zero, size: size))
    }

    /// A size an app asked for, made safe: NaN and values below 1 become 1, huge ones clamp
    /// (the platform then clamps to what its windows can be and reports the real size back).
    static func sanitized(_ size: Size) -> Size {
        let limited = size.clampedToLimits
        return Size(width: max(1, limited.width), height: max(1, limited.height))
    }

    // MARK: Closing

    private func tearDown() {
        Presentation.hostWillClose(self)
        let leaving = rootViewController?.viewWillLeave(self) ?? false
        isShown = false
        appearancesToFinish.removeAll()
        if leaving { rootViewController?.endAppearanceTransition() }
        isClosed = true
        Trace.emit("window.closed", [("title", .string(title)), ("xid", .int(Int(surface.nativeIdentifier)))])
        deadlineTimer?.cancel()
        eventRouter.cancelPointerCapture()
        contentView.hostWindow = nil
    }

    private func finishClosing() {
        if platform.accessibility.isActive { platform.accessibility.windowDidClose(self) }
        onClose?()
        application.windowDidClose(self)
    }

    // MARK: Gesture timing

    /// Recognizers report when they next need the clock (a long press at 0.5 s); arm one timer for it.
    func scheduleGestureDeadline() {
        deadlineTimer?.cancel()
        deadlineTimer = nil
        guard let deadline = eventRouter.nextDeadline else { return }
        let delay = max(0, deadline - platform.clock.now)
        deadlineTimer = platform.schedule(after: delay) { [weak self] in
            guard let self else { return }
            // A release already queued (stamped before the deadline by the server) must be judged
            // first: on a loaded machine the timer can fire after the user let go.
            self.platform.deliverPendingEvents()
            self.eventRouter.tick(now: self.platform.clock.now)
            self.scheduleGestureDeadline()
            self.platform.setNeedsDisplayPass()
        }
    }

    // MARK: Cursor

    /// Shows the cursor the view under the pointer (at `point`, window coordinates) asks for.
    func updateCursor(for view: View?, at point: Point) {
        let wanted = view?.effectiveCursor(atWindowPoint: point) ?? .arrow
        guard wanted != cursorShown else { return }
        cursorShown = wanted
        surface.setCursor(wanted)
    }

    // MARK: Surface events

    /// The surface was mapped: draw everything.
    func surfaceDidMap() {
        isMapped = true
        treeChanged = true
        setNeedsDisplay(in: Rect(origin: .zero, size: size))
    }

    /// The surface was unmapped.
    func surfaceDidUnmap() { isMapped = false }

    /// Part of the surface (window coordinates) must be drawn again.
    func surfaceDidExpose(_ rect: Rect) { setNeedsDisplay(in: rect) }

    /// The surface got a new size (from the window manager or the user).
    func surfaceDidResize(to size: Size) { resize(to: size) }

    /// The surface moved on screen: frames in screen coordinates changed.
    func surfaceDidMove() { viewTreeDidChange() }

    /// A pointer event in window coordinates.
    func surfaceDidReceive(_ event: PointerEvent) {
        if blocksInputForModalDialog(event) { return }
        eventRouter.handle(event)
        if event.kind == .moved || event.kind == .entered || event.kind == .up {
            updateCursor(for: eventRouter.hoveredView, at: event.location)
        }
        scheduleGestureDeadline()
    }

    /// A key event, already mapped through the layout and input method (repeats marked by the platform).
    func surfaceDidReceive(_ event: KeyEvent) {
        if blocksInputForModalDialog(event) { return }
        if event.kind == .down { eventRouter.handle(event) }
    }

    /// The surface lost keyboard focus.
    func surfaceDidLoseFocus() { onFocusLost?() }

    /// The platform dismissed the popup.
    func surfaceWasDismissed() { onDismiss?() }

    /// The window manager reported new states.
    func surfaceStateDidChange(_ state: WindowState) {
        guard state != windowState else { return }
        windowState = state
        let names: [(WindowState, String)] = [(.fullscreen, "fullscreen"), (.maximizedHorizontally, "maximizedHorizontally"),
                                              (.maximizedVertically, "maximizedVertically")]
        Trace.emit("window.state", [("title", .string(title)),
                                    ("states", .array(names.filter { state.contains($0.0) }.map { .string($0.1) }))])
    }

    /// The window manager asked the window to close.
    func surfaceCloseRequested() {
        if let presented = presentationState.record?.presented { return presented.closeButtonPressedInPresentation() }
        close()
    }

    /// The native window was destroyed from outside (e.g. xkill): free our side as `close()` would.
    func surfaceWasDestroyed() {
        guard !isClosed else { return }
        tearDown()
        finishClosing()
    }
}
