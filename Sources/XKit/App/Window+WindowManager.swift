import CX11
import XKitCore

/// The states a window manager keeps for a window (EWMH `_NET_WM_STATE`).
public struct WindowState: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Covers the whole screen, without decorations.
    public static let fullscreen = WindowState(rawValue: 1 << 0)
    /// Fills the work area's width.
    public static let maximizedHorizontally = WindowState(rawValue: 1 << 1)
    /// Fills the work area's height.
    public static let maximizedVertically = WindowState(rawValue: 1 << 2)
    /// Fills the work area (the screen less panels and docks).
    public static let maximized: WindowState = [.maximizedHorizontally, .maximizedVertically]

    static let atomNames: [(WindowState, String)] = [
        (.fullscreen, "_NET_WM_STATE_FULLSCREEN"),
        (.maximizedHorizontally, "_NET_WM_STATE_MAXIMIZED_HORZ"),
        (.maximizedVertically, "_NET_WM_STATE_MAXIMIZED_VERT"),
    ]
}

/// What a window keeps for its dealings with the window manager.
struct WindowManagerState {
    /// The states the app asked for.
    var requested: WindowState = []
    /// The states the window manager reports in `_NET_WM_STATE` (or, with none, those emulated).
    var current: WindowState = []
    /// The frame to go back to when an emulated fullscreen or maximized state ends (no window manager).
    var restoreFrame: Rect?
}

/// The window manager protocols: ICCCM `WM_PROTOCOLS` (delete, take focus), EWMH ping, activation,
/// states, icons and transient-for.
extension Window {
    /// The `WM_PROTOCOLS` every XKit window takes part in.
    var windowManagerProtocols: [String] { ["WM_DELETE_WINDOW", "WM_TAKE_FOCUS", "_NET_WM_PING"] }

    /// `WM_HINTS`: the window takes keyboard input, and (with `WM_TAKE_FOCUS`) sets focus itself when
    /// the window manager asks: ICCCM's "locally active" model.
    func setInputHints() {
        guard let hints = XAllocWMHints() else { return }
        hints.pointee.flags = InputHint | StateHint
        hints.pointee.input = kind == .popupMenu ? 0 : 1
        hints.pointee.initial_state = NormalState
        XSetWMHints(app.connection.display, xid, hints)
        XFree(hints)
    }

    /// Handles a `WM_PROTOCOLS` message from the window manager.
    func handleWindowManagerMessage(_ message: XClientMessageEvent) {
        let connection = app.connection
        let display = connection.display
        guard message.message_type == connection.atom("WM_PROTOCOLS") else { return }
        let proto = Atom(UInt(bitPattern: message.data.l.0))
        let time = Time(UInt(bitPattern: message.data.l.1))
        if proto == connection.atom("WM_DELETE_WINDOW") {
            Trace.emit("window.delete-request", [("title", .string(title))])
            close()
        } else if proto == connection.atom("WM_TAKE_FOCUS") {
            // The window manager gives us focus; take it with its timestamp, so a later request wins.
            connection.trapErrors { XSetInputFocus(display, xid, RevertToParent, time) }
            if time != 0 { app.lastServerTime = UInt32(truncatingIfNeeded: time) }
        } else if proto == connection.atom("_NET_WM_PING") {
            // Answer at once, on the root: the window manager offers to kill windows that do not.
            var reply = XEvent()
            reply.xclient = message
            reply.xclient.window = connection.root
            XSendEvent(display, connection.root, 0, Int(SubstructureNotifyMask | SubstructureRedirectMask), &reply)
            XFlush(display)
            Trace.emit("window.ping", [("title", .string(title))])
        }
    }

    // MARK: Activation

    /// Asks for the window to be raised and given keyboard focus.
    ///
    /// A window manager decides (`_NET_ACTIVE_WINDOW`, as an application request with the last event's
    /// time, so it can refuse to steal focus from a newer action); without one the window raises
    /// itself and takes focus.
    public func activate() {
        let connection = app.connection
        let display = connection.display
        guard app.hasWindowManager else {
            connection.trapErrors {
                XRaiseWindow(display, xid)
                // Nobody else sets focus, so no newer request can lose to ours: CurrentTime is safe here,
                // while the last event's time may predate the focus we set ourselves at the map.
                XSetInputFocus(display, xid, RevertToParent, Time(CurrentTime))
            }
            XFlush(display)
            return
        }
        let current = app.windows.first { $0 !== self && $0.kind == .normal }?.xid ?? 0
        sendToWindowManager("_NET_ACTIVE_WINDOW", [1, Int(app.lastServerTime), Int(current), 0, 0])
    }

    // MARK: States

    /// The states the window manager reports for the window (fullscreen, maximized).
    public var windowState: WindowState { windowManagerState.current }

    /// Whether the window covers the whole screen. Setting it asks the window manager
    /// (`_NET_WM_STATE_FULLSCREEN`); without one the window resizes itself to the screen.
    public var isFullscreen: Bool {
        get { windowManagerState.current.contains(.fullscreen) }
        set { setWindowState(.fullscreen, newValue) }
    }

