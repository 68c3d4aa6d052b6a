import CX11
import Glibc
import XKitCore

/// A top-level X window that shows a view tree, double-buffered, like UIWindow.
///
/// Handlers mark views dirty; after all pending X events are read, the event loop lays out and
/// draws each window once into a back-buffer Pixmap and copies the dirty area to the screen.
@MainActor
open class Window: Responder, ViewHost, XEventHandler, DisplayPassClient {
    /// What the window is for, which decides how the window manager treats it.
    public enum Kind: Sendable { case normal, popupMenu }

    /// The root of the window's view tree; it always fills the window.
    public let contentView: View
    /// Routes this window's events to its views.
    public private(set) var eventRouter: EventRouter
    /// The window's title (`_NET_WM_NAME`, UTF-8).
    public var title: String { didSet { applyTitle() } }
    /// The window's size in logical points.
    public private(set) var size: Size
    /// The window's top-left corner in root-window coordinates.
    public private(set) var screenOrigin: Point
    /// Called after the window closed (from the window manager or `close()`).
    public var onClose: (() -> Void)?
    /// Called when the window loses keyboard focus (popups close on it).
    public var onFocusLost: (() -> Void)?
    /// Called for a button press outside the window while it holds a pointer grab (popups close on it).
    public var onPointerDownOutside: (() -> Void)?
    /// Whether this is a normal window or a popup menu.
    public let kind: Kind
    /// Whether the window is mapped and has drawn its first frame.
    public private(set) var hasDrawnFirstFrame = false
    /// Device pixels per logical point, from `Xft.dpi`.
    public var scale: Double { app.connection.scale }
    /// The Xft measurer, exact for what this window draws.
    public var measurer: TextMeasurer { app.fonts }

    let app: Application
    let xid: XID
    private var display: OpaquePointer { app.connection.display }
    private var backBuffer: Pixmap = 0
    private var bufferSize = (width: 0, height: 0)
    private var renderer: XftRenderer?
    private var copyGC: GC?
    private var inputContext: XIC?
    private var dirtyRect: Rect?
    private var layoutPending = true
    private var treeChanged = true
    private(set) var isMapped = false
    private(set) var isClosed = false
    /// Fullscreen and maximized states, asked for and reported (see Window+WindowManager.swift).
    var windowManagerState = WindowManagerState()
    private var firstFrameHandlers: [() -> Void] = []
    private var deadlineTimer: TimerToken?
    private var keysDown: Set<UInt32> = []
    /// Set when `ensureBackBuffer` has just drawn a new buffer in full.
    private var bufferIsFresh = false

    /// Creates a window; call `show()` to map it.
    public init(title: String, size: Size, origin: Point? = nil, kind: Kind = .normal, app: Application) {
        self.app = app
        self.title = title
        self.size = size
        self.kind = kind
        screenOrigin = origin ?? Point(x: 0, y: 0)
        contentView = View(frame: Rect(origin: .zero, size: size))
        contentView.backgroundColor = kind == .normal ? .windowBackground : nil
        eventRouter = EventRouter(root: contentView)
        let connection = app.connection
        let display = connection.display
        let screen = connection.screen
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = Pixmap(0)
        attributes.bit_gravity = NorthWestGravity
        attributes.override_redirect = kind == .popupMenu ? 1 : 0
        attributes.event_mask = Int(ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask | ButtonPressMask
            | ButtonReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask | FocusChangeMask | PropertyChangeMask)
        let mask = UInt(CWBackPixmap | CWBitGravity | CWOverrideRedirect | CWEventMask)
        let px = Int32((screenOrigin.x * connection.scale).rounded()), py = Int32((screenOrigin.y * connection.scale).rounded())
        xid = XCreateWindow(display, connection.root, px, py,
                            UInt32(max(1, (size.width * connection.scale).rounded())),
                            UInt32(max(1, (size.height * connection.scale).rounded())), 0,
                            XDefaultDepth(display, screen), UInt32(InputOutput), XDefaultVisual(display, screen), mask, &attributes)
        super.init()
        contentView.host = self
        eventRouter.windowResponder = self
        app.eventLoop.register(window: xid, handler: self)
        app.eventLoop.addDisplayClient(self)
        setProperties(explicitPosition: origin != nil)
        app.windowDidOpen(self)
        ViewHosts.register(self)
    }

    /// The hosted view tree's root: `contentView`.
    public var rootView: View { contentView }

    open override var nextResponder: Responder? { app }

