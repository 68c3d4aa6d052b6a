import CX11
import Glibc
import XKitCore

/// One connection's X errors: open traps, the first error a trap caught, and an observer for the rest.
///
/// The connection owns it and only the thread that makes the connection's Xlib calls (the main
/// thread) touches it, which is also where Xlib calls the error handler for that connection.
final class XErrorLog: @unchecked Sendable {
    /// The connection whose errors these are.
    let display: OpaquePointer
    /// Sees errors no trap was open for; returning true marks one as expected, so it is not logged.
    /// Lets a sender check its writes lazily instead of paying an XSync round trip per request.
    var untrappedObserver: ((XErrorEvent) -> Bool)?
    /// Errors seen since the connection opened, for tests and diagnostics.
    private(set) var count = 0
    private var depth = 0
    private var trapped: XKitError?

    init(display: OpaquePointer) { self.display = display }

    /// Opens a trap: errors from now on are kept for `endTrap` instead of logged.
    func beginTrap() {
        if depth == 0 { trapped = nil }
        depth += 1
    }

    /// Closes a trap and returns the first error it caught.
    func endTrap() -> XKitError? {
        depth = max(0, depth - 1)
        let result = trapped
        if depth == 0 { trapped = nil }
        return result
    }

    fileprivate func record(_ event: XErrorEvent) {
        count += 1
        var buffer = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(event.error_code), &buffer, Int32(buffer.count))
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let error = XKitError.xError(code: event.error_code, request: event.request_code,
                                     description: "\(text) (request \(event.request_code), resource 0x\(String(event.resourceid, radix: 16)))")
        if depth > 0 {
            if trapped == nil { trapped = error }
        } else if untrappedObserver?(event) == true {
            // Expected and handled by whoever installed the observer.
        } else {
            Trace.warn(error.description)
        }
        Trace.emit("x.error", [("code", .int(Int(event.error_code))), ("request", .int(Int(event.request_code))),
                               ("resource", .int(Int(event.resourceid))), ("trapped", .bool(depth > 0))])
    }
}

/// Xlib's error handlers: X errors are recorded (and traced) instead of killing the process.
///
/// Xlib's default handler prints and calls `exit(1)`. Ours hands each error to the app connection's
/// `XErrorLog`, so a caller can tell whether its requests failed (a requestor window that vanished
/// mid-transfer gives BadWindow). An I/O error — the server is gone — cannot be recovered in Xlib,
/// so we say so plainly and exit.
///
/// Xlib's handlers are process-wide C functions that capture nothing, so the handler finds the log
/// through the one static below; it is the backend's only mutable process-wide state besides the
/// exit flag the I/O handler needs.
enum XErrorTrap {
    /// Static because Xlib's error handler is one C function per process that captures nothing.
    ///
    /// The app connection's log. The handler also hears other connections in the process (a test's
    /// raw client on its own thread); their errors are not ours to judge.
    nonisolated(unsafe) private static var appLog: XErrorLog?
    /// Set once `exit` has begun (our atexit hook runs before those registered earlier, such as a
    /// test harness stopping its Xvfb).
    ///
    /// Static because the I/O error handler that reads it is, like the error handler, one C function
    /// per process that captures nothing; written once, by the atexit hook.
    nonisolated(unsafe) private static var processIsExiting = false

    private static let handlers: Void = {
        atexit { XErrorTrap.processIsExiting = true }
        XSetErrorHandler { display, event in
            guard let display, let event, let log = XErrorTrap.appLog, display == log.display else { return 0 }
            log.record(event.pointee)
            return 0
        }
        XSetIOErrorHandler { _ in
            // Another thread is already running exit(); the server vanishing now is part of that.
            // Park this thread and let that exit finish with its own status.
            if XErrorTrap.processIsExiting {
                while true { pause() }
            }
            // Through the non-blocking writer: a stderr nobody reads must not stop the exit.
            Trace.writeToStandardError("xkit: lost the connection to the X server; exiting")
            Trace.emit("x.io_error")
            exit(1)
        }
    }()

    /// Installs the handlers (once) before any connection is opened.
    static func install() { _ = handlers }

    /// Routes the app connection's errors to `log`.
    static func adopt(_ log: XErrorLog) { appLog = log }
}
