import Foundation
import Testing
import XKit
import XKitTesting
#if canImport(Glibc)
import Glibc
#endif

/// Apps cope with whatever their standard streams are: closed (`2>&-`), a pipe nobody reads, a
/// pipe whose reader went away; and with out-of-range settings. Each case ran into a hang, a crash
/// or lost data before.
@Suite(.serialized)
struct StandardStreamsTests {
    private func executable(_ name: String) throws -> String { try AppProcess.executableURL(named: name).path }

    /// Runs `argv` through `sh -c 'exec "$@" 2>&-'`, so it starts with fd 2 (and with `alsoStdout`, fd 1) closed.
    private func runWithStderrClosed(_ argv: [String], alsoStdout: Bool = false, stdin: Data? = nil,
                                     environment: [String: String] = [:], timeout: TimeInterval = 10) throws -> ProcessResult {
        let env = try XvfbServer.shared().environment.merging(environment) { $1 }
        let script = alsoStdout ? "exec \"$@\" >&- 2>&-" : "exec \"$@\" 2>&-"
        return try runProcess(["/bin/sh", "-c", script, "sh"] + argv, stdin: stdin, timeout: timeout, environment: env)
    }

    @Test(arguments: [false, true])
    func copyingWithStderrClosedStillServesTheText(alsoStdout: Bool) throws {
        // The serving child used to replace fd 2 (its X connection) with /dev/null.
        let text = "stderr closed \(getpid()) \(alsoStdout) — Giá vé\n"
        let copy = try runWithStderrClosed([executable("xkit-clip"), "-i"], alsoStdout: alsoStdout, stdin: Data(text.utf8))
        #expect(copy.status == 0, "\(copy)")
        let pasted = try ClipboardReader().xclip(.clipboard)
        #expect(pasted.status == 0, "\(pasted)")
        #expect(pasted.stdoutString == text)
    }

    @Test func tracingWithStderrClosedReachesTheFirstFrameAndExits() throws {
        // The trace used to go into the X connection, which then hung.
        let result = try runWithStderrClosed([executable("xkit-demo"), "--scene", "hello", "--exit-after-first-frame"],
                                             environment: ["XKIT_TRACE": "1"])
        #expect(!result.timedOut && result.status == 0, "\(result)")
    }

