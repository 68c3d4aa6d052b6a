import CX11
import Glibc
import XKitCore

/// Xlib's error handlers: X errors are recorded (and traced) instead of killing the process.
///
/// Xlib's default handler prints and calls `exit(1)`. Ours records the first error while a trap is
/// open, so a caller can tell whether its requests failed (a requestor window that vanished
/// mid-transfer gives BadWindow), and otherwise logs it. An I/O error — the server is gone — cannot
/// be recovered in Xlib, so we say so plainly and exit.
///
/// The state is process-wide because Xlib's handlers are: `XSetErrorHandler` takes a C function
/// that captures nothing and is called on whichever thread made the request. This is the one
/// place in the backend with mutable statics, and nothing outside this type touches them.
enum XErrorTrap {
    nonisolated(unsafe) private static var depth = 0
    nonisolated(unsafe) private static var trapped: XKitError?
    nonisolated(unsafe) private static var installed = false
    /// Sees errors no trap was open for; returning true marks one as expected, so it is not logged.
    /// Lets a sender check its writes lazily instead of paying an XSync round trip per request.
    nonisolated(unsafe) static var untrappedObserver: ((XErrorEvent) -> Bool)?
    /// The app's own connection. Xlib's handler is process-wide, so it also hears the errors of other
    /// connections in the process (a test's raw client on its own thread); those are not ours to judge.
    nonisolated(unsafe) static var appDisplay: OpaquePointer?
    /// Errors seen since start, for tests and diagnostics.
    nonisolated(unsafe) private(set) static var errorCount = 0

    /// Set once `exit` has begun (our atexit hook runs before those registered earlier, such as a
    /// test harness stopping its Xvfb).
    nonisolated(unsafe) private static var processIsExiting = false

    static func install() {
        guard !installed else { return }
        installed = true
        atexit { XErrorTrap.processIsExiting = true }
        XSetErrorHandler { display, event in
            guard let display, let event, display == XErrorTrap.appDisplay else { return 0 }
            XErrorTrap.record(display: display, event: event.pointee)
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
    }

    static func begin() {
        if depth == 0 { trapped = nil }
        depth += 1
    }

    static func end() -> XKitError? {
        depth = max(0, depth - 1)
        let result = trapped
        if depth == 0 { trapped = nil }
        return result
    }

    private static func record(display: OpaquePointer, event: XErrorEvent) {
        errorCount += 1
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