    /// Whether the window fills the work area. Setting it asks the window manager
    /// (`_NET_WM_STATE_MAXIMIZED_HORZ` and `_VERT`); without one the window resizes itself to the screen.
    public var isMaximized: Bool {
        get { windowManagerState.current.isSuperset(of: .maximized) }
        set { setWindowState(.maximized, newValue) }
    }

    /// Adds or removes `states`: before the map in `_NET_WM_STATE` itself, after it through the window
    /// manager, as EWMH requires (the manager owns the property of a mapped window).
    private func setWindowState(_ states: WindowState, _ on: Bool) {
        guard !isClosed else { return }
        if on { windowManagerState.requested.formUnion(states) } else { windowManagerState.requested.subtract(states) }
        let connection = app.connection
        if !app.hasWindowManager {
            emulateWindowState(windowManagerState.requested)
        } else if isMapped {
            let names = WindowState.atomNames.filter { states.contains($0.0) }.map { Int(connection.atom($0.1)) }
            // data: action (0 remove, 1 add), first property, second property, source (1 = application).
            sendToWindowManager("_NET_WM_STATE", [on ? 1 : 0, names.first ?? 0, names.count > 1 ? names[1] : 0, 1, 0])
        } else {
            writeStateProperty(windowManagerState.requested)
        }
    }

    private func writeStateProperty(_ states: WindowState) {
        let connection = app.connection
        var atoms = WindowState.atomNames.filter { states.contains($0.0) }.map { connection.atom($0.1) }
        XChangeProperty(connection.display, xid, connection.atom("_NET_WM_STATE"), XA_ATOM, 32, PropModeReplace,
                        &atoms, Int32(atoms.count))
    }

    /// With no window manager nobody changes the geometry for us: fill the screen, or go back.
    private func emulateWindowState(_ states: WindowState) {
        let wanted = states.contains(.fullscreen) || states.isSuperset(of: .maximized)
        if wanted && windowManagerState.restoreFrame == nil {
            windowManagerState.restoreFrame = Rect(origin: screenOrigin, size: size)
            setFrame(Rect(origin: .zero, size: app.screenSize))
        } else if !wanted, let frame = windowManagerState.restoreFrame {
            windowManagerState.restoreFrame = nil
            setFrame(frame)
        }
        writeStateProperty(states)
        updateWindowState(states)
    }

    /// Reads `_NET_WM_STATE` after the window manager changed it.
    func windowManagerPropertyChanged(_ event: XPropertyEvent) {
        let connection = app.connection
        guard event.atom == connection.atom("_NET_WM_STATE") else { return }
        let atoms = Set(XWindowProperty.read(connection: connection, window: xid, property: event.atom)?.items32 ?? [])
        var states: WindowState = []
        for (state, name) in WindowState.atomNames where atoms.contains(Int(connection.atom(name))) { states.insert(state) }
        updateWindowState(states)
    }

    private func updateWindowState(_ states: WindowState) {
        guard states != windowManagerState.current else { return }
        windowManagerState.current = states
        let names = WindowState.atomNames.filter { states.contains($0.0) }.map { JSON.string($0.1) }
        Trace.emit("window.state", [("title", .string(title)), ("states", .array(names))])
    }

    // MARK: Icon and transient-for

    /// Sets the icon a taskbar, pager or Alt+Tab shows (`_NET_WM_ICON`); give several sizes and the
    /// window manager picks. An empty list removes it.
    public func setIcon(_ images: [IconImage]) {
        let connection = app.connection
        let property = connection.atom("_NET_WM_ICON")
        defer { XFlush(connection.display) }
        guard !images.isEmpty else {
            XDeleteProperty(connection.display, xid, property)
            return
        }
        // CARDINAL/32: width, height, then ARGB pixels row by row, for each image. Format-32 items are C longs.
        var items: [Int] = []
        items.reserveCapacity(images.reduce(0) { $0 + 2 + $1.width * $1.height })
        for image in images {
            items += [image.width, image.height]
            for y in 0..<image.height { for x in 0..<image.width { items.append(Int(image.argb(x: x, y: y))) } }
        }
        connection.trapErrors {
            XChangeProperty(connection.display, xid, property, XA_CARDINAL, 32, PropModeReplace, &items, Int32(items.count))
        }
    }

    /// Marks the window as belonging to `owner` (`WM_TRANSIENT_FOR`): a window manager keeps it above
    /// its owner and out of the taskbar. Nil clears it.
    public func setTransient(for owner: Window?) {
        let display = app.connection.display
        defer { XFlush(display) }
        if let owner {
            XSetTransientForHint(display, xid, owner.xid)
        } else {
            XDeleteProperty(display, xid, XA_WM_TRANSIENT_FOR)
        }
    }

    /// Sends an EWMH client message about this window to the root, where the window manager listens.
    private func sendToWindowManager(_ type: String, _ data: [Int]) {
        let connection = app.connection
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = xid
        event.xclient.message_type = connection.atom(type)
        event.xclient.format = 32
        event.xclient.data.l = (data[0], data[1], data[2], data[3], data[4])
        XSendEvent(connection.display, connection.root, 0, Int(SubstructureNotifyMask | SubstructureRedirectMask), &event)
        XFlush(connection.display)
    }
}
