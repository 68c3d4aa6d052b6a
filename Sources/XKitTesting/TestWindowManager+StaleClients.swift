import Foundation
import CX11

extension TestWindowManager {
    /// Windows the manager still lists in `_NET_CLIENT_LIST` though the server has destroyed them.
    ///
    /// openbox keeps such a record when an app dies while openbox is managing its window (after its
    /// checks that the window is there): it goes on with garbage geometry and never hears of the
    /// window again. The server hands the same id to the next client's first window, whose
    /// MapRequest openbox takes for the dead record's and drops, so that app never maps.
    public func clientsThatNoLongerExist() throws -> [XWindowID] {
        let finder = try WindowFinder(display: display)
        let listed = finder.integerListProperty(finder.rootWindow, "_NET_CLIENT_LIST") ?? []
        return listed.map { XWindowID(bitPattern: $0) }.filter { finder.parent(of: $0) == nil }
    }

    /// Restarts the manager if it goes on listing destroyed windows (see `clientsThatNoLongerExist`),
    /// so the next app's window is not mistaken for one of them; returns the ids it had kept.
    ///
    /// A window destroyed a moment ago is listed until the manager reads its DestroyNotify, and a
    /// busy manager reads it late (xdotool's keymap changes kept openbox reloading its key bindings
    /// for over a second), so the list is judged once the manager has caught up. `AppProcess` calls
    /// this before it launches an app on a display the harness runs a manager on.
    @discardableResult
    public func forgetDestroyedClients() throws -> [XWindowID] {
        guard !(try clientsThatNoLongerExist()).isEmpty else { return [] }
        _ = try waitUntilCaughtUp()
        let stale = try clientsThatNoLongerExist()
        guard !stale.isEmpty else { return [] }
        let ids = stale.map { "0x" + String($0, radix: 16) }.joined(separator: " ")
        FileHandle.standardError.write(Data("""
            [XKitTesting] \(kind.rawValue) goes on listing destroyed windows (\(ids)) in _NET_CLIENT_LIST; \
            restarting it so a new window with the same id is managed\n
            """.utf8))
        try restart()
        let left = try clientsThatNoLongerExist()
        guard left.isEmpty else {
            throw XKitTestingError("\(kind.rawValue) still lists destroyed windows \(left) after a restart; see \(logFile)")
        }
        return stale
    }

    /// Returns once the manager has handled every event the server sent it before this call; false
    /// if it did not within `timeout`.
    ///
    /// It asks for the frame extents of a window of its own (`_NET_REQUEST_FRAME_EXTENTS`, which
    /// EWMH managers answer for windows they do not manage): the answer comes after everything
    /// queued before the question.
    public func waitUntilCaughtUp(timeout: TimeInterval = 10) throws -> Bool {
        guard let dpy = XOpenDisplay(display) else { throw XKitTestingError("cannot open \(display)") }
        defer { XCloseDisplay(dpy) }
        return Self.waitUntilCaughtUp(dpy, timeout: timeout)
    }

    /// `waitUntilCaughtUp(timeout:)` over a connection the caller has open.
    static func waitUntilCaughtUp(_ dpy: OpaquePointer, timeout: TimeInterval) -> Bool {
        let root = XDefaultRootWindow(dpy)
        let probe = XCreateSimpleWindow(dpy, root, 0, 0, 10, 10, 0, 0, 0)
        defer { XDestroyWindow(dpy, probe); XSync(dpy, 0) }
        let extents = XInternAtom(dpy, "_NET_FRAME_EXTENTS", 0)
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = probe
        event.xclient.message_type = XInternAtom(dpy, "_NET_REQUEST_FRAME_EXTENTS", 0)
        event.xclient.format = 32
        XSendEvent(dpy, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XSync(dpy, 0)
        return waitUntil(timeout: timeout, interval: 0.005) {
            var type: UInt = 0
            var format: Int32 = 0
            var count: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            let status = XGetWindowProperty(dpy, probe, extents, 0, 4, 0, XA_CARDINAL, &type, &format, &count, &after, &data)
            if let data { XFree(data) }
            return status == Success && count == 4
        }
    }
}
