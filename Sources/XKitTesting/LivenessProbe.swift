import Foundation
import CX11
#if canImport(Glibc)
import Glibc
#endif

/// Proof that an app still handles X events: a `_NET_WM_PING` it must answer, as window managers send.
///
/// Tests that assert an absence ("no menu within 0.3 s") end with a probe, so a hung or crashed app
/// cannot pass them by staying quiet.
public enum LivenessProbe {
    /// Sends `_NET_WM_PING` to `window` and waits for the reply on the root window; true if it came in time.
    public static func ping(window: XWindowID, timeout: TimeInterval = 3, display: String? = nil) -> Bool {
        guard let connection = try? XConnection(displayName: display) else { return false }
        let dpy = connection.dpy
        let root = XDefaultRootWindow(dpy)
        // Replies go to the root with SubstructureNotify|Redirect; listening for Notify suffices and
        // leaves Redirect to a window manager.
        XSelectInput(dpy, root, Int(SubstructureNotifyMask))
        let protocols = XInternAtom(dpy, "WM_PROTOCOLS", 0), ping = XInternAtom(dpy, "_NET_WM_PING", 0)
        // Below 2^31: Xlib sign-extends format-32 items it reads into C longs.
        let token = Int.random(in: 1..<Int(Int32.max))
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = protocols
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(ping)
        event.xclient.data.l.1 = token
        event.xclient.data.l.2 = Int(window)
        let (_, errors) = connection.trappingErrors { XSendEvent(dpy, window, 0, 0, &event) }
        guard errors.isEmpty else { return false }
        let deadline = monotonicNow() + timeout
        while monotonicNow() < deadline {
            while XPending(dpy) > 0 {
                var reply = XEvent()
                XNextEvent(dpy, &reply)
                if reply.type == ClientMessage, reply.xclient.message_type == protocols,
                   reply.xclient.data.l.0 == Int(ping), reply.xclient.data.l.1 == token { return true }
            }
            var fd = pollfd(fd: XConnectionNumber(dpy), events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, 20)
        }
        return false
    }
}

extension AppProcess {
    /// The X id of the app's main window (title `title`, or the first mapped window that is not a menu).
    public func windowID(title: String? = nil) -> XWindowID? {
        let mapped = events.filter { $0.name == "window.mapped" && ($0.string("title") != "menu") }
        let event = title.map { t in mapped.last { $0.string("title") == t } } ?? mapped.first
        return event?.int("xid").map { XWindowID($0) }
    }

    /// Whether the app still handles X events: it answers a `_NET_WM_PING` on its main window in time.
    public func isResponsive(timeout: TimeInterval = 3) -> Bool {
        guard isRunning, let window = windowID() else { return false }
        return LivenessProbe.ping(window: window, timeout: timeout)
    }
}
