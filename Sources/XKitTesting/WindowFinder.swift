import Foundation
import CX11
import XKit

/// Looks at windows on the test display from the outside, as a window manager or test robot would.
public final class WindowFinder: @unchecked Sendable {
    let connection: XConnection
    private var dpy: OpaquePointer { connection.dpy }

    /// Uses its own connection to `display` (default: the shared Xvfb).
    public init(display: String? = nil) throws {
        connection = try XConnection(displayName: display)
    }

    public var rootWindow: XWindowID { connection.root }

    /// The applications' top-level windows (including override-redirect popups), bottom to top in
    /// stacking order: the root's children, each frame of a window manager replaced by the client
    /// window it holds.
    public func topLevelWindows() -> [XWindowID] {
        children(of: connection.root).map { clientWindow(in: $0) ?? $0 }
    }

    /// Every window, top-level or reparented, whose `_NET_WM_PID` is `pid`.
    public func allWindows(ofProcess pid: pid_t) -> [XWindowID] {
        var found: [XWindowID] = []
        var level = children(of: connection.root)
        for _ in 0..<4 where !level.isEmpty {
            found += level.filter { integerListProperty($0, "_NET_WM_PID")?.first == Int(pid) }
            level = level.flatMap { children(of: $0) }
        }
        return found
    }

    /// The client window in `window`: `window` itself when it carries `WM_STATE`, else the nearest
    /// descendant that does (a reparenting window manager's frame holds it); nil when none does.
    public func clientWindow(in window: XWindowID) -> XWindowID? {
        var level = [window]
        for _ in 0..<4 {
            if let client = level.first(where: { rawProperty($0, "WM_STATE") != nil }) { return client }
            level = level.flatMap { children(of: $0) }
            if level.isEmpty { break }
        }
        return nil
    }

    /// The window manager's frame around `window`: its ancestor that is a child of the root
    /// (`window` itself when nothing reparented it).
    public func frameWindow(of window: XWindowID) -> XWindowID {
        var current = window
        for _ in 0..<8 {
            guard let parent = parent(of: current), parent != connection.root, parent != 0 else { return current }
            current = parent
        }
        return current
    }

    /// The window's parent, nil if it is gone.
    public func parent(of window: XWindowID) -> XWindowID? {
        locked {
            var root: UInt = 0, parent: UInt = 0
            var kids: UnsafeMutablePointer<UInt>?
            var count: UInt32 = 0
            let (ok, errors) = connection.trappingErrors { XQueryTree(dpy, window, &root, &parent, &kids, &count) }
            if let kids { XFree(kids) }
            return ok != 0 && errors.isEmpty ? parent : nil
        }
    }

    /// What a window manager's decorations add around `window`, in pixels (`_NET_FRAME_EXTENTS`);
    /// all zero when no window manager framed it.
    public func frameExtents(of window: XWindowID) -> (left: Int, right: Int, top: Int, bottom: Int) {
        guard let e = integerListProperty(window, "_NET_FRAME_EXTENTS"), e.count == 4 else { return (0, 0, 0, 0) }
        return (e[0], e[1], e[2], e[3])
    }

    /// Waits until `window`'s root geometry stayed the same for `quiet` seconds and returns it.
    ///
    /// A window manager frames a window, then may move or resize it after the map (openbox fits it to
    /// the screen), so root coordinates read at the map can be stale; tools read them once settled.
    public func waitForSettledGeometry(of window: XWindowID, quiet: TimeInterval = 0.2, timeout: TimeInterval = 5) throws -> Rect {
        var last = geometry(of: window)
        var since = monotonicNow()
        waitUntil(timeout: timeout, interval: 0.02) {
            let now = geometry(of: window)
            if now != last { last = now; since = monotonicNow() }
            return now != nil && monotonicNow() - since >= quiet
        }
        guard let last else { throw XKitTestingError("window \(window) is gone") }
        return last
    }

    /// Children of `window`, bottom to top.
    public func children(of window: XWindowID) -> [XWindowID] {
        locked {
            var root: UInt = 0, parent: UInt = 0
            var kids: UnsafeMutablePointer<UInt>?
            var count: UInt32 = 0
            let (ok, errors) = connection.trappingErrors { XQueryTree(dpy, window, &root, &parent, &kids, &count) }
            guard ok != 0, errors.isEmpty else { return [] }
            defer { if let kids { XFree(kids) } }
            guard let kids else { return [] }
            return Array(UnsafeBufferPointer(start: kids, count: Int(count)))
        }
    }

