import CX11
import Glibc
@_spi(Platform) import XKitCore

/// A `Window`'s X window: properties for the window manager, a back buffer, input and focus.
///
/// The window draws into a back-buffer Pixmap through Xft and XRender, and the dirty part is
/// copied to the screen with XCopyArea. X events addressed to the window are translated once here
/// and handed to the `Window`.
@MainActor
final class X11WindowSurface: WindowSurface, XEventHandler {
    let xid: XID
    private(set) var screenOrigin: Point
    /// Whether the window is still a child of the root, not framed by a window manager: its
    /// ConfigureNotify then gives its screen position, and no XTranslateCoordinates is needed.
    private var parentIsRoot = true
    unowned let platform: X11Platform
    /// What the surface reports to (the window's private delegate).
    private(set) weak var delegate: WindowSurfaceDelegate?
    /// What the surface is for; the kind's windows and trigger are kept apart (weakly) below.
    let role: SurfaceKind.Role
    /// The title last set, for traces.
    private(set) var title: String
    /// A popup's owner, which dismisses it when it loses focus, and the popups open over this surface.
    weak var popupOwner: X11WindowSurface?
    var openPopups: [WeakX11Surface] = []
    /// The time a popup's grab is taken with (the trigger's server time), and whether it holds one.
    let grabTime: UInt32?
    var holdsGrab = false
    var hasBeenMapped = false
    /// States the kind fixes for the life of the window (`_NET_WM_STATE_MODAL`).
    var fixedStateAtoms: [Atom] = []
    /// Work that waits for the first frame (the themed cursor, the input context).
    private(set) var hasPresented = false
    /// What WM_NORMAL_HINTS says (`X11WindowSurface+SizeHints`): a position the app chose, a fixed size.
    var hintsPosition = false
    var fixedSize: Size?
    /// The screen under the window as it was before the first map (`X11WindowSurface+Backdrop`), or 0.
    var backdrop: Pixmap = 0
    /// The window drawn opaque, composited over the backdrop at a fade's opacity (`presentComposited`).
    lazy var compositor = OpacityCompositor(display: platform.connection.display, visual: XDefaultVisual(platform.connection.display, platform.connection.screen),
                                            depth: UInt32(XDefaultDepth(platform.connection.display, platform.connection.screen)))
    private var afterFirstFrame: [() -> Void] = []
    private(set) var size: Size
    /// Whether the server has mapped the window.
    private(set) var isMapped = false
    /// The window-manager states the app asked for, and the frame to restore after an emulated one.
    var requestedState: WindowState = []
    var restoreFrame: Rect?
    private var display: OpaquePointer { platform.connection.display }
    private var scale: Double { platform.scale }
    /// Internal so tests can check the pixmap the server really holds.
    private(set) lazy var backBuffer = BackBuffer(connection: platform.connection, window: xid, fonts: platform.fonts)
    private var inputContext: InputContext?
    private(set) var isDestroyed = false
    private var keysDown: Set<UInt32> = []
    /// The shape the window asked for, and whether an X cursor for it was defined on the window.
    private var cursorShape: Cursor = .arrow
    private var cursorDefined = false

    init(platform: X11Platform, configuration: SurfaceConfiguration) {
        self.platform = platform
        role = configuration.kind.role
        title = configuration.title
        if case .popup(_, _, let trigger) = configuration.kind { grabTime = trigger?.timestamp?.rawValue } else { grabTime = nil }
        size = DevicePixels.windowSize(configuration.size, scale: platform.scale)
        screenOrigin = DevicePixels.windowOrigin(configuration.origin ?? Point(x: 0, y: 0), scale: platform.scale)
        let connection = platform.connection
        let display = connection.display
        let screen = connection.screen
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = Pixmap(0)
        attributes.bit_gravity = NorthWestGravity
        attributes.override_redirect = configuration.kind.bypassesWindowManager ? 1 : 0
        attributes.event_mask = Int(ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask | ButtonPressMask
            | ButtonReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask | FocusChangeMask | PropertyChangeMask)
        let mask = UInt(CWBackPixmap | CWBitGravity | CWOverrideRedirect | CWEventMask)
        let s = connection.scale
        xid = XCreateWindow(display, connection.root, DevicePixels.coordinate(screenOrigin.x * s),
                            DevicePixels.coordinate(screenOrigin.y * s),
                            DevicePixels.extent(size.width * s), DevicePixels.extent(size.height * s), 0,
                            XDefaultDepth(display, screen), UInt32(InputOutput), XDefaultVisual(display, screen), mask, &attributes)
        platform.eventLoop.register(window: xid, handler: self)
        setProperties(title: configuration.title, explicitPosition: configuration.origin != nil)
        applyKind(configuration.kind)
        advertiseDropTarget()
    }

