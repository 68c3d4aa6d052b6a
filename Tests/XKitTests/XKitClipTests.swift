import Foundation
import Testing
import XKitTesting

/// `xkit-clip`'s exit codes and messages, which scripts rely on.
@Suite(.serialized)
struct XKitClipTests {
    private func xkitClip(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil) throws -> ProcessResult {
        let server = try XvfbServer.shared()
        let path = try AppProcess.executableURL(named: "xkit-clip").path
        return try runProcess([path] + arguments, stdin: stdin, timeout: 20,
                              environment: server.environment.merging(environment) { $1 })
    }

    @Test func withoutADisplayItSaysSoAndExitsWithTwo() throws {
        let result = try xkitClip(["-o"], environment: ["DISPLAY": ":9999"])
        #expect(result.status == 2)
        #expect(result.stderrString.contains("no X display"))
    }

    @Test func withNoOwnerItExitsWithThree() throws {
        // Taking PRIMARY and then killing the owner leaves nobody owning it.
        let owner = try xclipOwn(Data("x".utf8), selection: .primary)
        owner.terminate()
        let result = try xkitClip(["-o", "-selection", "primary"])
        #expect(result.status == 3, "\(result.stderrString)")
        #expect(!result.stderrString.isEmpty)
    }

    @Test func invalidUTF8FromTheOwnerExitsWithFive() throws {
        let owner = try xclipOwn(Data([0x66, 0x6F, 0xFF, 0x6F]), selection: .clipboard, target: "UTF8_STRING")
        defer { owner.terminate() }
        let result = try xkitClip(["-o"])
        #expect(result.status == 5, "\(result.stderrString)")
        #expect(result.stdout.isEmpty)
    }

    @Test func copyingReturnsAtOnceAndKeepsServingInTheBackground() throws {
        let text = "Giá vé — Цена — 料金 — 가격\n"
        let copy = try xkitClip(["-i"], stdin: Data(text.utf8))
        #expect(copy.status == 0, "\(copy.stderrString)")
        let pasted = try ClipboardReader().xclip(.clipboard)
        #expect(pasted.stdoutString == text)
        let back = try xkitClip(["-o"])
        #expect(back.status == 0)
        #expect(back.stdoutString == text)
        let targets = try xkitClip(["-o", "-t", "TARGETS"])
        #expect(targets.stdoutString.split(separator: "\n").contains("UTF8_STRING"))
    }
}