    /// `_NET_WM_NAME` (UTF-8), else `WM_NAME`.
    public func name(of window: XWindowID) -> String? {
        stringProperty(window, "_NET_WM_NAME") ?? stringProperty(window, "WM_NAME")
    }

    /// The top-most top-level window whose name equals `title` (or contains it, if `exact` is false).
    /// Only mapped windows count unless `includeUnmapped`.
    public func findWindow(named title: String, exact: Bool = true, includeUnmapped: Bool = false) -> XWindowID? {
        for w in topLevelWindows().reversed() {
            guard let n = name(of: w), exact ? n == title : n.contains(title) else { continue }
            if includeUnmapped || isViewable(w) { return w }
        }
        return nil
    }

    /// Polls until `findWindow(named:)` finds a viewable window; throws with the names it saw otherwise.
    public func waitForWindow(named title: String, exact: Bool = true, timeout: TimeInterval = 10) throws -> XWindowID {
        var found: XWindowID?
        waitUntil(timeout: timeout, interval: 0.02) {
            found = findWindow(named: title, exact: exact)
            return found != nil
        }
        if let found { return found }
        let seen = topLevelWindows().compactMap { name(of: $0) }
        throw XKitTestingError("no viewable window named \(title.debugDescription) after \(timeout) s; top-level names: \(seen)")
    }

    /// `waitForWindow` polling with `Task.sleep`.
    public func waitForWindow(named title: String, exact: Bool = true, timeout: TimeInterval = 10) async throws -> XWindowID {
        var found: XWindowID?
        await waitUntil(timeout: timeout, interval: 0.02) { () async -> Bool in
            found = self.findWindow(named: title, exact: exact)
            return found != nil
        }
        if let found { return found }
        let seen = topLevelWindows().compactMap { name(of: $0) }
        throw XKitTestingError("no viewable window named \(title.debugDescription) after \(timeout) s; top-level names: \(seen)")
    }

    /// The window's outer rectangle (excluding border) in root coordinates, or nil if it is gone.
    public func geometry(of window: XWindowID) -> Rect? {
        locked {
            var attrs = XWindowAttributes()
            var rx: Int32 = 0, ry: Int32 = 0, child: UInt = 0
            let (ok, errors) = connection.trappingErrors { () -> Int32 in
                guard XGetWindowAttributes(dpy, window, &attrs) != 0 else { return 0 }
                return XTranslateCoordinates(dpy, window, connection.root, 0, 0, &rx, &ry, &child)
            }
            guard ok != 0, errors.isEmpty else { return nil }
            return Rect(x: Double(rx), y: Double(ry), width: Double(attrs.width), height: Double(attrs.height))
        }
    }

    /// Whether the window exists and is viewable (it and all its ancestors are mapped).
    public func isViewable(_ window: XWindowID) -> Bool {
        locked {
            var attrs = XWindowAttributes()
            let (ok, errors) = connection.trappingErrors { XGetWindowAttributes(dpy, window, &attrs) }
            return ok != 0 && errors.isEmpty && attrs.map_state == IsViewable
        }
    }

    /// Whether the window is override-redirect (popups and menus are).
    public func isOverrideRedirect(_ window: XWindowID) -> Bool {
        locked {
            var attrs = XWindowAttributes()
            let (ok, errors) = connection.trappingErrors { XGetWindowAttributes(dpy, window, &attrs) }
            return ok != 0 && errors.isEmpty && attrs.override_redirect != 0
        }
    }