    var nativeIdentifier: UInt { xid }

    func attach(_ delegate: WindowSurfaceDelegate) { self.delegate = delegate }

    func show() {
        guard !isDestroyed else { return }
        XMapRaised(display, xid)
    }

    func hide() {
        guard !isDestroyed else { return }
        XUnmapWindow(display, xid)
    }

    func setTitle(_ title: String) {
        guard !isDestroyed else { return }
        self.title = title
        applyTitle(title)
    }

    func setFrame(_ requested: Rect) {
        guard !isDestroyed else { return }
        let s = scale
        let frame = Rect(origin: DevicePixels.windowOrigin(requested.origin, scale: s),
                         size: DevicePixels.windowSize(requested.size, scale: s))
        XMoveResizeWindow(display, xid, DevicePixels.coordinate(frame.x * s), DevicePixels.coordinate(frame.y * s),
                          DevicePixels.extent(frame.width * s), DevicePixels.extent(frame.height * s))
        if frame != Rect(origin: screenOrigin, size: size) { releaseBackdrop() }
        screenOrigin = frame.origin
        size = frame.size
        if fixedSize != nil { fixedSize = frame.size; writeNormalHints() }
    }

    func destroy() {
        guard !isDestroyed else { return }
        releaseResources(destroyWindow: true)
    }

    // MARK: Drawing

    func present(dirty: Rect, size: Size, draw: (GraphicsContext, Rect) -> Void) {
        self.size = size
        guard !isDestroyed else { return }
        // Only the part on the screen is drawn; the server exposes the rest when it comes into view.
        let clip = dirty.intersection(visibleBounds).integral(scale: scale)
        defer { if !hasPresented { firstFramePresented() } }
        guard !clip.isEmpty else { return }
        backBuffer.draw(clip, windowSize: size, scale: scale) { renderer, tile in
            copyBackdrop(under: tile, into: backBuffer)
            draw(renderer, tile)
        }
        // Sent now rather than when the event loop flushes: the trace and the accessibility diff run
        // after the frame, and the frame must not wait in Xlib's buffer for them.
        platform.connection.flush()
    }

    func firstFramePresented() {
        hasPresented = true
        let work = afterFirstFrame
        afterFirstFrame.removeAll()
        work.forEach { $0() }
    }

    /// Runs `body` once the window presented its first frame; at once if it already has.
    private func whenFirstFramePresented(_ body: @escaping () -> Void) {
        if hasPresented { body() } else { afterFirstFrame.append(body) }
    }

    func synchronize() { platform.connection.sync() }

    func snapshot(size: Size, draw: (GraphicsContext, Rect) -> Void) -> RGBImage? {
        self.size = size
        guard !isDestroyed else { return nil }
        return backBuffer.capture(windowSize: size, scale: scale) { renderer, tile in draw(renderer, tile) }
    }

    /// The part of the window on the screen, in window coordinates.
    private var visibleBounds: Rect {
        let screen = Rect(origin: Point(x: -screenOrigin.x, y: -screenOrigin.y), size: platform.connection.screenSize)
        return Rect(origin: .zero, size: size).intersection(screen)
    }

    func setCursor(_ cursor: Cursor) {
        guard !isDestroyed else { return }
        cursorShape = cursor
        applyCursor()
    }

    /// Defines the X cursor for `cursorShape` (from the platform's shared `CursorShapes`); the
    /// core arrow is the undefined cursor, as it was before themes.
    private func applyCursor() {
        guard !isDestroyed else { return }
        if let id = platform.cursors.cursor(for: cursorShape) {
            XDefineCursor(display, xid, id)
            cursorDefined = true
        } else if cursorDefined {
            XUndefineCursor(display, xid)
            cursorDefined = false
        }
    }

    /// The pointer entered: a themed arrow must be on the window before it shows. Waits for the
    /// first frame, so resolving the theme (and loading libXcursor) never delays it.
    private func pointerDidEnter() {
        guard !cursorDefined, cursorShape == .arrow else { return }
        whenFirstFramePresented { [weak self] in
            guard let self, !self.cursorDefined, self.cursorShape == .arrow, self.platform.cursors.isThemed else { return }
            self.applyCursor()
        }
    }

    /// The cursor theme or size changed: the current shape is made again from the new theme.
    func cursorThemeDidChange() {
        guard !isDestroyed, cursorDefined || cursorShape != .arrow || isMapped else { return }
        applyCursor()
    }

    // MARK: Scale

    /// The display scale changed: the X window takes its logical size at the new scale and the
    /// back buffer (and its renderer, which holds the scale) is made again on the next draw.
    func displayScaleDidChange() {
        guard !isDestroyed else { return }
        let s = scale
        platform.connection.trapErrors { backBuffer.release() }
        XResizeWindow(display, xid, DevicePixels.extent(size.width * s), DevicePixels.extent(size.height * s))
        updateScreenOrigin()
    }

