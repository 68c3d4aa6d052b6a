import Foundation
import Testing
import XKit
import XKitTesting
#if canImport(Glibc)
import Glibc
#endif

/// A hostile AT-SPI client: one call with a 64 MiB extra argument, calls with wrong signatures and
/// a flood of 4 MiB calls. The app answers each with InvalidArgs without decoding it, keeps its
/// memory bounded and answers a click within 100 ms throughout.
@Suite(.serialized, .enabled(if: (try? TestWindowManager.requested()) == nil))
struct AtspiHostileClientTests {
    @Test func hugeArgumentsWrongSignaturesAndAFloodCostNeitherMemoryNorClicks() async throws {
        let server = try XvfbServer.shared()
        let session = try AtspiSession(server: server)
        defer { session.stop() }
        var env = session.environment
        env["XKIT_ACCESSIBILITY"] = "1"
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery"], environment: env)
        defer { _ = app.terminate() }
        let bus = try #require(try await app.waitForEvent(named: "accessibility.started").string("bus_name"))
        _ = try await app.waitForEvent(named: "window.mapped")
        _ = app.waitForQuiescence(quiet: 0.5)
        let counter = try #require(app.latestViews().first { $0.id == "controls.counter" })
        var clicks = 0
        let invalid = "org.freedesktop.DBus.Error.InvalidArgs"

        let huge = try await phase("huge", app: app, session: session, bus: bus, counter: counter, clicks: &clicks)
        #expect(huge.out["errors"] == nil, "\(huge.out["errors"] ?? "")")
        #expect(huge.out["huge_root"] as? String == invalid, "\(huge.out["huge_root"] ?? "")")
        #expect(huge.out["huge_label"] as? String == invalid, "\(huge.out["huge_label"] ?? "")")
        let wrong = huge.out["wrong"] as? [String] ?? []
        #expect(wrong.count == 4 && wrong.allSatisfy { $0 == invalid }, "\(wrong)")
        // libdbus holds a message twice while it reads it (its read buffer, then the message's own
        // copy); decoding adds nothing, so the peak is those two copies of 64 MiB and no more.
        #expect(Sanitizer.isActive || huge.grownMiB < 2 * 64 + 16, "peak RSS grew by \(huge.grownMiB) MiB for one 64 MiB call")

        let flood = try await phase("flood", app: app, session: session, bus: bus, counter: counter, clicks: &clicks)
        #expect(flood.out["errors"] == nil, "\(flood.out["errors"] ?? "")")
        #expect(flood.out["flood_invalid"] as? Int == 24, "\(flood.out)")
        #expect((flood.out["label_text"] as? String)?.isEmpty == false)
        #expect(flood.out["text_after"] as? String == flood.out["label_text"] as? String, "a well-formed call still works")
        #expect(Sanitizer.isActive || flood.grownMiB < 64, "peak RSS grew by \(flood.grownMiB) MiB under 24 calls of 4 MiB")

        let latencies = huge.latencies + flood.latencies
        let worst = latencies.max() ?? 0
        print("atspi hostile: peak RSS +\(String(format: "%.1f", huge.grownMiB)) MiB for one 64 MiB call, +\(String(format: "%.1f", flood.grownMiB)) MiB for 24 × 4 MiB; \(latencies.count) clicks, slowest \(Int(worst * 1000)) ms")
        #expect(huge.latencies.count >= 2 && flood.latencies.count >= 2, "clicks were measured while the client ran")
        #expect(Sanitizer.isActive || worst < 0.1, "click latencies \(latencies.map { Int($0 * 1000) }) ms")
        #expect(app.isRunning)
    }

    /// Runs one phase of the client while clicking the counter every 150 ms; the peak RSS growth
    /// from the phase's start (MiB) and each click's latency to the frame showing it.
    private func phase(_ name: String, app: AppProcess, session: AtspiSession, bus: String, counter: TraceView,
                       clicks: inout Int) async throws -> (out: [String: Any], grownMiB: Double, latencies: [Double]) {
        let driver = try XTestDriver.shared()
        try resetPeakResidentSize(of: app.pid)
        let start = try #require(memoryStatus(of: app.pid, field: "VmRSS"))
        let done = NSTemporaryDirectory() + "xkit-hostile-\(getpid())-\(app.pid)-\(name).done"
        defer { try? FileManager.default.removeItem(atPath: done) }
        let script = AtspiHostileScripts.client
        let client = Task.detached {
            try session.python(script, timeout: 120, environment: ["APP_BUS_NAME": bus, "DONE_FILE": done, "PHASE": name])
        }
        var latencies: [Double] = []
        // One more click after the client is done, so the last one sees its end.
        while clicks < 1000 {
            let finished = FileManager.default.fileExists(atPath: done)
            try await Task.sleep(nanoseconds: 150_000_000)
            clicks += 1
            let mark = app.mark()
            let sent = Date()
            driver.click(at: counter.center)
            let title = "Clicked \(clicks) time\(clicks == 1 ? "" : "s")"
            _ = try await app.waitForEvent(named: "views", since: mark, timeout: 10) { event in
                event.views.contains { $0.id == "controls.counter" && $0.text == title }
            }
            latencies.append(Date().timeIntervalSince(sent))
            if finished { break }
        }
        let result = try await client.value
        let peak = try #require(memoryStatus(of: app.pid, field: "VmHWM"))
        let line = result.stdoutString.split(separator: "\n").last.map(String.init) ?? ""
        let out = try #require(try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(result)")
        return (out, Double(peak - start) / 1_048_576, latencies)
    }

    private func resetPeakResidentSize(of pid: pid_t) throws {
        // "5" resets VmHWM to the current RSS (proc(5), clear_refs). Written in place: FileManager
        // writes a temporary file and renames it, which /proc refuses.
        let fd = open("/proc/\(pid)/clear_refs", O_WRONLY)
        guard fd >= 0 else { throw XKitTestingError("cannot open clear_refs of \(pid)") }
        defer { close(fd) }
        guard write(fd, "5", 1) == 1 else { throw XKitTestingError("cannot reset the peak RSS of \(pid)") }
    }

    /// A `/proc/PID/status` field in bytes (VmRSS, VmHWM).
    private func memoryStatus(of pid: pid_t, field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1024 }
        }
        return nil
    }
}
