import Foundation
import CX11
#if canImport(Glibc)
import Glibc
#endif

/// A private Xvfb for tests: `Xvfb -displayfd 1 -noreset -screen 0 WxHxD -nolisten tcp`, optionally
/// with a window manager on it (see `TestWindowManager`).
///
/// It runs under a `Watchdog`, so it dies with the test process however that ends. An `atexit` hook
/// also stops it promptly on normal exit.
public final class XvfbServer: Sendable {
    /// `":N"`.
    public let display: String
    public let displayNumber: Int
    /// The Xvfb process id.
    public let pid: pid_t
    public let width: Int
    public let height: Int
    /// `assets/fonts.conf` of the package.
    public let fontconfigFile: String
    public let packageRoot: URL
    /// Xvfb's own stderr.
    public let logFile: String
    /// The window manager managing this server, if one was asked for.
    public let windowManager: TestWindowManager?
    private let watchdog: Watchdog

    /// Environment for child processes that must use this server and the pinned fonts.
    public var environment: [String: String] {
        ["DISPLAY": display, "FONTCONFIG_FILE": fontconfigFile, "XKIT_PACKAGE_ROOT": packageRoot.path]
    }

    private static let sharedInstance = Locked<XvfbServer?>(nil)

    /// The one server of this test process, started on first use. Also sets `DISPLAY` and
    /// `FONTCONFIG_FILE` in this process's environment (before any in-process X or fontconfig use),
    /// so XKit code under test never touches the user's display.
    /// Runs the window manager `XKIT_TEST_WM` names (see `TestWindowManager.requested`).
    /// Throws (never skips) when Xvfb, or the window manager asked for, is not installed.
    public static func shared() throws -> XvfbServer {
        try sharedInstance.withLock { instance in
            if let server = instance { return server }
            let server = try XvfbServer(width: 1280, height: 1024, depth: 24,
                                        windowManager: TestWindowManager.requested())
            setenv("DISPLAY", server.display, 1)
            setenv("FONTCONFIG_FILE", server.fontconfigFile, 1)
            setenv("XKIT_PACKAGE_ROOT", server.packageRoot.path, 1)
            instance = server
            registerAtExit()
            return server
        }
    }

    /// Starts a separate server (most tests want `shared()`), with `windowManager` managing it once
    /// this returns, and `arguments` added to Xvfb's (e.g. `["-extension", "RENDER"]` to disable one).
    /// Stop it with `stop()`.
    public init(width: Int = 1280, height: Int = 1024, depth: Int = 24,
                windowManager: TestWindowManager.Kind? = nil, arguments: [String] = []) throws {
        guard findExecutable("Xvfb") != nil else {
            throw XKitTestingError("Xvfb is not installed (not found on PATH). Install it with:\n    apt-get install -y xvfb\n(UI tests need a private X server; they do not fall back to your display.)")
        }
        let root = try PackageRoot.require()
        let fontsConf = root.appendingPathComponent("assets/fonts.conf").path
        guard FileManager.default.fileExists(atPath: fontsConf) else {
            throw XKitTestingError("missing \(fontsConf): the pinned test font configuration")
        }
        self.packageRoot = root
        self.fontconfigFile = fontsConf
        self.width = width
        self.height = height
        let log = "/tmp/xkit-xvfb-\(getpid())-\(Int(monotonicNow() * 1000) % 100000).log"
        self.logFile = log

        // $1.. = Xvfb argv. The watchdog prints "pid N", then Xvfb prints the display number on the same stdout.
        let argv = ["Xvfb", "-displayfd", "1", "-noreset", "-screen", "0", "\(width)x\(height)x\(depth)",
                    "-nolisten", "tcp"] + arguments
        let watchdog = try Watchdog(argv, environment: ["FONTCONFIG_FILE": fontsConf], stdout: .pipe, stderr: .file(log))
        self.watchdog = watchdog

        // Read "pid N" and "D" lines (in either order) from the watchdog's stdout.
        var xvfbPid: pid_t?
        var number: Int?
        let text = watchdog.readLines(timeout: 15) { line in
            if line.hasPrefix("pid "), let p = pid_t(line.dropFirst(4)) { xvfbPid = p } else if let d = Int(line) { number = d }
            return xvfbPid != nil && number != nil
        }
        guard let xvfbPid, let number else {
            watchdog.stop(helper: xvfbPid, timeout: 1)
            let logText = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw XKitTestingError("Xvfb did not report a display number within 15 s. Output: \(text.debugDescription). Log \(log):\n\(logText.suffix(2000))")
        }
        self.pid = xvfbPid
        self.displayNumber = number
        self.display = ":\(number)"

        // -displayfd means it is ready; confirm with a real connection anyway.
        var connected = false
        for _ in 0..<100 {
            if let dpy = XOpenDisplay(display) { XCloseDisplay(dpy); connected = true; break }
            sleepSeconds(0.02)
        }
        if !connected {
            watchdog.stop(helper: xvfbPid, timeout: 1)
            throw XKitTestingError("Xvfb reported display \(display) but XOpenDisplay failed; see \(log)")
        }
        let displayName = ":\(number)"
        do {
            self.windowManager = try windowManager.map { try TestWindowManager($0, display: displayName, packageRoot: root) }
        } catch {
            watchdog.stop(helper: xvfbPid, timeout: 1)
            throw error
        }
    }

    /// Kills the window manager, Xvfb and their watchdogs and waits for them.
    public func stop() {
        closeSharedConnection(display)
        windowManager?.stop()
        watchdog.stop(helper: pid)
    }

    /// Whether the Xvfb process is still alive.
    public var isRunning: Bool { signalProcess(pid, 0) && !watchdog.shell.hasExited }

    private static func registerAtExit() {
        atexit {
            // Runs once on exit(); the watchdog also covers crashes and SIGKILL.
            let server = XvfbServer.sharedInstance.withLock { s -> XvfbServer? in let v = s; s = nil; return v }
            server?.stop()
        }
    }
}
