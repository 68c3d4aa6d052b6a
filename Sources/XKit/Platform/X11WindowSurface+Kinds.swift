import CX11
@_spi(Platform) import XKitCore

/// What each `SurfaceKind` needs from X, done at creation: the EWMH window type, transient-for,
/// the modal state, a popup's shape and grab (and its dismissal), a drag image's empty input shape.
extension X11WindowSurface {
    /// Sets up the window for its kind; override-redirect was already chosen in XCreateWindow.
    func applyKind(_ kind: SurfaceKind) {
        let connection = platform.connection
        var type = [connection.atom(Self.windowTypeNames[role] ?? "_NET_WM_WINDOW_TYPE_NORMAL")]
        XChangeProperty(display, xid, connection.atom("_NET_WM_WINDOW_TYPE"), XA_ATOM, 32, PropModeReplace, &type, 1)
        switch kind {
        case .normal:
            break
        case .dialog(let parent, let modal):
            if let parent = parent.flatMap(Self.surface(of:)) { XSetTransientForHint(display, xid, parent.xid) }
            if modal {
                fixedStateAtoms = [connection.atom("_NET_WM_STATE_MODAL")]
                writeStateProperty(requestedState)
            }
        case .popup(let owner, let outline, _):
            // Whose popup it is, for window managers, compositors and accessibility tools.
            if let owner = Self.surface(of: owner) {
                XSetTransientForHint(display, xid, owner.xid)
                popupOwner = owner
                owner.openPopups.removeAll { $0.surface == nil }
                owner.openPopups.append(WeakX11Surface(self))
            }
            if !outline.isEmpty { cut(to: outline) }
        case .dragImage:
            // An empty input shape: the pointer sees through it to the window a drag is over.
            XShapeCombineRectangles(display, xid, ShapeInput, 0, 0, nil, 0, ShapeSet, Unsorted)
            // Without a compositor the corners outside the rounded chip would show black.
            cut(to: [ShapePaths.roundedRect(Rect(origin: .zero, size: size), radius: DragImage.cornerRadius)])
        }
    }

    /// The EWMH type of each kind.
    static let windowTypeNames: [SurfaceKind.Role: String] = [
        .normal: "_NET_WM_WINDOW_TYPE_NORMAL", .dialog: "_NET_WM_WINDOW_TYPE_DIALOG",
        .popup: "_NET_WM_WINDOW_TYPE_POPUP_MENU", .dragImage: "_NET_WM_WINDOW_TYPE_DND",
    ]

    private static func surface(of window: Window) -> X11WindowSurface? { window.surface as? X11WindowSurface }

    private var display: OpaquePointer { platform.connection.display }

    /// Cuts the window to the polygons with XShape, so nothing square shows around a popup.
    private func cut(to polygons: [[Point]]) {
        let s = platform.scale
        let width = DevicePixels.extent(size.width * s), height = DevicePixels.extent(size.height * s)
        let mask = XCreatePixmap(display, xid, width, height, 1)
        guard let gc = XCreateGC(display, mask, 0, nil) else { XFreePixmap(display, mask); return }
        defer { XFreeGC(display, gc); XFreePixmap(display, mask) }
        XSetForeground(display, gc, 0)
        XFillRectangle(display, mask, gc, 0, 0, width, height)
        XSetForeground(display, gc, 1)
        for polygon in polygons {
            var points = polygon.map { XPoint(x: Int16(DevicePixels.coordinate($0.x * s)), y: Int16(DevicePixels.coordinate($0.y * s))) }
            XFillPolygon(display, mask, gc, &points, Int32(points.count), Complex, CoordModeOrigin)
        }
        XShapeCombineMask(display, xid, ShapeBounding, 0, 0, mask, ShapeSet)
    }

    // MARK: A popup's grab

    /// On a popup's first MapNotify (X refuses a grab on an unviewable window), grabs pointer and
    /// keyboard with the trigger's server time.
    ///
    /// `owner_events` is false so every click and key, even over our other windows, comes here:
    /// that is how a click outside the popup dismisses it.
    func grabIfPopup() {
        guard role == .popup, !isDestroyed else { return }
        let time = Time(grabTime ?? platform.lastServerTime)
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask)
        // A time older than the device's last grab (another client grabbed after the last event we
        // saw) is refused as GrabInvalidTime however real the press was: then the grab is for now.
        func grab(_ attempt: (Time) -> Int32) -> Int32 {
            let status = attempt(time)
            return status == GrabInvalidTime && time != Time(CurrentTime) ? attempt(Time(CurrentTime)) : status
        }
        let pointer = grab { XGrabPointer(display, xid, 0, mask, GrabModeAsync, GrabModeAsync, XID(0), XID(0), $0) }
        let keyboard = grab { XGrabKeyboard(display, xid, 0, GrabModeAsync, GrabModeAsync, $0) }
        holdsGrab = pointer == GrabSuccess || keyboard == GrabSuccess
        if pointer != GrabSuccess || keyboard != GrabSuccess {
            Trace.warn("the popup could not grab the pointer and keyboard (pointer \(pointer), keyboard \(keyboard))")
        }
    }

    /// Ends the grab before the window goes, flushed, so the next input reaches the window below.
    func releaseGrab() {
        guard holdsGrab else { return }
        holdsGrab = false
        let time = Time(platform.lastServerTime)
        XUngrabPointer(display, time)
        XUngrabKeyboard(display, time)
        XFlush(display)
    }

    // MARK: Dismissal

    /// Whether a press lands outside this popup (the grab sends presses anywhere here).
    func dismissesOnPress(_ event: PointerEvent) -> Bool {
        role == .popup && event.kind == .down && !Rect(origin: .zero, size: size).contains(event.location)
    }

    /// This surface lost focus: the popups open over it are dismissed.
    func dismissPopups() {
        let open = openPopups.compactMap(\.surface).filter { !$0.isDestroyed }
        openPopups.removeAll { $0.surface.map { $0.isDestroyed } ?? true }
        for popup in open { popup.delegate?.surfaceWasDismissed() }
    }
}

/// A popup remembered by its owner without keeping it alive.
@MainActor
struct WeakX11Surface {
    weak var surface: X11WindowSurface?
    init(_ surface: X11WindowSurface) { self.surface = surface }
}
