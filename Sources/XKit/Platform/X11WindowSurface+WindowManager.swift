import CX11
@_spi(Platform) import XKitCore

/// The window manager protocols: ICCCM `WM_PROTOCOLS` (delete, take focus), EWMH ping, activation,
/// `_NET_WM_STATE`, `_NET_WM_ICON` and `WM_TRANSIENT_FOR`.
extension X11WindowSurface {
    /// The `WM_PROTOCOLS` every XKit window takes part in.
    static let windowManagerProtocols = ["WM_DELETE_WINDOW", "WM_TAKE_FOCUS", "_NET_WM_PING"]

    /// The EWMH atom for each state.
    static let stateAtomNames: [(WindowState, String)] = [
        (.fullscreen, "_NET_WM_STATE_FULLSCREEN"),
        (.maximizedHorizontally, "_NET_WM_STATE_MAXIMIZED_HORZ"),
        (.maximizedVertically, "_NET_WM_STATE_MAXIMIZED_VERT"),
    ]

    /// `WM_HINTS`: the window takes keyboard input, and (with `WM_TAKE_FOCUS`) sets focus itself when
    /// the window manager asks: ICCCM's "locally active" model. Popups take no focus from the manager.
    func setInputHints() {
        guard let hints = XAllocWMHints() else { return }
        hints.pointee.flags = InputHint | StateHint
        hints.pointee.input = role == .popup || role == .dragImage ? 0 : 1
        hints.pointee.initial_state = NormalState
        XSetWMHints(platform.connection.display, xid, hints)
        XFree(hints)
    }

    /// Handles a `WM_PROTOCOLS` message from the window manager.
    func handleWindowManagerMessage(_ message: XClientMessageEvent) {
        let connection = platform.connection
        let display = connection.display
        guard message.message_type == connection.atom("WM_PROTOCOLS") else { return }
        let proto = Atom(UInt(bitPattern: message.data.l.0))
        let time = Time(UInt(bitPattern: message.data.l.1))
        if proto == connection.atom("WM_DELETE_WINDOW") {
            Trace.emit("window.delete-request", [("title", .string(title))])
            delegate?.surfaceCloseRequested()
        } else if proto == connection.atom("WM_TAKE_FOCUS") {
            // The window manager gives us focus; take it with its timestamp, so a later request wins.
            connection.trapErrors { XSetInputFocus(display, xid, RevertToParent, time) }
            if time != 0 { platform.lastServerTime = UInt32(truncatingIfNeeded: time) }
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

    /// A window manager decides (`_NET_ACTIVE_WINDOW`, as an application request with the last
    /// event's time, so it can refuse to steal focus from a newer action); without one the window
    /// raises itself and takes focus.
    func activate() {
        let connection = platform.connection
        let display = connection.display
        guard platform.hasWindowManager else {
            connection.trapErrors {
                XRaiseWindow(display, xid)
                // Nobody else sets focus, so no newer request can lose to ours: CurrentTime is safe here,
                // while the last event's time may predate the focus we set ourselves at the map.
                XSetInputFocus(display, xid, RevertToParent, Time(CurrentTime))
            }
            XFlush(display)
            return
        }
        let others = platform.application?.windows.filter { $0.kind.role == .normal && $0.x11ID != xid } ?? []
        let current = others.first?.x11ID ?? 0
        sendToWindowManager("_NET_ACTIVE_WINDOW", [1, Int(platform.lastServerTime), Int(current), 0, 0])
    }

    // MARK: States

    /// Before the map the surface writes `_NET_WM_STATE` itself; after it, it asks the window manager,
    /// as EWMH requires (the manager owns the property of a mapped window).
    func requestState(_ state: WindowState) {
        guard !isDestroyed else { return }
        let connection = platform.connection
        let changed = state.symmetricDifference(requestedState)
        requestedState = state
        if !platform.hasWindowManager {
            emulateWindowState(state)
        } else if isMapped {
            for (on, part) in [(true, changed.intersection(state)), (false, changed.subtracting(state))] where !part.isEmpty {
                let names = Self.stateAtomNames.filter { part.contains($0.0) }.map { Int(connection.atom($0.1)) }
                // data: action (0 remove, 1 add), first property, second property, source (1 = application).
                sendToWindowManager("_NET_WM_STATE", [on ? 1 : 0, names.first ?? 0, names.count > 1 ? names[1] : 0, 1, 0])
            }
        } else {
            writeStateProperty(state)
        }
    }

    func writeStateProperty(_ state: WindowState) {
        let connection = platform.connection
        var atoms = Self.stateAtomNames.filter { state.contains($0.0) }.map { connection.atom($0.1) } + fixedStateAtoms
        XChangeProperty(connection.display, xid, connection.atom("_NET_WM_STATE"), XA_ATOM, 32, PropModeReplace,
                        &atoms, Int32(atoms.count))
    }

    /// With no window manager nobody changes the geometry for us: fill the screen, or go back.
    private func emulateWindowState(_ state: WindowState) {
        let wanted = state.contains(.fullscreen) || state.isSuperset(of: .maximized)
        if wanted && restoreFrame == nil {
            restoreFrame = Rect(origin: screenOrigin, size: size)
            let screen = Rect(origin: .zero, size: platform.connection.screenSize)
            setFrame(screen)
            delegate?.surfaceDidResize(to: size)
        } else if !wanted, let frame = restoreFrame {
            restoreFrame = nil
            setFrame(frame)
            delegate?.surfaceDidResize(to: size)
        }
        writeStateProperty(state)
        delegate?.surfaceStateDidChange(state)
    }

    /// Reads `_NET_WM_STATE` after the window manager changed it.
    func windowManagerPropertyChanged(_ event: XPropertyEvent) {
        let connection = platform.connection
        guard event.atom == connection.atom("_NET_WM_STATE") else { return }
        let atoms = Set(XWindowProperty.read(connection: connection, window: xid, property: event.atom)?.items32 ?? [])
        var state: WindowState = []
        for (part, name) in Self.stateAtomNames where atoms.contains(Int(connection.atom(name))) { state.insert(part) }
        delegate?.surfaceStateDidChange(state)
    }

    // MARK: Icon and transient-for

    func setIcon(_ images: [IconImage]) {
        guard !isDestroyed else { return }
        let connection = platform.connection
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
        // One ChangeProperty: refuse what the server could not take rather than lose the connection.
        guard items.count <= connection.requestLimits.propertyItems(format: 32) else {
            Trace.warn("the window icons (\(items.count) values) exceed the X server's request size; not set")
            return
        }
        connection.trapErrors {
            XChangeProperty(connection.display, xid, property, XA_CARDINAL, 32, PropModeReplace, &items, Int32(items.count))
        }
    }

    func setTransient(for owner: WindowSurface?) {
        guard !isDestroyed else { return }
        let display = platform.connection.display
        defer { XFlush(display) }
        if let owner = owner as? X11WindowSurface {
            XSetTransientForHint(display, xid, owner.xid)
        } else {
            XDeleteProperty(display, xid, XA_WM_TRANSIENT_FOR)
        }
    }

    /// Sends an EWMH client message about this window to the root, where the window manager listens.
    private func sendToWindowManager(_ type: String, _ data: [Int]) {
        let connection = platform.connection
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
