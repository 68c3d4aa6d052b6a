import Foundation
import Testing
import XKitTesting

/// On a server without RENDER nothing could be drawn readably (fills, images and antialiased text
/// all go through it), so an app refuses to start with one clear message instead of drawing dark
/// text on black.
@Suite(.serialized)
struct NoRenderXTests {
    @Test func anAppOnAServerWithoutRenderRefusesToStartWithOneClearMessage() throws {
        let server = try XvfbServer(arguments: ["-extension", "RENDER"])
        defer { server.stop() }
        let info = try runProcess(["xdpyinfo"], timeout: 10, environment: server.environment)
        try #require(info.succeeded, "\(info)")
        try #require(!info.stdoutString.contains("RENDER"), "the server still has RENDER")

        let demo = try AppProcess.executableURL(named: "xkit-demo").path
        let run = try runProcess([demo, "--scene", "hello"], timeout: 20,
                                 environment: ChildEnvironment.make(server.environment))
        #expect(!run.timedOut, "the app ran on without RENDER")
        #expect(run.status != 0)
        let lines = run.stderrString.split(separator: "\n").filter { $0.contains("RENDER") }
        #expect(lines.count == 1, "one message: \(run.stderrString)")
        #expect(lines.first?.contains("has no RENDER extension") == true)
        #expect(lines.first?.contains(server.display) == true, "it names the display")
    }

    @Test func theSameAppStartsOnAServerWithRender() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let demo = try AppProcess.executableURL(named: "xkit-demo").path
        let run = try runProcess([demo, "--scene", "hello", "--exit-after-first-frame"], timeout: 20,
                                 environment: ChildEnvironment.make(server.environment))
        #expect(run.succeeded, "\(run)")
        #expect(!run.stderrString.contains("RENDER"))
    }
}
