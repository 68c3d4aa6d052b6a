import Foundation
import CX11
#if canImport(Glibc)
import Glibc
#endif

/// A private Xvfb for tests: `Xvfb -displayfd 1 -noreset -screen 0 WxHxD -nolisten tcp`.
///
/// It runs under a tiny `sh` watchdog whose stdin is a pipe held open only by this process: when the
/// test process ends in any way (exit, crash, SIGKILL), the pipe reaches EOF and the watchdog kills
/// Xvfb. (`PR_SET_PDEATHSIG` would fire when the *thread* that spawned it exits, and Swift's
/// concurrency pool may retire that thread — so a pipe is the robust choice.) An `atexit` hook also
/// stops it promptly on normal exit.
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
    private let watchdog: ChildProcess
    private let watchdogWriteFD: Int32

    /// Environment for child processes that must use this server and the pinned fonts.
    public var environment: [String: String] {
        ["DISPLAY": display, "FONTCONFIG_FILE": fontconfigFile, "XKIT_PACKAGE_ROOT": packageRoot.path]
    }

    private static let sharedInstance = Locked<XvfbServer?>(nil)

    /// The one server of this test process, started on first use. Also sets `DISPLAY` and
    /// `FONTCONFIG_FILE` in this process's environment (before any in-process X or fontconfig use),
    /// so XKit code under test never touches the user's display.
    /// Throws (never skips) when Xvfb is not installed.
    public static func shared() throws -> XvfbServer {
        try sharedInstance.withLock { instance in
            if let server = instance { return server }
            let server = try XvfbServer(width: 1280, height: 1024, depth: 24)
            setenv("DISPLAY", server.display, 1)
            setenv("FONTCONFIG_FILE", server.fontconfigFile, 1)
            setenv("XKIT_PACKAGE_ROOT", server.packageRoot.path, 1)
            instance = server
            registerAtExit()
            return server
        }
    }

    /// Starts a separate server (most tests want `shared()`). Stop it with `stop()`.
    public init(width: Int = 1280, height: Int = 1024, depth: Int = 24) throws {
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

        let (watchRead, watchWrite) = try makeCloexecPipe()
        // $1.. = Xvfb argv. Prints "pid N", then Xvfb prints the display number on the same stdout.
        let script = """
        "$@" </dev/null &
        x=$!
        echo "pid $x"
        cat >/dev/null
        kill -TERM $x 2>/dev/null
        i=0
        while kill -0 $x 2>/dev/null && [ $i -lt 40 ]; do sleep 0.05; i=$((i+1)); done
        kill -KILL $x 2>/dev/null
        wait $x 2>/dev/null
        """
        let argv = ["/bin/sh", "-c", script, "xkit-xvfb-watchdog",
                    "Xvfb", "-displayfd", "1", "-noreset", "-screen", "0", "\(width)x\(height)x\(depth)",
                    "-nolisten", "tcp"]
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(argv, environment: ["FONTCONFIG_FILE": fontsConf],
                                           stdin: .inherit, stdout: .pipe, stderr: .file(log),
                                           extraStdinFD: watchRead)
        } catch {
            close(watchRead); close(watchWrite)
            throw error
        }
        close(watchRead)
        self.watchdog = child
        self.watchdogWriteFD = watchWrite

        // Read "pid N" and "D" lines (in either order) from the watchdog's stdout.
        var text = ""
        var xvfbPid: pid_t?
        var number: Int?
        let deadline = monotonicNow() + 15
        var buffer = [UInt8](repeating: 0, count: 256)
        while (xvfbPid == nil || number == nil) && monotonicNow() < deadline && child.stdoutFD >= 0 {
            var pfd = pollfd(fd: child.stdoutFD, events: Int16(POLLIN), revents: 0)
            if Glibc.poll(&pfd, 1, 50) <= 0 {
                if child.hasExited { break }
                continue
            }
            let n = buffer.withUnsafeMutableBytes { read(child.stdoutFD, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            text += String(decoding: buffer[0..<n], as: UTF8.self)
            let complete = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            for line in complete {
                let t = line.trimmingCharacters(in: .whitespaces)
                if t.hasPrefix("pid "), let p = pid_t(t.dropFirst(4)) { xvfbPid = p } else if let d = Int(t) { number = d }
            }
        }
        guard let xvfbPid, let number else {
            close(watchWrite)
            child.terminate(grace: 0.5)
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
            close(watchWrite)
            child.terminate(grace: 0.5)
            throw XKitTestingError("Xvfb reported display \(display) but XOpenDisplay failed; see \(log)")
        }
    }

    /// Kills Xvfb and its watchdog and waits for both.
    public func stop() {
        close(watchdogWriteFD) // EOF wakes the watchdog, which kills Xvfb and exits
        signalProcess(pid, SIGTERM)
        if watchdog.wait(timeout: 3) == nil { watchdog.terminate(grace: 0.5) }
        signalProcess(pid, SIGKILL) // it is the watchdog's child; already gone in the normal case
    }

    /// Whether the Xvfb process is still alive.
    public var isRunning: Bool { signalProcess(pid, 0) && !watchdog.hasExited }

    private static func registerAtExit() {
        atexit {
            // Runs once on exit(); the watchdog also covers crashes and SIGKILL.
            let server = XvfbServer.sharedInstance.withLock { s -> XvfbServer? in let v = s; s = nil; return v }
            server?.stop()
        }
    }
}
