// The harness must not let the host leak into children, hang on a stuck child, or signal the wrong process.
import Foundation
import Glibc
import Testing
import XKitTesting

@Suite(.serialized)
struct HarnessHygieneTests {
    @Test func childrenGetACleanEnvironmentWithoutTheHostsXKitOrLocaleSettings() throws {
        let server = try XvfbServer.shared()
        let leaks = ["XKIT_SCALE": "3", "XKIT_TRACE": "/tmp/leak", "LC_ALL": "tr_TR.UTF-8", "LANGUAGE": "tr", "XMODIFIERS": "@im=leak"]
        for (name, value) in leaks { setenv(name, value, 1) }
        defer { for name in leaks.keys { unsetenv(name) } }
        let direct = try runProcess(["env"], environment: server.environment)
        let app = try AppProcess("/usr/bin/env")
        #expect(app.waitForExit(timeout: 5) == 0)
        #expect(waitUntil(timeout: 3) { String(decoding: app.stdout, as: UTF8.self).contains("PATH=") })
        for output in [direct.stdoutString, String(decoding: app.stdout, as: UTF8.self)] {
            let names = Set(output.split(separator: "\n").compactMap { $0.split(separator: "=").first.map(String.init) })
            #expect(names.isDisjoint(with: ["XKIT_SCALE", "LC_ALL", "LANGUAGE", "XMODIFIERS"]), "leaked: \(names.sorted())")
            #expect(output.contains("LANG=C.UTF-8\n"))
            #expect(output.contains("DISPLAY=\(server.display)\n"))
        }
        #expect(!direct.stdoutString.contains("XKIT_TRACE"))
        #expect(String(decoding: app.stdout, as: UTF8.self).contains("XKIT_TRACE=1\n"), "AppProcess sets its own trace")
    }

    @Test func theLivenessProbeFailsForAnAppThatStoppedHandlingEvents() throws {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"])
        defer { app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        #expect(app.isResponsive())
        kill(app.pid, SIGSTOP)
        // kill() only queues the signal: probe once the process is really stopped ("T" in /proc).
        #expect(waitUntilStopped(app.pid), "the app stops")
        #expect(!app.isResponsive(timeout: 0.5))
        kill(app.pid, SIGCONT)
        #expect(app.isResponsive())
    }

    /// Waits up to 2 s for `/proc/PID/stat` to show the process stopped.
    private func waitUntilStopped(_ pid: pid_t) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 2)
        while Date() < deadline {
            // The state follows the command name in parentheses, which may itself hold spaces.
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
               let close = stat.lastIndex(of: ")"), stat[stat.index(after: close)...].hasPrefix(" T") { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return false
    }

    @Test func runHonoursItsTimeout() async {
        let start = Date()
        let result = await offMain { run("/bin/sleep", ["10"], timeout: 0.3) }
        #expect(Date().timeIntervalSince(start) < 3)
        #expect(result.status == -2, "\(result.stderr)")
        #expect(result.stderr.contains("timeout"))
    }

    @Test func aChildThatNeverStartedIsNeverSignalled() {
        // Its pid is 0: kill(0, SIGTERM) would end this test process and everything in its group.
        let ghost = Process()
        ghost.executableURL = URL(fileURLWithPath: "/nonexistent/program")
        #expect(throws: (any Error).self) { try ghost.run() }
        #expect(ghost.processIdentifier == 0)
        #expect(!signalChild(ghost, SIGTERM))
        #expect(throws: (any Error).self) { try startOwner("/nonexistent/program", [], stdin: "/dev/null") }
    }
}
