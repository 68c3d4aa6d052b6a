import Foundation
import Testing
import XKit
import XKitTesting

/// Serving a big CLIPBOARD must not hold up typing: INCR chunks go out between events, and a key
/// that arrives mid-transfer is drawn before the transfer ends.
@Suite(.serialized)
struct KeyDuringTransferTests {
    /// 64 MiB of lowercase ASCII lines, made from one 1 MiB block.
    private static func bigText() throws -> (path: String, bytes: Data) {
        var block = [UInt8](repeating: 0, count: 1 << 20)
        for i in block.indices { block[i] = i % 64 == 63 ? 0x0A : 0x61 + UInt8(i % 26) }
        var bytes = Data(capacity: 64 << 20)
        for _ in 0..<64 { bytes.append(contentsOf: block) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-transfer-\(getpid()).txt").path
        guard FileManager.default.createFile(atPath: path, contents: bytes) else { throw XKitTestingError("cannot write \(path)") }
        return (path, bytes)
    }

    @Test func aKeyTypedWhileXclipReads64MiBFromTheAppIsDrawnBeforeTheTransferEnds() throws {
        let server = try XvfbServer.shared()
        let text = try Self.bigText()
        defer { try? FileManager.default.removeItem(atPath: text.path) }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "tags", "--tags", "10", "--clipboard", text.path])
        defer { _ = app.terminate() }
        try app.waitForEvent(named: "selection.acquired", timeout: 20)
        try app.waitForEvent(named: "window.mapped", timeout: 20)
        let driver = try XTestDriver.shared()
        let field = try #require(app.latestViews().first { $0.type == "TextField" })
        driver.click(at: field.center)
        driver.waitUntilIdle()
        _ = app.waitForQuiescence()

        // The key is sent as soon as the transfer starts; under heavy load the test's own reaction
        // can come after a 64 MiB transfer has ended, so a few transfers are tried.
        var keyAnsweredMidTransfer = false
        var typed = ""
        for _ in 0..<3 where !keyAnsweredMidTransfer {
            let mark = app.mark()
            let reader = BackgroundRead(["xclip", "-o", "-selection", "clipboard"], environment: server.environment)
            let start = try app.waitForEvent(named: "incr.start", since: mark, timeout: 20)
            try driver.key("a")
            typed += "a"
            let expected = typed
            let drawn = try app.waitForEvent(named: "views", since: mark, timeout: 20) { event in
                event.views.contains { $0.type == "TextField" && $0.text == expected }
            }
            let done = try app.waitForEvent(named: "incr.done", since: mark, timeout: 60)
            keyAnsweredMidTransfer = start.index < drawn.index && drawn.index < done.index
            let read = try reader.result()
            #expect(read.succeeded, "\(read)")
            #expect(read.stdout.count == text.bytes.count)
            #expect(read.stdout == text.bytes, "xclip read back what the app owns")
        }
        #expect(keyAnsweredMidTransfer, "the key's frame came only after the transfer ended:\n\(app.tail(12))")
        #expect(app.isResponsive())
    }
}

/// A `runProcess` on a thread of its own, so the test can type while the child runs.
private final class BackgroundRead: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<ProcessResult, Error>?

    init(_ argv: [String], environment: [String: String]) {
        Thread.detachNewThread { [self] in
            outcome = Result { try runProcess(argv, timeout: 60, environment: environment) }
            done.signal()
        }
    }

    /// Waits for the child and returns what it did.
    func result() throws -> ProcessResult {
        done.wait()
        guard let outcome else { throw XKitTestingError("the read did not finish") }
        return try outcome.get()
    }
}
