import CX11
import Dispatch
import Glibc
import XKitCore

/// Errors the X backend reports to apps.
public enum XKitError: Error, CustomStringConvertible, Equatable {
    /// No display could be opened.
    case noDisplay(String)
    /// An X request failed (the code names the error, e.g. BadWindow).
    case xError(code: UInt8, request: UInt8, description: String)
    /// A wait for the server or another client ran out of time.
    case timeout(String)
    /// The data was not valid UTF-8 text.
    case invalidUTF8
    /// The data was larger than the caller allowed.
    case tooLarge(limit: Int)
    /// Nobody owns the selection.
    case noOwner
    /// The owner refused the conversion.
    case conversionRefused(target: String)
    /// The server did not make us the selection's owner (another client took it with a later time).
    case selectionNotAcquired(String)
    /// The owner answered with data of a type or format other than the one asked for (e.g. INTEGER
    /// in format 32 for a text paste); nothing of it was kept.
    case unexpectedReply(type: String, format: Int, expected: String)
    /// The display names a server, but connecting to it failed even after retries (the reason is
    /// the system's, e.g. "Connection refused").
    case cannotConnect(display: String, reason: String)
    /// The X server lacks an extension XKit cannot draw without (RENDER), so the app does not start.
    case missingExtension(name: String, display: String)

    public var description: String {
        switch self {
        case .noDisplay(let name): return "no X display: set DISPLAY or run under Xvfb (tried \"\(name)\")"
        case .cannotConnect(let display, let reason):
            return "cannot connect to the X display \"\(display)\": \(reason) (tried \(XConnection.openAttempts) times)"
        case .xError(_, _, let text): return "X error: \(text)"
        case .timeout(let what): return "timed out: \(what)"
        case .invalidUTF8: return "the data is not valid UTF-8"
        case .tooLarge(let limit): return "the data is larger than the \(limit)-byte limit"
        case .noOwner: return "nobody owns the selection"
        case .conversionRefused(let target): return "the owner refused to convert to \(target)"
        case .selectionNotAcquired(let name): return "could not take ownership of \(name)"
        case .unexpectedReply(let type, let format, let expected):
            return "the owner replied with type \(type) in format \(format), not \(expected)"
        case .missingExtension(let name, let display):
            return "the X server \(display) has no \(name) extension, which XKit draws every fill, image and "
                + "antialiased text with; without it the window would be unreadable, so the app does not start "
                + "(Xvfb and Xorg have it unless started with -extension \(name))"
        }
    }
}

