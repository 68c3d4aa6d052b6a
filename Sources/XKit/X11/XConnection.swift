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

    public var description: String {
        switch self {
        case .noDisplay(let name): return "no X display: set DISPLAY or run under Xvfb (tried \"\(name)\")"
        case .xError(_, _, let text): return "X error: \(text)"
        case .timeout(let what): return "timed out: \(what)"
        case .invalidUTF8: return "the data is not valid UTF-8"
        case .tooLarge(let limit): return "the data is larger than the \(limit)-byte limit"
        case .noOwner: return "nobody owns the selection"
        case .conversionRefused(let target): return "the owner refused to convert to \(target)"
        case .selectionNotAcquired(let name): return "could not take ownership of \(name)"
        case .unexpectedReply(let type, let format, let expected):
            return "the owner replied with type \(type) in format \(format), not \(expected)"
        }
    }
}

/// The process's connection to the X server: display, screen, atoms and error trapping.
///
/// Everything in XKit that talks to Xlib goes through the one shared connection, on the main thread.
@MainActor
public final class XConnection {
    /// The shared connection, opened on first use.
    public static func shared() throws -> XConnection {
        if let existing = current { return existing }
        let connection = try XConnection(displayName: nil)
        current = connection
        return connection
    }

    /// The shared connection if one is open.
    public private(set) static var current: XConnection?

    /// The Xlib `Display*`.
    let display: OpaquePointer
    let screen: Int32
    let root: XID
    let atoms: AtomCache
    /// The X connection's file descriptor, watched by the event loop.
    let fileDescriptor: Int32
    /// Logical-to-device scale from `Xft.dpi` (1 at 96 dpi), or `XKIT_SCALE`.
    public let scale: Double
    /// The screen size in logical points.
    public let screenSize: Size
    /// The server's maximum request length in bytes (extended when the server supports it).
    let maxRequestBytes: Int

    private init(displayName: String?) throws {
        XErrorTrap.install()
        guard let display = XOpenDisplay(displayName) else {
            let name = displayName ?? (getenv("DISPLAY").map { String(cString: $0) } ?? "")
            throw XKitError.noDisplay(name)
        }
        self.display = display
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        atoms = AtomCache(display: display)
        fileDescriptor = XConnectionNumber(display)
        scale = XConnection.readScale(display)
        screenSize = Size(width: Double(XDisplayWidth(display, screen)) / scale,
                          height: Double(XDisplayHeight(display, screen)) / scale)
        let extended = XExtendedMaxRequestSize(display)
        let words = extended > 0 ? extended : XMaxRequestSize(display)
        maxRequestBytes = Int(words) * 4
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
    /// Errors are asynchronous in X, so the only way to tie one to a request is a round trip.
    @discardableResult
    func trapErrors(_ body: () -> Void) -> XKitError? {
        XErrorTrap.begin()
        body()
        XSync(display, 0)
        return XErrorTrap.end()
    }

    private static func readScale(_ display: OpaquePointer) -> Double {
        if let env = getenv("XKIT_SCALE"), let value = Double(String(cString: env)), value > 0 { return value }
        guard let resources = XResourceManagerString(display) else { return 1 }
        let db = XrmGetStringDatabase(resources)
        defer { XrmDestroyDatabase(db) }
        var type: UnsafeMutablePointer<CChar>?
        var value = XrmValue()
        guard XrmGetResource(db, "Xft.dpi", "Xft.Dpi", &type, &value) != 0, let addr = value.addr,
              let dpi = Double(String(cString: addr)), dpi > 0 else { return 1 }
        // Whole and half steps keep 1-pixel lines crisp; 144 dpi gives 1.5.
        return max(1, (dpi / 96 * 2).rounded() / 2)
    }
}
