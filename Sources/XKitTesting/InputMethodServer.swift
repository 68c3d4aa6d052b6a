import CX11
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real XIM server for tests: `uim-xim` with one engine (byeoru for Korean, anthy for Japanese),
/// or `ibus-daemon --xim` with one engine inside its own `dbus-run-session`, on a given display,
/// with its own HOME so the user's `~/.uim` or ibus settings play no part.
///
/// An XIM server serves only clients whose locale it lists, and a fresh machine has only
/// `C.utf8`: the locale is generated here with `localedef` when missing (as root).
public final class InputMethodServer: @unchecked Sendable {
    /// Which server.
    public enum Kind: String, Sendable { case uim, ibus }
    /// uim or ibus.
    public let kind: Kind
    /// The engine (`byeoru`, `anthy-utf8` for uim; `hangul` for ibus).
    public let engine: String
    /// The locale the server and the app run in (`ko_KR.UTF-8`).
    public let locale: String
    /// The server's and the app's HOME, holding `.uim`.
    public let home: URL
    private let display: String
    private var child: ChildProcess?

    /// Environment for an app that must use this server.
    public var environment: [String: String] {
        ["LANG": locale, "LC_ALL": locale, "XMODIFIERS": "@im=\(kind.rawValue)", "HOME": home.path]
    }

    /// Starts `uim-xim --engine=<engine>` on `display` and waits until it has registered.
    /// Throws `Unavailable` (a reason to skip) when the packages or the locale are missing.
    public init(_ kind: Kind = .uim, engine: String, locale: String, display: String) throws {
        self.kind = kind
        self.engine = engine
        self.locale = locale
        self.display = display
        if let reason = InputMethodServer.unavailableReason(kind, engine: engine, locale: locale) { throw Unavailable(reason: reason) }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-\(kind.rawValue)-\(getpid())-\(engine)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try "(define default-im-name '\(engine))\n".write(to: home.appendingPathComponent(".uim"), atomically: true, encoding: .utf8)
        try start()
    }

    deinit { stop() }

    /// Why the server cannot run here, or nil.
    public struct Unavailable: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// Starts the server again (after `stop()`), waiting until it has registered.
    public func start() throws {
        guard child == nil || child?.hasExited == true else { return }
        let ready = home.appendingPathComponent("engine-ready")
        try? FileManager.default.removeItem(at: ready)
        let argv: [String]
        switch kind {
        case .uim:
            argv = ["uim-xim", "--engine=\(engine)"]
        case .ibus:
            // ibus needs a session bus; the engine can be chosen only once the daemon answers.
            // ibus-daemon leaves our process group (setsid), so stopping asks it to exit.
            let script = """
                ibus-daemon --xim --panel=disable --daemonize=no &
                trap 'ibus exit; exit 0' TERM INT
                until ibus engine \(engine) 2>/dev/null; do sleep 0.1; done
                touch '\(ready.path)'
                while :; do sleep 0.1; done
                """
            argv = ["dbus-run-session", "--", "sh", "-c", script]
        }
        let process = try ChildProcess.spawn(argv, environment: ["DISPLAY": display, "LANG": locale, "LC_ALL": locale,
                                                                 "HOME": home.path, "GSETTINGS_BACKEND": "memory"],
                                             stdin: .null, stdout: .null, stderr: .null)
        child = process
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if process.hasExited { throw Unavailable(reason: "\(argv[0]) exited at start (status \(process.exitStatus ?? -1))") }
            if registered() && (kind == .uim || FileManager.default.fileExists(atPath: ready.path)) { return }
            usleep(50_000)
        }
        throw Unavailable(reason: "\(kind.rawValue) did not register as an XIM server within 15 s")
    }

    /// Kills the server (and its candidate-window helper), as a crash would.
    public func stop() {
        child?.terminate(grace: 2)
        child = nil
    }

    /// Whether a live uim server owns its XIM selection. XIM_SERVERS alone is not enough: a
    /// killed server leaves its atom listed there.
    private func registered() -> Bool {
        guard let connection = try? XConnection(displayName: display) else { return false }
        connection.lock.lock(); defer { connection.lock.unlock() }
        let atom = XInternAtom(connection.dpy, "@server=\(kind.rawValue)", 0)
        return XGetSelectionOwner(connection.dpy, atom) != 0
    }

    /// Checks the programs, the engine and the locale, generating the locale if it can.
    public static func unavailableReason(_ kind: Kind = .uim, engine: String, locale: String) -> String? {
        switch kind {
        case .uim:
            guard findExecutable("uim-xim") != nil else {
                return "uim-xim is not installed (apt-get install -y uim-xim uim-byeoru uim-anthy, or scripts/ensure-deps.sh test)"
            }
            guard FileManager.default.fileExists(atPath: "/usr/share/uim/\(engine).scm") else {
                return "the uim engine \(engine) is not installed (uim-\(engine))"
            }
        case .ibus:
            guard findExecutable("ibus-daemon") != nil, findExecutable("dbus-run-session") != nil else {
                return "ibus is not installed (apt-get install -y ibus ibus-\(engine))"
            }
            guard FileManager.default.fileExists(atPath: "/usr/share/ibus/component/\(engine).xml") else {
                return "the ibus engine \(engine) is not installed (ibus-\(engine))"
            }
        }
        return ensureLocale(locale)
    }

    /// `ko_KR.UTF-8` → `ko_KR.utf8` in `locale -a`; generated with localedef when missing.
    private static func ensureLocale(_ locale: String) -> String? {
        let parts = locale.split(separator: ".")
        guard parts.count == 2 else { return "bad locale name \(locale)" }
        let normalized = "\(parts[0]).utf8"
        func present() -> Bool {
            (try? runProcess(["locale", "-a"], timeout: 5))?.stdoutString.split(separator: "\n").contains { $0 == normalized } == true
        }
        if present() { return nil }
        guard getuid() == 0, findExecutable("localedef") != nil else {
            return "locale \(locale) is missing; generate it with: localedef -i \(parts[0]) -f UTF-8 \(locale)"
        }
        let made = try? runProcess(["localedef", "-i", String(parts[0]), "-f", "UTF-8", locale], timeout: 60)
        return present() ? nil : "localedef could not generate \(locale): \(made?.stderrString ?? "did not run")"
    }
}
