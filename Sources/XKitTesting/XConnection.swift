import Foundation
import XKit
import CX11
#if canImport(Glibc)
import Glibc
#endif

/// The X window id type as plain `UInt` (Xlib's `Window`/`XID` is `unsigned long`). XKit has its own
/// `Window` class, so the harness never spells Xlib's name in public API.
public typealias XWindowID = UInt

/// One harness-owned Xlib connection. Errors on it are recorded, never fatal.
final class XConnection: @unchecked Sendable {
    let dpy: OpaquePointer
    let displayName: String
    let lock = NSRecursiveLock()

    init(displayName: String? = nil) throws {
        let name = try displayName ?? XvfbServer.shared().display
        installErrorHandler
        guard let dpy = XOpenDisplay(name) else {
            throw XKitTestingError("XOpenDisplay(\(name)) failed")
        }
        self.dpy = dpy
        self.displayName = name
        harnessDisplays.withLock { $0[UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(dpy)))] = [] }
    }

    deinit {
        harnessDisplays.withLock { _ = $0.removeValue(forKey: key) }
        XCloseDisplay(dpy)
    }

    private var key: UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(dpy))) }

    var root: XWindowID { XDefaultRootWindow(dpy) }
    var screen: Int32 { XDefaultScreen(dpy) }

    func sync() { lock.lock(); defer { lock.unlock() }; XSync(dpy, 0) }

    /// Runs `body`, syncs, and returns the X errors it caused (error codes).
    func trappingErrors<R>(_ body: () throws -> R) rethrows -> (R, [Int32]) {
        lock.lock(); defer { lock.unlock() }
        XSync(dpy, 0)
        harnessDisplays.withLock { $0[key] = [] }
        let r = try body()
        XSync(dpy, 0)
        let errors = harnessDisplays.withLock { d -> [Int32] in let e = d[key] ?? []; d[key] = []; return e }
        return (r, errors)
    }

    func atom(_ name: String, onlyIfExists: Bool = false) -> UInt {
        XInternAtom(dpy, name, onlyIfExists ? 1 : 0)
    }

    func atomName(_ atom: UInt) -> String? {
        guard atom != 0 else { return nil }
        let (name, errors) = trappingErrors { XGetAtomName(dpy, atom) }
        guard errors.isEmpty, let name else { return nil }
        defer { XFree(name) }
        return String(cString: name)
    }
}

/// Error codes recorded per harness display (keyed by the Display pointer).
let harnessDisplays = Locked<[UInt: [Int32]]>([:])

/// Installed once. Errors on harness connections are recorded; others go to the handler that was
/// installed before (e.g. XKit's), or are logged — never Xlib's default, which calls exit(1).
/// If XKit installs its own handler later, it receives harness errors too; the harness only relies
/// on this for diagnostics and checks state up front (e.g. map state before XGetImage).
private let installErrorHandler: Void = {
    let previous = XSetErrorHandler(nil)
    let xlibDefault = XSetErrorHandler(nil)
    if let previous, let xlibDefault,
       unsafeBitCast(previous, to: UnsafeRawPointer.self) != unsafeBitCast(xlibDefault, to: UnsafeRawPointer.self) {
        previousErrorHandler.withLock { $0 = previous }
    }
    _ = XSetErrorHandler { dpy, event in
        guard let dpy, let event else { return 0 }
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(dpy)))
        let code = Int32(event.pointee.error_code)
        let ours = harnessDisplays.withLock { d -> Bool in
            guard d[key] != nil else { return false }
            d[key]!.append(code)
            return true
        }
        if ours { return 0 }
        if let previous = previousErrorHandler.withLock({ $0 }) { return previous(dpy, event) }
        var text = [CChar](repeating: 0, count: 256)
        XGetErrorText(dpy, code, &text, Int32(text.count))
        let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        FileHandle.standardError.write(Data("xkit-testing: X error \(message) (request \(event.pointee.request_code))\n".utf8))
        return 0
    }
}()

private let previousErrorHandler = Locked<XErrorHandler?>(nil)
