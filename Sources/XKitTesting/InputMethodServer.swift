import CX11
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real XIM server for tests: `uim-xim` with one engine (byeoru for Korean, anthy for Japanese)
/// on a given display, with its own HOME so the user's `~/.uim` plays no part.
///
/// An XIM server serves only clients whose locale it lists, and a fresh machine has only
/// `C.utf8`: the locale is generated here with `localedef` when missing (as root).
public final class InputMethodServer: @unchecked Sendable {
    /// The uim engine (`byeoru`, `anthy`, …).
    public let engine: String
    /// The locale the server and the app run in (`ko_KR.UTF-8`).
    public let locale: String
    /// The server's and the app's HOME, holding `.uim`.
    public let home: URL
    private let display: String
    private var child: ChildProcess?

    /// Environment for an app that must use this server.
    public var environment: [String: String] {
        ["LANG": locale, "LC_ALL": locale, "XMODIFIERS": "@im=uim", "HOME": home.path]
    }

    /// Starts `uim-xim --engine=<engine>` on `display` and waits until it has registered.
    /// Throws `Unavailable` (a reason to skip) when the packages or the locale are missing.
    public init(engine: String, locale: String, display: String) throws {
        self.engine = engine
        self.locale = locale
        self.display = display
        if let reason = InputMethodServer.unavailableReason(engine: engine, locale: locale) { throw Unavailable(reason: reason) }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-uim-\(getpid())-\(engine)")
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
        let process = try ChildProcess.spawn(["uim-xim", "--engine=\(engine)"],
                                             environment: ["DISPLAY": display, "LANG": locale, "LC_ALL": locale,
                                                           "HOME": home.path],
                                             stdin: .null, stdout: .null, stderr: .null)
        child = process
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if process.hasExited { throw Unavailable(reason: "uim-xim exited at start (status \(process.exitStatus ?? -1))") }
            if registered() { return }
            usleep(50_000)
        }
        throw Unavailable(reason: "uim-xim did not register in XIM_SERVERS within 10 s")
    }

    /// Kills the server (and its candidate-window helper), as a crash would.
    public func stop() {
        child?.terminate(grace: 0.5)
        child = nil
    }

    /// Whether a live uim server owns its XIM selection. XIM_SERVERS alone is not enough: a
    /// killed server leaves its atom listed there.
    private func registered() -> Bool {
        guard let connection = try? XConnection(displayName: display) else { return false }
        connection.lock.lock(); defer { connection.lock.unlock() }
        let atom = XInternAtom(connection.dpy, "@server=uim", 0)
        return XGetSelectionOwner(connection.dpy, atom) != 0
    }

    /// Checks the programs, the engine and the locale, generating the locale if it can.
    public static func unavailableReason(engine: String, locale: String) -> String? {
        guard findExecutable("uim-xim") != nil else {
            return "uim-xim is not installed (apt-get install -y uim-xim uim-byeoru uim-anthy, or scripts/ensure-deps.sh test)"
        }
        guard FileManager.default.fileExists(atPath: "/usr/share/uim/\(engine).scm") else {
            return "the uim engine \(engine) is not installed (uim-\(engine))"
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
