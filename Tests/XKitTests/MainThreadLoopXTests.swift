import Foundation
import Testing
import XKitTesting

/// An app's loop owns the main thread: it polls the connection and runs its timers there, so a
/// launch, a long press (a timer) and a blinking caret start no dispatch threads.
@Suite(.serialized)
struct MainThreadLoopXTests {
    /// The names of the process's threads (`/proc/PID/task/*/comm`).
    private func threadNames(_ pid: pid_t) throws -> [String] {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test func timersFireOnTheMainThreadAndNoDispatchThreadStarts() throws {
        _ = try XvfbServer.shared()
        let driver = try XTestDriver.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery"], environment: ["NO_AT_BRIDGE": "1"])
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        let label = try app.waitForView { $0.id == "copyable.ko" }

        // The long press is recognised by a timer: the menu shows only if the loop ran it.
        let mark = app.mark()
        driver.pressAndHold(at: label.center, duration: 0.8)
        _ = try app.waitForEvent(named: "menu.shown", since: mark)
        try driver.key("Escape")
        #expect(app.waitForQuiescence())

        let names = try threadNames(app.pid)
        #expect(names == ["xkit-demo"], "threads: \(names)")
    }
}