    // MARK: X events

    func handle(_ event: inout XEvent) {
        guard let window = delegate else { return }
        switch event.type {
        case Expose:
            let e = event.xexpose
            let exposed = Rect(x: Double(e.x) / scale, y: Double(e.y) / scale,
                               width: Double(e.width) / scale, height: Double(e.height) / scale)
            // The server only exposes what is on screen; outside our idea of that, our origin is stale.
            if visibleBounds.intersection(exposed) != exposed { updateScreenOrigin() }
            window.surfaceDidExpose(exposed)
        case ConfigureNotify:
            let e = event.xconfigure
            size = Size(width: Double(e.width) / scale, height: Double(e.height) / scale)
            window.surfaceDidResize(to: size)
            // A child of the root (border 0) is where its own ConfigureNotify says.
            if parentIsRoot { setScreenOrigin(Point(x: Double(e.x) / scale, y: Double(e.y) / scale)) } else { updateScreenOrigin() }
        case MapNotify:
            isMapped = true
            if !parentIsRoot { updateScreenOrigin() }
            window.surfaceDidMap()
            if !hasBeenMapped {
                hasBeenMapped = true
                grabIfPopup()
            }
            if (role == .normal || role == .dialog) && !platform.hasWindowManager {
                // With no window manager nobody gives us focus; take it so the keyboard works.
                XSetInputFocus(display, xid, RevertToParent, Time(0))
            }
        case UnmapNotify:
            isMapped = false
            window.surfaceDidUnmap()
        case ReparentNotify:
            // A window manager framed us: our root position is now the frame's plus its decorations.
            parentIsRoot = event.xreparent.parent == platform.connection.root
            updateScreenOrigin()
        case ButtonPress, ButtonRelease, MotionNotify, EnterNotify, LeaveNotify:
            if platform.xdnd.source.intercept(&event) { return }
            if event.type == EnterNotify { pointerDidEnter() }
            guard let pointer = platform.translator.pointerEvent(event) else { return }
            if let time = pointer.timestamp { platform.lastServerTime = time.rawValue }
            if dismissesOnPress(pointer) { return window.surfaceWasDismissed() }
            window.surfaceDidReceive(pointer)
        case KeyPress, KeyRelease:
            if platform.xdnd.source.intercept(&event) { return }
            if event.type == KeyPress { ensureInputContext() }
            // Detectable auto-repeat (set at start-up) sends repeats as presses with no release between.
            // Keycode 0 is an input method's commit, never released: it is not a key held down.
            let keycode = event.xkey.keycode
            let isRepeat = event.type == KeyPress && keycode != 0 && !keysDown.insert(keycode).inserted
            if event.type == KeyRelease { keysDown.remove(keycode) }
            guard var key = platform.translator.keyEvent(&event, inputContext: inputContext?.xic) else { return }
            key.isRepeat = isRepeat
            if let time = key.timestamp { platform.lastServerTime = time.rawValue }
            window.surfaceDidReceive(key)
        case FocusIn:
            traceKeyboardFocus(event.xfocus, gained: true)
            // Opening the input method parses the locale's Compose file (several ms of getc), so it
            // waits for the turn after the first frame: launch pays nothing for it, the first key does not either.
            whenFirstFramePresented { [weak self] in
                _ = self?.platform.schedule(after: 0) { [weak self] in self?.ensureInputContext() }
            }
            inputContext?.focus()
        case FocusOut:
            traceKeyboardFocus(event.xfocus, gained: false)
            inputContext?.unfocus()
            keysDown.removeAll()
            let mode = event.xfocus.mode
            if mode == NotifyNormal || mode == NotifyWhileGrabbed {
                window.surfaceDidLoseFocus()
                dismissPopups()
            }
        case ClientMessage:
            if platform.xdnd.target.handle(event.xclient, on: self) { return }
            handleWindowManagerMessage(event.xclient)
        case PropertyNotify:
            windowManagerPropertyChanged(event.xproperty)
        case DestroyNotify:
            // Destroyed from outside (e.g. xkill): free our side of it as close() would.
            if !isDestroyed {
                releaseResources(destroyWindow: false)
                window.surfaceWasDestroyed()
            }
        default:
            break
        }
    }

    /// Traces the X keyboard focus coming and going, so a test that loses keys can say where they went.
    private func traceKeyboardFocus(_ focus: XFocusChangeEvent, gained: Bool) {
        guard Trace.isEnabled else { return }
        let modes = [NotifyNormal: "normal", NotifyGrab: "grab", NotifyUngrab: "ungrab", NotifyWhileGrabbed: "whileGrabbed"]
        Trace.emit(gained ? "window.focusIn" : "window.focusOut",
                   [("title", .string(title)), ("mode", .string(modes[focus.mode] ?? "\(focus.mode)")), ("detail", .int(Int(focus.detail)))])
    }