    /// Maps the window; it draws on the next loop pass.
    public func show() {
        guard !isClosed else { return }
        XMapRaised(display, xid)
        app.eventLoop.scheduleDrain()
    }

    /// Unmaps the window without closing it.
    public func hide() {
        guard !isClosed else { return }
        XUnmapWindow(display, xid)
        isMapped = false
        app.eventLoop.scheduleDrain()
    }

    /// Moves and resizes the window (logical points, root coordinates).
    public func setFrame(_ frame: Rect) {
        guard !isClosed else { return }
        let s = scale
        XMoveResizeWindow(display, xid, Int32((frame.x * s).rounded()), Int32((frame.y * s).rounded()),
                          UInt32(max(1, (frame.width * s).rounded())), UInt32(max(1, (frame.height * s).rounded())))
        screenOrigin = frame.origin
        resize(to: frame.size)
    }

    /// Runs `body` once the first frame is on screen (XSync'd); at once if it already is.
    public func whenFirstFrameDrawn(_ body: @escaping () -> Void) {
        if hasDrawnFirstFrame { body() } else { firstFrameHandlers.append(body) }
    }

    /// Closes and destroys the window, as the window manager's close button does.
    public func close() {
        guard !isClosed else { return }
        releaseResources(destroyWindow: true)
    }

    private func releaseResources(destroyWindow: Bool) {
        isClosed = true
        Trace.emit("window.closed", [("title", .string(title)), ("xid", .int(Int(xid)))])
        deadlineTimer?.cancel()
        eventRouter.cancelPointerCapture()
        contentView.host = nil
        if let ic = inputContext { XDestroyIC(ic) }
        inputContext = nil
        renderer?.destroy()
        renderer = nil
        // The server frees a destroyed window's pixmap and GC only with the client; free them now.
        app.connection.trapErrors {
            if backBuffer != 0 { XFreePixmap(display, backBuffer) }
            if let gc = copyGC { XFreeGC(display, gc) }
            if destroyWindow { XDestroyWindow(display, xid) }
        }
        backBuffer = 0
        copyGC = nil
        app.eventLoop.unregister(window: xid)
        onClose?()
        app.windowDidClose(self)
    }