/// The process's connection to the X server: display, screen, atoms and error trapping.
///
/// Everything in XKit that talks to Xlib goes through the one shared connection, on the main thread.
@MainActor
package final class XConnection {
    /// Opens a connection to `$DISPLAY`; the X11 platform holds the app's one connection.
    static func open() throws -> XConnection {
        try XConnection(displayName: nil)
    }

    /// The connection's X errors (traps and the untrapped-error observer).
    let errors: XErrorLog
    /// The Xlib `Display*`.
    let display: OpaquePointer
    let screen: Int32
    let root: XID
    private var rootEventMask = 0
    let atoms: AtomCache
    /// The X connection's file descriptor, watched by the event loop.
    let fileDescriptor: Int32
    /// Logical-to-device scale from `Xft.dpi` (1 at 96 dpi), or `XKIT_SCALE`; the XSETTINGS
    /// manager's `Xft/DPI` changes it while the app runs (see `X11Platform+DisplayChanges`).
    package internal(set) var scale: Double
    /// Whether `XKIT_SCALE` fixed the scale: the user's explicit choice outranks the desktop's DPI.
    let scaleIsFixed: Bool
    /// The screen size in logical points.
    package var screenSize: Size {
        Size(width: Double(XDisplayWidth(display, screen)) / scale, height: Double(XDisplayHeight(display, screen)) / scale)
    }
    /// The server's request-size limits (read once here: no round trip later).
    let requestLimits: XRequestLimits
    /// The server's maximum request length in bytes (extended when the server supports it).
    var maxRequestBytes: Int { requestLimits.maxRequestBytes }

    /// How many times a display that exists is tried before giving up.
    nonisolated static let openAttempts = 4

    /// Opens the display, retrying a failed connection a few times with a short backoff when the
    /// server's socket is there. A display with no server fails at once, with the set-up hint.
    ///
    /// Why a live server can refuse: an X server started without `-noreset` resets when its last
    /// client leaves, and the reset closes every connection still in its set-up handshake
    /// (ECONNRESET), so an app launched just as the previous one exits can lose the race
    /// (`scripts/diagnostics/x-reset-race.c` shows it). The server accepts again once the reset is done.
    private static func openDisplay(_ displayName: String?) throws -> OpaquePointer {
        let name = displayName ?? (getenv("DISPLAY").map { String(cString: $0) } ?? "")
        var reason = ""
        for attempt in 0..<openAttempts {
            errno = 0
            if let display = XOpenDisplay(displayName) {
                if attempt > 0 { Trace.warn("connecting to the X display \"\(name)\" failed (\(reason)); it worked on try \(attempt + 1)") }
                return display
            }
            reason = errno == 0 ? "the server refused the connection" : String(cString: strerror(errno))
            guard serverSocketExists(for: name) else { throw XKitError.noDisplay(name) }
            if attempt + 1 < openAttempts { usleep(useconds_t(5_000 << (2 * attempt))) }
        }
        throw XKitError.cannotConnect(display: name, reason: reason)
    }

    /// Whether a local display's server socket (`/tmp/.X11-unix/X<n>`) exists; true for a
    /// display on another host, which only a retry can tell about.
    private static func serverSocketExists(for name: String) -> Bool {
        guard let colon = name.lastIndex(of: ":") else { return false }
        let host = name[..<colon]
        guard host.isEmpty || host == "unix" else { return true }
        let number = name[name.index(after: colon)...].prefix { $0.isNumber }
        guard !number.isEmpty else { return false }
        return access("/tmp/.X11-unix/X\(number)", F_OK) == 0
    }

    private init(displayName: String?) throws {
        // Before the socket exists: with fd 2 closed it would otherwise become "stderr".
        StandardStreams.prepare()
        Trace.prepare()
        XErrorTrap.install()
        let display = try XConnection.openDisplay(displayName)
        errors = XErrorLog(display: display)
        XErrorTrap.adopt(errors)
        self.display = display
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        atoms = AtomCache(display: display)
        fileDescriptor = XConnectionNumber(display)
        (scale, scaleIsFixed) = XConnection.readScale(display)
        // Both are read from the connection setup Xlib already holds; neither is a round trip.
        let core = Int(XMaxRequestSize(display)) * 4
        let extended = Int(XExtendedMaxRequestSize(display)) * 4
        requestLimits = XRequestLimits(maxRequestBytes: extended > 0 ? extended : core, coreMaxRequestBytes: core)
        XkbSetDetectableAutoRepeat(display, 1, nil)
    }

    /// Interns (and caches) an atom.
    func atom(_ name: String) -> Atom { atoms.atom(name) }

    /// The name of an atom, for traces and diagnostics.
    func atomName(_ atom: Atom) -> String { atoms.name(of: atom) }

    /// Sends the request buffer to the server.
    func flush() { XFlush(display) }

    /// Runs `body` and waits for the server to process it, returning the first X error it caused.
    ///
    /// Errors are asynchronous in X, so the only way to tie one to a request is a round trip. When
    /// `body`'s last request waits for its reply (a property read), that wait is the round trip:
    /// Xlib hands every error of the earlier requests, and the request's own, to the error handler
    /// before it returns the reply, so `endsWithReply` skips the `XSync`.
    @discardableResult
    func trapErrors(endsWithReply: Bool = false, _ body: () -> Void) -> XKitError? {
        errors.beginTrap()
        body()
        if !endsWithReply { sync() }
        return errors.endTrap()
    }

    /// Adds to the events this connection selects on the root window.
    ///
    /// The mask is kept here rather than read back with `XGetWindowAttributes` (a round trip before
    /// the first frame). Xlib's input-method callback replaces the root's mask behind our back, so
    /// `InputMethod` adds Xlib's bit here after registering it, which also restores ours.
    func addRootEventMask(_ mask: Int) {
        rootEventMask |= mask
        XSelectInput(display, root, rootEventMask)
    }

    /// Waits until the server has handled every request, then wakes the event loop for the events
    /// the wait read into Xlib's queue (see `QueuedEventWatch`).
    func sync() {
        XSync(display, 0)
        QueuedEventWatch.wakeIfEventsQueued(on: display)
    }

    /// `XKIT_SCALE` when it is valid (then `fixed`), else the scale for `Xft.dpi`, else 1; a bad
    /// value of either is ignored with one warning.
    private static func readScale(_ display: OpaquePointer) -> (scale: Double, fixed: Bool) {
        if let env = getenv("XKIT_SCALE"), env.pointee != 0 {
            let text = String(cString: env)
            if let scale = DisplayScale.scale(fromSetting: text) { return (scale, true) }
            Trace.warn("XKIT_SCALE=\(text) is ignored: the scale must be a number from 0.5 to 8")
        }
        return (readResourceScale(display), false)
    }

    /// A value of the RESOURCE_MANAGER property (what xrdb loads), e.g. `resource("Xft.dpi", class: "Xft.Dpi")`.
    ///
    /// Only the property is read, as Xft reads it: `XGetDefault` would also parse resource files
    /// and load the X locale database (about 0.5 MiB) when the property is absent.
    func resource(_ name: String, class className: String) -> String? {
        XConnection.resource(display, name, class: className)
    }

    private static func resource(_ display: OpaquePointer, _ name: String, class className: String) -> String? {
        guard let resources = XResourceManagerString(display) else { return nil }
        let db = XrmGetStringDatabase(resources)
        defer { XrmDestroyDatabase(db) }
        var type: UnsafeMutablePointer<CChar>?
        var value = XrmValue()
        guard XrmGetResource(db, name, className, &type, &value) != 0, let addr = value.addr else { return nil }
        return String(cString: addr)
    }

    /// The scale for the `Xft.dpi` resource, else 1.
    private static func readResourceScale(_ display: OpaquePointer) -> Double {
        guard let text = resource(display, "Xft.dpi", class: "Xft.Dpi") else { return 1 }
        if let scale = DisplayScale.scale(fromDPI: text) { return scale }
        Trace.warn("Xft.dpi: \(text) is ignored: it must be a number from \(Int(DisplayScale.dpiRange.lowerBound)) "
            + "to \(Int(DisplayScale.dpiRange.upperBound)); using 96")
        return 1
    }
}
