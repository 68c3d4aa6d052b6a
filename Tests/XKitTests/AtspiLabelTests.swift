import Foundation
import Testing
import XKit
import XKitTesting

/// Copyable labels through pyatspi: the Action interface offers what the trace lists (copy), and
/// text is read by the words, sentences and lines the label shows.
@Suite(.serialized, .enabled(if: (try? TestWindowManager.requested()) == nil))
struct AtspiLabelTests {
    @Test func aCopyableLabelCopiesThroughItsActionAndReadsByWordSentenceAndLine() async throws {
        let session = try AtspiSession(server: try XvfbServer.shared())
        defer { session.stop() }
        var env = session.environment
        env["XKIT_ACCESSIBILITY"] = "1"
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery"], environment: env)
        defer { _ = app.terminate() }
        _ = try await app.waitForEvent(named: "accessibility.started")
        _ = try await app.waitForEvent(named: "window.mapped")
        _ = app.waitForQuiescence(quiet: 0.3)
        let traced = try #require(app.latestViews().first { $0.id == "copyable.top" })

        let result = try session.python(AtspiLabelScripts.copyAndReadByUnits, timeout: 30)
        let line = result.stdoutString.split(separator: "\n").last.map(String.init) ?? ""
        let out = try #require(try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(result)")
        #expect(out["errors"] == nil, "\(out["errors"] ?? "")")
        #expect(out["top_actions"] as? [String] == traced.fields["actions"] as? [String], "AT-SPI and the trace list the same actions")
        #expect((out["top_actions"] as? [String])?.contains("copy") == true)
        #expect(out["top_copy"] as? Bool == true)
        #expect(out["clipboard"] as? String == "$19.99")

        let text = try #require(out["ru_text"] as? String)
        #expect(text.hasPrefix("Любую надпись"))
        #expect(out["word_at"] as? [AnyHashable] == ["надпись ", 6, 14])
        #expect(out["word_string"] as? [AnyHashable] == ["надпись", 6, 13])
        #expect(out["word_after"] as? [AnyHashable] == ["в ", 14, 16])
        let sentence = try #require(out["sentence"] as? [Any])
        #expect((sentence.first as? String)?.hasPrefix("Любую надпись в приложении можно скопировать:") == true)
        // Lines are the wrapped lines the label draws: several, in order, covering the text.
        let lines = try #require(out["lines"] as? [[Any]])
        #expect(lines.count > 1, "\(lines)")
        #expect(lines.compactMap { $0.first as? String }.joined() == text)
        #expect(zip(lines, lines.dropFirst()).allSatisfy { ($0[2] as? Int) == ($1[1] as? Int) })
    }
}
