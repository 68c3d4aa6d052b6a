import Foundation
import Glibc

/// A private D-Bus session with the AT-SPI bus launcher, so tests drive an app with real AT-SPI clients.
///
/// It starts `dbus-daemon --session` and `at-spi-bus-launcher --launch-immediately` for the test
/// Xvfb (the launcher publishes `AT_SPI_BUS` on its root window; the registry is activated on the
/// accessibility bus). Apps and clients get `environment`; `python(_:)` runs Debian's python3,
/// which has pyatspi (a pyenv python on PATH lacks it).
public final class AtspiSession: @unchecked Sendable {
    /// The session bus address.
    public let sessionAddress: String
    /// DISPLAY, the fonts and the session bus, for apps and clients.
    public let environment: [String: String]
    private let sessionPID: pid_t
    private let launcher: ChildProcess

    /// Starts the buses for `server`; throws when at-spi2-core or dbus is missing.
    public init(server: XvfbServer) throws {
        // Services the bus activates (a second launcher, dconf) inherit its environment: GSettings in
        // memory there too, or enabling accessibility in a test would be written to the user's dconf.
        let started = try runProcess(["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"], timeout: 5,
                                     environment: ["GSETTINGS_BACKEND": "memory"])
        let lines = started.stdoutString.split(separator: "\n").map(String.init)
        guard started.succeeded, lines.count >= 2, let pid = pid_t(lines[1]) else {
            throw XKitTestingError("dbus-daemon did not start: \(started)")
        }
        sessionAddress = lines[0]
        sessionPID = pid
        var env = server.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = sessionAddress
        // The launcher keeps org.a11y.Status in GSettings; in memory, a test that enables it never
        // changes the user's dconf (where it would outlive the test and turn accessibility on for good).
        env["GSETTINGS_BACKEND"] = "memory"
        // With all three forced an app never asks the appearance portal, which this bus would activate
        // (xdg-desktop-portal, then the document portal and the permission store) in every test.
        env["XKIT_APPEARANCE"] = "light"
        env["XKIT_CONTRAST"] = "normal"
        env["XKIT_REDUCED_MOTION"] = "1"
        environment = env
        do {
            launcher = try ChildProcess.spawn(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], environment: env,
                                              stdin: .null, stdout: .null, stderr: .null)
        } catch {
            kill(pid, SIGTERM)
            throw error
        }
        // GetAddress answers once the launcher owns org.a11y.Bus and its bus runs.
        let deadline = Date().addingTimeInterval(5)
        while true {
            let probe = try runProcess(["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                                        "org.a11y.Bus.GetAddress"], timeout: 2, environment: env)
            if probe.succeeded && probe.stdoutString.contains("unix:") { break }
            if Date() > deadline { stop(); throw XKitTestingError("the AT-SPI bus did not come up: \(probe)") }
            usleep(50_000)
        }
    }

    deinit { stop() }

    /// Runs a Python script with pyatspi available, in this session.
    public func python(_ script: String, timeout: TimeInterval = 20, environment extra: [String: String] = [:]) throws -> ProcessResult {
        var env = environment
        for (k, v) in extra { env[k] = v }
        return try runProcess(["/usr/bin/python3", "-c", script], timeout: timeout, environment: env)
    }

    /// Kills the accessibility bus (the launcher's process group: its dbus-daemon and the registry)
    /// while the session bus stays, as when the desktop's accessibility stack crashes.
    public func stopAccessibilityBus() {
        // The bus daemon and the registry are spawned (and re-parented) by the launcher and the
        // bus, some outside its process group; find them by the session they inherited.
        let stack = accessibilityProcesses()
        _ = launcher.terminate(grace: 0.5)
        for pid in stack { kill(pid, SIGKILL) }
    }

    /// The launcher, the accessibility bus daemon and the registry of this session.
    private func accessibilityProcesses() -> [pid_t] {
        let marker = Array("DBUS_SESSION_BUS_ADDRESS=\(sessionAddress)".utf8)
        var result: [pid_t] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), pid != getpid(),
                  let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                  let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ") else { continue }
            let name = String(decoding: command, as: UTF8.self)
            guard name.contains("at-spi") || name.contains("accessibility.conf") else { continue }
            if environ.split(separator: 0).contains(where: { Array($0) == marker }) { result.append(pid) }
        }
        return result
    }

    /// Stops the launcher (which stops the accessibility bus and the registry on it) and the session bus.
    public func stop() {
        stopAccessibilityBus()
        kill(sessionPID, SIGTERM)
    }
}