    @Test func aStderrNobodyReadsLeavesTheUIAnsweringAndAClosedOneDoesNotKillIt() throws {
        let pipe = try StalledPipe(full: true)
        let app = try RawAppProcess("xkit-demo", arguments: ["--scene", "hello"], environment: ["XKIT_TRACE": "1"],
                                    stderrFD: pipe.writeFD)
        pipe.closeWriteEnd()
        defer { app.terminate() }
        let finder = try WindowFinder()
        let window = try finder.waitForWindow(named: "XKit Hello")
        let frame = try #require(finder.geometry(of: window))
        // The hello scene's button sits at (20, 66) in the window.
        let button = Rect(x: frame.x + 20, y: frame.y + 66, width: 40, height: 20)
        let idle = try settledImage(of: button)
        let driver = try XTestDriver()

        // Pressing highlights the button: the app reads input and draws while its trace is stuck.
        try expectPressChanges(button, from: idle, driver: driver, app: app)

        // Once the reader catches up, the lines kept back arrive without any new input: the app
        // flushes them when the pipe becomes writable.
        var received = ""
        #expect(waitUntil(timeout: 5, interval: 0.05) {
            received += String(decoding: pipe.drain().filter { $0 != UInt8(ascii: "#") }, as: UTF8.self)
            return received.contains("\"window.mapped\"")
        }, "trace after draining: \(received.prefix(500))")
        #expect(received.hasPrefix("{"), "whole lines only: \(received.prefix(200))")

        // A reader that goes away makes trace writes fail with EPIPE; SIGPIPE must not kill the app.
        pipe.closeReadEnd()
        try expectPressChanges(button, from: idle, driver: driver, app: app)
        #expect(app.isRunning, "signal \(app.terminationSignal.map(String.init) ?? "none")")
    }

    @Test func aTracePipeWithoutAReaderDoesNotKillTheApp() throws {
        let pipe = try StalledPipe(full: false)
        pipe.closeReadEnd()
        let app = try RawAppProcess("xkit-demo", arguments: ["--scene", "hello", "--exit-after-first-frame"],
                                    environment: ["XKIT_TRACE": "1"], stderrFD: pipe.writeFD)
        pipe.closeWriteEnd()
        let status = app.waitForExit(timeout: 10)
        #expect(status == 0 && app.terminationSignal == nil,
                "status \(status.map(String.init) ?? "none"), signal \(app.terminationSignal.map(String.init) ?? "none")")
    }

    @Test func anInvalidTraceValueGivesExactlyOneWarning() throws {
        let env = try XvfbServer.shared().environment.merging(["XKIT_TRACE": "bogus"]) { $1 }
        let result = try runProcess([executable("xkit-demo"), "--scene", "hello", "--exit-after-first-frame"],
                                    timeout: 10, environment: env)
        #expect(result.status == 0, "\(result)")
        let warnings = result.stderrString.split(separator: "\n").filter { $0.contains("XKIT_TRACE") }
        #expect(warnings.count == 1, "\(result.stderrString)")
        #expect(!result.stderrString.contains("{\"event\""), "tracing must stay off")
    }

    @Test func aTracePathGetsTheTraceAndStderrStaysClean() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-trace-\(getpid()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let env = try XvfbServer.shared().environment.merging(["XKIT_TRACE": path]) { $1 }
        let result = try runProcess([executable("xkit-demo"), "--scene", "hello", "--exit-after-first-frame"],
                                    timeout: 10, environment: env)
        #expect(result.status == 0, "\(result)")
        #expect(!result.stderrString.contains("{\"event\""), "\(result.stderrString)")
        let trace = try String(contentsOfFile: path, encoding: .utf8)
        #expect(trace.contains("\"window.mapped\""), "\(trace.prefix(300))")
    }

    @Test(arguments: ["inf", "1e300", "1000", "nan", "0", "-2", "2x"])
    func anOutOfRangeScaleStartsPromptlyWithOneWarningAtScaleOne(value: String) throws {
        let started = Date()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"], environment: ["XKIT_SCALE": value])
        defer { app.terminate() }
        let mapped = try app.waitForEvent(named: "window.mapped", timeout: 10)
        #expect(Date().timeIntervalSince(started) < 5)
        let warnings = app.events.filter { $0.name == "warning" && ($0.string("message") ?? "").contains("XKIT_SCALE") }
        #expect(warnings.count == 1, "\(app.tail())")
        let xid = try #require(mapped.int("xid"))
        let frame = try #require(WindowFinder().geometry(of: UInt(xid)))
        #expect(frame.size == Size(width: 460, height: 120))
    }

    @Test func aValidScaleIsUsedWithoutAWarning() throws {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"], environment: ["XKIT_SCALE": "2"])
        defer { app.terminate() }
        let mapped = try app.waitForEvent(named: "window.mapped", timeout: 10)
        #expect(!app.events.contains { $0.name == "warning" && ($0.string("message") ?? "").contains("XKIT_SCALE") })
        let xid = try #require(mapped.int("xid"))
        let frame = try #require(WindowFinder().geometry(of: UInt(xid)))
        #expect(frame.size == Size(width: 920, height: 240))
    }

    @Test func anOutOfRangeXftDpiIsIgnoredWithOneWarning() throws {
        let server = try XvfbServer(width: 640, height: 480)
        defer { server.stop() }
        for (dpi, size) in [("1e300", Size(width: 460, height: 120)), ("192", Size(width: 920, height: 240))] {
            let set = try runProcess(["xprop", "-root", "-display", server.display, "-f", "RESOURCE_MANAGER", "8s",
                                      "-set", "RESOURCE_MANAGER", "Xft.dpi:\t\(dpi)\n"])
            #expect(set.status == 0, "\(set)")
            let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"], display: server.display)
            defer { app.terminate() }
            let mapped = try app.waitForEvent(named: "window.mapped", timeout: 10)
            let warnings = app.events.filter { $0.name == "warning" && ($0.string("message") ?? "").contains("Xft.dpi") }
            #expect(warnings.count == (dpi == "192" ? 0 : 1), "\(dpi): \(app.tail())")
            let xid = try #require(mapped.int("xid"))
            let frame = try #require(WindowFinder(display: server.display).geometry(of: UInt(xid)))
            #expect(frame.size == size, "\(dpi)")
        }
    }

    // MARK: Helpers

    /// A capture of `rect` once two captures in a row agree and it is not a single colour (the app drew).
    private func settledImage(of rect: Rect) throws -> RGBImage {
        var last = try Screenshot.capture(rect: rect)
        var settled: RGBImage?
        _ = try waitUntil(timeout: 10, interval: 0.05) {
            let now = try Screenshot.capture(rect: rect)
            defer { last = now }
            guard ImageDiff.compare(now, last).differingPixels == 0, now.count(of: now[0, 0]) < now.width * now.height else {
                return false
            }
            settled = now
            return true
        }
        return try #require(settled, "the app never drew its window")
    }

    /// Holds the button down until its look changes, then releases it and waits for the idle look.
    private func expectPressChanges(_ rect: Rect, from idle: RGBImage, driver: XTestDriver, app: RawAppProcess) throws {
        driver.press(at: rect.center)
        defer { driver.release(at: rect.center) }
        let changed = try waitUntil(timeout: 5, interval: 0.02) {
            ImageDiff.compare(try Screenshot.capture(rect: rect), idle).differingPixels > 20
        }
        #expect(changed, "the pressed button never redrew: the UI is not answering")
        #expect(app.isRunning, "signal \(app.terminationSignal.map(String.init) ?? "none")")
        driver.release(at: rect.center)
        _ = try waitUntil(timeout: 5, interval: 0.02) {
            ImageDiff.compare(try Screenshot.capture(rect: rect), idle).differingPixels == 0
        }
    }
}
