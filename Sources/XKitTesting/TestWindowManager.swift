import Foundation
import CX11
#if canImport(Glibc)
import Glibc
#endif

/// A window manager on a test X server, so the X tests also run the way users run apps: reparented into
/// a decorated frame, placed and focused by the window manager.
///
/// `XvfbServer.shared()` starts one when `XKIT_TEST_WM` names it (`XKIT_TEST_WM=openbox`); `make test`
/// runs the X suites once without and once with it. It runs under the same watchdog as Xvfb, so it
/// never outlives the test process, and it exits by itself when its X server goes away.
public final class TestWindowManager: Sendable {
    /// The window managers the harness knows how to start.
    public enum Kind: String, Sendable, CaseIterable {
        /// Debian's `openbox`: reparenting, EWMH, click to focus, configured by `assets/openbox/rc.xml`.
        case openbox
    }

    public let kind: Kind
    /// The display it manages.
    public let display: String
    private let packageRoot: URL
    private let instance: Locked<Instance>

    /// The window manager's process id (a new one after `restart`).
    public var pid: pid_t { instance.withLock { $0.pid } }
    /// Its stdout and stderr.
    public var logFile: String { instance.withLock { $0.logFile } }
    /// The EWMH check window it put in `_NET_SUPPORTING_WM_CHECK` on the root.
    public var checkWindow: XWindowID { instance.withLock { $0.checkWindow } }

    /// One run of the window manager's process.
    private struct Instance {
        let watchdog: Watchdog
        let pid: pid_t
        let logFile: String
        let checkWindow: XWindowID
    }