    /// Creates the input context on first focus (see `X11Platform.openInputMethod`).
    private func ensureInputContext() {
        guard inputContext == nil, !isDestroyed, let method = platform.openInputMethod() else { return }
        let context = method.makeContext(window: xid, onPreedit: { [weak self] preedit in
            self?.delegate?.surfaceDidChangePreedit(preedit)
        }, onCommit: { [weak self] text in
            self?.delegate?.surfaceDidCommitText(text)
        })
        inputContext = context
        context.focus()
    }

    func setTextInputCaret(_ rect: Rect) {
        let s = scale
        inputContext?.setSpot(x: Int(DevicePixels.coordinate(rect.minX * s)), y: Int(DevicePixels.coordinate(rect.maxY * s)))
    }

    func finishComposition() -> String? { inputContext?.reset() }

    /// Asks the server where the window is on the screen (a round trip).
    private func updateScreenOrigin() {
        var x: Int32 = 0, y: Int32 = 0
        var child: XID = 0
        if XTranslateCoordinates(display, xid, platform.connection.root, 0, 0, &x, &y, &child) != 0 {
            setScreenOrigin(Point(x: Double(x) / scale, y: Double(y) / scale))
        }
    }

    private func setScreenOrigin(_ origin: Point) {
        guard origin != screenOrigin else { return }
        let wasVisible = visibleBounds
        screenOrigin = origin
        delegate?.surfaceDidMove()
        // A server that keeps window contents (a compositor) exposes nothing when a part never
        // drawn comes on screen, so draw it now.
        if visibleBounds != wasVisible { delegate?.surfaceDidExpose(visibleBounds) }
    }

    private func releaseResources(destroyWindow: Bool) {
        isDestroyed = true
        releaseGrab()
        inputContext?.destroyXIC()
        inputContext = nil
        // The server frees a destroyed window's pixmap and GC only with the client; free them now.
        platform.connection.trapErrors {
            backBuffer.destroy()
            releaseBackdrop()
            if destroyWindow { XDestroyWindow(display, xid) }
        }
        platform.eventLoop.unregister(window: xid)
    }

    // MARK: Properties

    private func setProperties(title: String, explicitPosition: Bool) {
        let connection = platform.connection
        applyTitle(title)
        // XSetWMProtocols would intern WM_PROTOCOLS itself: a round trip before the first frame.
        var protocols = Self.windowManagerProtocols.map { Int(bitPattern: connection.atom($0)) }
        XChangeProperty(display, xid, connection.atom("WM_PROTOCOLS"), XA_ATOM, 32, PropModeReplace, &protocols, Int32(protocols.count))
        setInputHints()
        var pid = [Int(getpid())]
        XChangeProperty(display, xid, connection.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace, &pid, 1)
        if let hint = XAllocClassHint() {
            // XSetClassHint sends both strings in one ChangeProperty; keep them well inside it.
            let half = connection.requestLimits.textPropertyBytes / 2 - 1
            let name = strdup(String(decoding: XWindowProperty.utf8(platform.application?.name ?? "xkit", maxBytes: half), as: UTF8.self))
            let cls = strdup(String(decoding: XWindowProperty.utf8(platform.application?.className ?? "XKit", maxBytes: half),
                                    as: UTF8.self))
            hint.pointee.res_name = name
            hint.pointee.res_class = cls
            XSetClassHint(display, xid, hint)
            free(name); free(cls)
            XFree(hint)
        }
        hintsPosition = explicitPosition
        writeNormalHints()
    }

    private func applyTitle(_ title: String) {
        let connection = platform.connection
        let limit = connection.requestLimits.textPropertyBytes
        var bytes = XWindowProperty.utf8(title, maxBytes: limit)
        XChangeProperty(display, xid, connection.atom("_NET_WM_NAME"), connection.atom("UTF8_STRING"), 8,
                        PropModeReplace, &bytes, Int32(bytes.count))
        // WM_NAME for older clients: Latin-1 STRING when the title fits, else UTF8_STRING as xterm does.
        let latin1 = title.unicodeScalars.allSatisfy { $0.value < 0x100 }
        var legacy = latin1 ? title.unicodeScalars.prefix(limit).map { UInt8($0.value) } : bytes
        XChangeProperty(display, xid, XA_WM_NAME, latin1 ? XA_STRING : connection.atom("UTF8_STRING"), 8,
                        PropModeReplace, &legacy, Int32(legacy.count))
    }
}