    /// Grabs the pointer and keyboard for a popup; returns whether the server granted it.
    ///
    /// `owner_events` is false so every click and key, even over our other windows, comes here:
    /// that is how a click outside the menu closes it.
    func grabInput(time: UInt32) -> Bool {
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask)
        let pointer = XGrabPointer(display, xid, 0, mask, GrabModeAsync, GrabModeAsync, XID(0), XID(0), Time(time))
        let keyboard = XGrabKeyboard(display, xid, 0, GrabModeAsync, GrabModeAsync, Time(time))
        return pointer == GrabSuccess && keyboard == GrabSuccess
    }

    /// Releases a popup's grabs.
    func ungrabInput(time: UInt32) {
        XUngrabPointer(display, Time(time))
        XUngrabKeyboard(display, Time(time))
        XFlush(display)
    }

    // MARK: ViewHost

    /// Adds a rect (window coordinates) to the area redrawn on the next loop pass.
    public func setNeedsDisplay(in rect: Rect) {
        dirtyRect = dirtyRect.map { $0.union(rect) } ?? rect
        app.eventLoop.scheduleDrain()
    }

    /// Asks for a layout pass before the next draw.
    public func setNeedsLayout() {
        layoutPending = true
        app.eventLoop.scheduleDrain()
    }

    /// Notes a change that the next `views` trace event must report.
    public func viewTreeDidChange() {
        treeChanged = true
        app.eventLoop.scheduleDrain()
    }

    // MARK: Loop pass

    func displayIfNeeded() {
        guard !isClosed else { return }
        if layoutPending {
            layoutPending = false
            contentView.frame = Rect(origin: .zero, size: size)
            contentView.layoutIfNeeded()
        }
        guard isMapped else { return }
        if treeChanged {
            treeChanged = false
            if Trace.isEnabled { ViewTreeTrace.emit(window: self) }
        }
        guard let dirty = dirtyRect else { return }
        dirtyRect = nil
        let clip = dirty.intersection(Rect(origin: .zero, size: size)).integral(scale: scale)
        guard !clip.isEmpty, let renderer = ensureBackBuffer() else { return }
        // A new buffer was just drawn in full; drawing the dirty part again would only cost time.
        if bufferIsFresh {
            bufferIsFresh = false
        } else {
            renderer.begin(clip: clip)
            contentView.render(in: renderer, dirty: clip)
        }
        let s = scale
        if let gc = copyGC {
            XCopyArea(display, backBuffer, xid, gc, Int32(clip.x * s), Int32(clip.y * s),
                      UInt32(clip.width * s), UInt32(clip.height * s), Int32(clip.x * s), Int32(clip.y * s))
        }
        if !hasDrawnFirstFrame {
            XSync(display, 0)
            hasDrawnFirstFrame = true
            Trace.emit("window.mapped", [("title", .string(title)), ("xid", .int(Int(xid))),
                                         ("ms", .int(Trace.millisecondsSinceProcessStart()))])
            let handlers = firstFrameHandlers
            firstFrameHandlers.removeAll()
            handlers.forEach { $0() }
        }
    }

    /// Lays out, draws everything into the back buffer (mapped or not) and reads it back.
    func captureBackBuffer() -> RGBImage? {
        if layoutPending {
            layoutPending = false
            contentView.frame = Rect(origin: .zero, size: size)
            contentView.layoutIfNeeded()
        }
        guard let renderer = ensureBackBuffer() else { return nil }
        if bufferIsFresh {
            bufferIsFresh = false
        } else {
            let full = Rect(origin: .zero, size: size)
            renderer.begin(clip: full)
            contentView.render(in: renderer, dirty: full)
        }
        return DrawableReader.read(display: display, drawable: backBuffer, width: bufferSize.width, height: bufferSize.height)
    }

    private func ensureBackBuffer() -> XftRenderer? {
        let width = max(1, Int((size.width * scale).rounded())), height = max(1, Int((size.height * scale).rounded()))
        if let renderer, bufferSize.width == width, bufferSize.height == height { return renderer }
        renderer?.destroy()
        if backBuffer != 0 { XFreePixmap(display, backBuffer) }
        let screen = app.connection.screen
        backBuffer = XCreatePixmap(display, xid, UInt32(width), UInt32(height), UInt32(XDefaultDepth(display, screen)))
        bufferSize = (width, height)
        if copyGC == nil { copyGC = XCreateGC(display, xid, 0, nil) }
        renderer = XftRenderer(display: display, drawable: backBuffer, visual: XDefaultVisual(display, screen),
                               colormap: XDefaultColormap(display, screen), fonts: app.fonts, size: size)
        // A fresh buffer holds garbage; everything must be drawn again.
        dirtyRect = nil
        let full = Rect(origin: .zero, size: size)
        renderer?.begin(clip: full)
        if let renderer { contentView.render(in: renderer, dirty: full) }
        bufferIsFresh = true
        return renderer
    }

    private func resize(to newSize: Size) {
        guard newSize != size else { return }
        size = newSize
        layoutPending = true
        treeChanged = true
        setNeedsDisplay(in: Rect(origin: .zero, size: size))
    }

    // MARK: X events

    func handle(_ event: inout XEvent) {
        switch event.type {
        case Expose:
            let e = event.xexpose
            setNeedsDisplay(in: Rect(x: Double(e.x) / scale, y: Double(e.y) / scale,
                                     width: Double(e.width) / scale, height: Double(e.height) / scale))
        case ConfigureNotify:
            let e = event.xconfigure
            resize(to: Size(width: Double(e.width) / scale, height: Double(e.height) / scale))
            updateScreenOrigin()
        case MapNotify:
            isMapped = true
            treeChanged = true
            updateScreenOrigin()
            setNeedsDisplay(in: Rect(origin: .zero, size: size))
            if kind == .normal && !app.hasWindowManager {
                // With no window manager nobody gives us focus; take it so the keyboard works.
                XSetInputFocus(display, xid, RevertToParent, Time(0))
            }
        case UnmapNotify:
            isMapped = false
        case ReparentNotify:
            // A window manager framed us: our root position is now the frame's plus its decorations.
            updateScreenOrigin()
        case ButtonPress, ButtonRelease, MotionNotify, EnterNotify, LeaveNotify:
            guard let pointer = app.translator.pointerEvent(event) else { return }
            app.lastServerTime = pointer.serverTime
            if event.type == ButtonPress, let outside = onPointerDownOutside,
               !Rect(origin: .zero, size: size).contains(pointer.location) {
                outside()
                return
            }
            eventRouter.handle(pointer)
            scheduleGestureDeadline()
        case KeyPress, KeyRelease:
            if event.type == KeyPress { ensureInputContext() }
            // Detectable auto-repeat (set at start-up) sends repeats as presses with no release between.
            let keycode = event.xkey.keycode
            let isRepeat = event.type == KeyPress && !keysDown.insert(keycode).inserted
            if event.type == KeyRelease { keysDown.remove(keycode) }
            guard var key = app.translator.keyEvent(&event, inputContext: inputContext) else { return }
            key.isRepeat = isRepeat
            app.lastServerTime = key.serverTime
            if key.kind == .down { eventRouter.handle(key) }
        case FocusIn:
            if hasDrawnFirstFrame { ensureInputContext() } else { whenFirstFrameDrawn { [weak self] in self?.ensureInputContext() } }
            if let ic = inputContext { XSetICFocus(ic) }
        case FocusOut:
            if let ic = inputContext { XUnsetICFocus(ic) }
            let mode = event.xfocus.mode
            if mode == NotifyNormal || mode == NotifyWhileGrabbed { onFocusLost?() }
        case ClientMessage:
            handleWindowManagerMessage(event.xclient)
        case PropertyNotify:
            windowManagerPropertyChanged(event.xproperty)
        case DestroyNotify:
            // Destroyed from outside (e.g. xkill): free our side of it as close() would.
            if !isClosed { releaseResources(destroyWindow: false) }
        default:
            break
        }
    }

    /// Creates the input context on first focus (see `Application.openInputMethod`).
    private func ensureInputContext() {
        guard inputContext == nil, !isClosed, let im = app.openInputMethod() else { return }
        inputContext = cx11_create_ic(im, xid)
        if let ic = inputContext { XSetICFocus(ic) }
    }

    private func updateScreenOrigin() {
        var x: Int32 = 0, y: Int32 = 0
        var child: XID = 0
        if XTranslateCoordinates(display, xid, app.connection.root, 0, 0, &x, &y, &child) != 0 {
            let origin = Point(x: Double(x) / scale, y: Double(y) / scale)
            if origin != screenOrigin { screenOrigin = origin; treeChanged = true }
        }
    }

    /// Gesture recognizers report when they next need the clock (a long press at 0.5 s); arm one timer for it.
    func scheduleGestureDeadline() {
        deadlineTimer?.cancel()
        deadlineTimer = nil
        guard let deadline = eventRouter.nextDeadline else { return }
        let delay = max(0, deadline - app.clock.now)
        deadlineTimer = app.schedule(after: delay) { [weak self] in
            guard let self else { return }
            self.eventRouter.tick(now: self.app.clock.now)
            self.scheduleGestureDeadline()
        }
    }

    private func setProperties(explicitPosition: Bool) {
        let connection = app.connection
        applyTitle()
        var protocols = windowManagerProtocols.map { connection.atom($0) }
        XSetWMProtocols(display, xid, &protocols, Int32(protocols.count))
        setInputHints()
        var pid = [Int(getpid())]
        XChangeProperty(display, xid, connection.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace, &pid, 1)
        let type = kind == .popupMenu ? "_NET_WM_WINDOW_TYPE_POPUP_MENU" : "_NET_WM_WINDOW_TYPE_NORMAL"
        var typeAtom = [connection.atom(type)]
        XChangeProperty(display, xid, connection.atom("_NET_WM_WINDOW_TYPE"), XA_ATOM, 32, PropModeReplace, &typeAtom, 1)
        if let hint = XAllocClassHint() {
            let name = strdup(app.name), cls = strdup(app.className)
            hint.pointee.res_name = name
            hint.pointee.res_class = cls
            XSetClassHint(display, xid, hint)
            free(name); free(cls)
            XFree(hint)
        }
        if let hints = XAllocSizeHints() {
            hints.pointee.flags = explicitPosition ? Int(USPosition | PPosition) : 0
            hints.pointee.x = Int32(screenOrigin.x * scale)
            hints.pointee.y = Int32(screenOrigin.y * scale)
            XSetWMNormalHints(display, xid, hints)
            XFree(hints)
        }
    }

    private func applyTitle() {
        let connection = app.connection
        var bytes = Array(title.utf8)
        XChangeProperty(display, xid, connection.atom("_NET_WM_NAME"), connection.atom("UTF8_STRING"), 8,
                        PropModeReplace, &bytes, Int32(bytes.count))
        // WM_NAME for older clients: Latin-1 STRING when the title fits, else UTF8_STRING as xterm does.
        let latin1 = title.unicodeScalars.allSatisfy { $0.value < 0x100 }
        var legacy = latin1 ? title.unicodeScalars.map { UInt8($0.value) } : bytes
        XChangeProperty(display, xid, XA_WM_NAME, latin1 ? XA_STRING : connection.atom("UTF8_STRING"), 8,
                        PropModeReplace, &legacy, Int32(legacy.count))
    }
}