    /// The window manager `XKIT_TEST_WM` asks for: nil when unset or empty; throws on a name it does not know.
    public static func requested(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Kind? {
        guard let name = environment["XKIT_TEST_WM"], !name.isEmpty else { return nil }
        guard let kind = Kind(rawValue: name.lowercased()) else {
            let known = Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw XKitTestingError("XKIT_TEST_WM=\(name) names no window manager the harness knows (known: \(known); unset it for none)")
        }
        return kind
    }

    /// Starts `kind` on `display` and returns once it manages the screen (its EWMH check window is up).
    init(_ kind: Kind, display: String, packageRoot: URL, timeout: TimeInterval = 10) throws {
        guard findExecutable(kind.rawValue) != nil else {
            throw XKitTestingError("XKIT_TEST_WM=\(kind.rawValue) but \(kind.rawValue) is not installed. Install it with:\n    apt-get install -y \(kind.rawValue)")
        }
        let config = packageRoot.appendingPathComponent("assets/openbox/rc.xml").path
        guard FileManager.default.fileExists(atPath: config) else {
            throw XKitTestingError("missing \(config): the window manager configuration of the tests")
        }
        self.kind = kind
        self.display = display
        self.packageRoot = packageRoot
        instance = Locked(try Self.launch(kind, display: display, packageRoot: packageRoot, timeout: timeout))
        Self.running.withLock { $0[display] = self }
    }

    private static func launch(_ kind: Kind, display: String, packageRoot: URL, timeout: TimeInterval) throws -> Instance {
        let config = packageRoot.appendingPathComponent("assets/openbox/rc.xml").path
        let log = "/tmp/xkit-wm-\(getpid())-\(Int(monotonicNow() * 1000) % 100000).log"
        // XKIT_TEST_WM_DEBUG=1 makes openbox log its decisions (focus stealing, placement) to the log file.
        let debug = ProcessInfo.processInfo.environment["XKIT_TEST_WM_DEBUG"] == "1" ? ["--debug"] : []
        let watchdog = try Watchdog(["openbox", "--sm-disable", "--config-file", config] + debug,
                                    // The tests' fonts: the system's may take openbox seconds to scan.
                                    environment: ["DISPLAY": display,
                                                  "FONTCONFIG_FILE": packageRoot.appendingPathComponent("assets/fonts.conf").path],
                                    stdout: .pipe, stderr: .file(log),
                                    helperStdoutToStderr: true)
        var wmPid: pid_t?
        _ = watchdog.readLines(timeout: timeout) { line in
            if line.hasPrefix("pid "), let p = pid_t(line.dropFirst(4)) { wmPid = p }
            return wmPid != nil
        }
        guard let wmPid else {
            watchdog.stop(helper: nil, timeout: 1)
            throw XKitTestingError("the \(kind.rawValue) watchdog did not start; see \(log)")
        }
        let started = monotonicNow()
        guard let check = waitUntilManaging(display: display, pid: wmPid, timeout: timeout),
              waitUntilFramingWindows(display: display, timeout: timeout - (monotonicNow() - started)) else {
            watchdog.stop(helper: wmPid, timeout: 1)
            let logText = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw XKitTestingError("\(kind.rawValue) did not start managing \(display) within \(timeout) s. Log \(log):\n\(logText.suffix(2000))")
        }
        return Instance(watchdog: watchdog, pid: wmPid, logFile: log, checkWindow: check)
    }

    /// Stops the window manager and starts it again, and returns once the new one frames windows: it
    /// forgets every record the old one kept and manages the windows it finds mapped.
    public func restart(timeout: TimeInterval = 10) throws {
        try instance.withLock { current in
            current.watchdog.stop(helper: current.pid)
            current = try Self.launch(kind, display: display, packageRoot: packageRoot, timeout: timeout)
        }
    }

    /// The managers this process started and has not stopped, by display.
    private static let running = Locked<[String: TestWindowManager]>([:])

    /// The window manager the harness runs on `display`, if any.
    public static func managing(display: String) -> TestWindowManager? { running.withLock { $0[display] } }

    /// Stops the window manager and waits for it. Idempotent.
    public func stop() {
        Self.running.withLock { if $0[display] === self { $0[display] = nil } }
        instance.withLock { $0.watchdog.stop(helper: $0.pid) }
    }

    /// Whether the window manager process is still alive.
    public var isRunning: Bool { instance.withLock { signalProcess($0.pid, 0) && !$0.watchdog.shell.hasExited } }

    /// Maps probe windows until the window manager frames one.
    ///
    /// openbox puts up its check window early in its start-up and may drop a MapRequest that arrives
    /// before it finishes (seen: a test window that stayed unmapped for seconds), so a probe that is
    /// not framed soon is mapped again as a fresh window.
    private static func waitUntilFramingWindows(display: String, timeout: TimeInterval) -> Bool {
        guard let dpy = XOpenDisplay(display) else { return false }
        defer { XCloseDisplay(dpy) }
        let root = XDefaultRootWindow(dpy)
        var probes: [UInt] = []
        // A window destroyed while openbox is still managing it stays in its client list for good (see
        // clientsThatNoLongerExist): the probes go only once it has finished with them, and their
        // DestroyNotify is read before the first app's window can take one of their ids.
        defer {
            _ = waitUntilCaughtUp(dpy, timeout: 2)
            probes.forEach { XDestroyWindow(dpy, $0) }
            XSync(dpy, 0)
            _ = waitUntilCaughtUp(dpy, timeout: 2)
        }
        let deadline = monotonicNow() + max(0.5, timeout)
        while monotonicNow() < deadline {
            let probe = XCreateSimpleWindow(dpy, root, 0, 0, 10, 10, 0, 0, 0)
            probes.append(probe)
            XMapWindow(dpy, probe)
            XSync(dpy, 0)
            let framed = waitUntil(timeout: 0.25, interval: 0.01) {
                var rootOut: UInt = 0, parent: UInt = 0
                var kids: UnsafeMutablePointer<UInt>?
                var count: UInt32 = 0
                guard XQueryTree(dpy, probe, &rootOut, &parent, &kids, &count) != 0 else { return false }
                if let kids { XFree(kids) }
                return parent != root
            }
            if framed { return true }
        }
        return false
    }

    /// Polls until the root's `_NET_SUPPORTING_WM_CHECK` names a window whose own property names
    /// itself (EWMH's proof that a compliant manager is running, not a stale property); returns it.
    private static func waitUntilManaging(display: String, pid: pid_t, timeout: TimeInterval) -> XWindowID? {
        guard let finder = try? WindowFinder(display: display) else { return nil }
        var check: XWindowID?
        waitUntil(timeout: timeout, interval: 0.02) {
            guard signalProcess(pid, 0) else { return true } // it died: stop waiting
            if let value = finder.integerListProperty(finder.rootWindow, "_NET_SUPPORTING_WM_CHECK")?.first,
               let own = finder.integerListProperty(XWindowID(bitPattern: value), "_NET_SUPPORTING_WM_CHECK")?.first,
               own == value {
                check = XWindowID(bitPattern: value)
            }
            return check != nil
        }
        return check
    }
}