    /// A text property (format 8: STRING, UTF8_STRING, COMPOUND_TEXT is returned as raw UTF-8 bytes).
    public func stringProperty(_ window: XWindowID, _ name: String) -> String? {
        guard let prop = rawProperty(window, name), prop.format == 8 else { return nil }
        let bytes = prop.data.last == 0 ? prop.data.dropLast() : prop.data[...]
        if atomName(prop.type) == "STRING" { return String(bytes.map { Character(Unicode.Scalar($0)) }) } // Latin-1
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An ATOM-list property, as atom names (e.g. `_NET_WM_WINDOW_TYPE`, `_NET_WM_STATE`, `WM_PROTOCOLS`).
    public func atomListProperty(_ window: XWindowID, _ name: String) -> [String]? {
        guard let values = integerListProperty(window, name) else { return nil }
        return values.map { atomName(UInt(bitPattern: $0)) ?? "#\($0)" }
    }

    /// A format-32 property (CARDINAL, INTEGER, WINDOW...) as integers (C long on the wire from Xlib).
    public func integerListProperty(_ window: XWindowID, _ name: String) -> [Int]? {
        guard let prop = rawProperty(window, name), prop.format == 32 else { return nil }
        return prop.data.withUnsafeBytes { raw in Array(raw.bindMemory(to: Int.self)) }
    }

    /// The raw property: its type atom, format (8/16/32) and bytes. Format-32 data is an array of C `long`.
    public func rawProperty(_ window: XWindowID, _ name: String) -> (type: UInt, format: Int, data: [UInt8])? {
        locked {
            let prop = connection.atom(name, onlyIfExists: true)
            guard prop != 0 else { return nil }
            var type: UInt = 0
            var format: Int32 = 0
            var count: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            let (rc, errors) = connection.trappingErrors {
                XGetWindowProperty(dpy, window, prop, 0, 1 << 24, 0, 0 /* AnyPropertyType */, &type, &format, &count, &after, &data)
            }
            defer { if let data { XFree(data) } }
            guard rc == Success, errors.isEmpty, type != 0, let data else { return nil }
            let unit = format == 32 ? MemoryLayout<Int>.size : Int(format) / 8
            return (type, Int(format), Array(UnsafeBufferPointer(start: data, count: Int(count) * unit)))
        }
    }

    /// Sets a WINDOW-list property (format 32), as a window manager sets `_NET_CLIENT_LIST`.
    public func setWindowListProperty(_ window: XWindowID, _ name: String, to windows: [XWindowID]) throws {
        let errors = locked {
            connection.trappingErrors { () -> Void in
                var values = windows.map { Int(bitPattern: $0) }
                XChangeProperty(dpy, window, connection.atom(name), XA_WINDOW, 32, PropModeReplace, &values,
                                Int32(values.count))
                XSync(dpy, 0)
            }.1
        }
        if !errors.isEmpty { throw XKitTestingError("cannot set \(name) on window \(window): X errors \(errors)") }
    }

    /// The window's WM_CLASS (instance, class).
    public func wmClass(of window: XWindowID) -> (instance: String, className: String)? {
        guard let prop = rawProperty(window, "WM_CLASS"), prop.format == 8 else { return nil }
        let parts = prop.data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        return parts.count >= 2 ? (parts[0], parts[1]) : nil
    }

    public func atomName(_ atom: UInt) -> String? { locked { connection.atomName(atom) } }
    public func internAtom(_ name: String) -> UInt { locked { connection.atom(name) } }

    /// The window owning a selection (`CLIPBOARD`, `PRIMARY`, `CLIPBOARD_MANAGER`...), 0 if none.
    public func selectionOwner(_ selection: String) -> XWindowID {
        locked { XGetSelectionOwner(dpy, connection.atom(selection)) }
    }

    /// The window that has input focus, 0 (None) or 1 (PointerRoot) if none.
    public func focusedWindow() -> XWindowID {
        locked {
            var w: UInt = 0
            var revert: Int32 = 0
            XGetInputFocus(dpy, &w, &revert)
            return w
        }
    }

    /// Asks for `window` to move to `origin` (root pixels), as a pager or the user would: a window
    /// manager moves its frame there and keeps the window inside the frame.
    public func move(_ window: XWindowID, to origin: Point) throws {
        let errors = locked {
            connection.trappingErrors { () -> Void in
                XMoveWindow(dpy, window, Int32(origin.x.rounded()), Int32(origin.y.rounded()))
                XSync(dpy, 0)
            }.1
        }
        if !errors.isEmpty { throw XKitTestingError("cannot move window \(window): X errors \(errors)") }
    }

    /// Asks the window manager to keep `window` above other windows (EWMH `_NET_WM_STATE_ABOVE`), as
    /// a pager's "always on top" does; without a window manager nothing happens.
    public func keepAbove(_ window: XWindowID) throws {
        let errors = locked {
            connection.trappingErrors { () -> Void in
                var event = XEvent()
                event.xclient.type = ClientMessage
                event.xclient.window = window
                event.xclient.message_type = connection.atom("_NET_WM_STATE")
                event.xclient.format = 32
                event.xclient.data.l.0 = 1 // _NET_WM_STATE_ADD
                event.xclient.data.l.1 = Int(bitPattern: connection.atom("_NET_WM_STATE_ABOVE"))
                event.xclient.data.l.3 = 1 // from an application
                XSendEvent(dpy, connection.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
                XSync(dpy, 0)
            }.1
        }
        if !errors.isEmpty { throw XKitTestingError("cannot keep window \(window) above: X errors \(errors)") }
    }

    /// XSync on this connection: the server has processed everything sent before.
    public func sync() { connection.sync() }

    private func locked<R>(_ body: () throws -> R) rethrows -> R {
        connection.lock.lock(); defer { connection.lock.unlock() }
        return try body()
    }
}
