import Foundation
import Testing
@testable import XKit
import XKitTesting

/// Hostile text lays out and draws with the real fonts, ICU and HarfBuzz, without a crash or a
/// hang: each case must finish well within a few seconds.
@Suite(.serialized)
@MainActor
struct BadTextInputTests {
    private func layOutAndDraw(_ text: String, width: Double = 300) throws -> (lines: Int, seconds: Double) {
        _ = try XvfbServer.shared()
        let app = try Application.start()
        app.terminatesAfterLastWindowClosed = false
        let start = Date()
        let window = Window(title: "bad text", size: Size(width: 320, height: 200), app: app)
        defer { window.close() }
        let label = Label(text: text, font: .system(size: 16))
        label.numberOfLines = 0
        window.contentView.addSubview(label)
        label.frame = Rect(x: 10, y: 10, width: width, height: 180)
        let lines = label.textLayout.lineCount
        _ = try #require(window.snapshot())
        return (lines, Date().timeIntervalSince(start))
    }

    @Test func unpairedBidiControlsLayOut() throws {
        let piece = "abc \u{202B}שלום\u{202A} def\u{2067}مرحبا\u{202C}\u{2069}\u{2069} "
        let result = try layOutAndDraw(String(repeating: piece, count: 500))
        #expect(result.lines > 1)
        #expect(result.seconds < 5)
    }

    @Test func tenThousandNestedEmbeddingsLayOut() throws {
        let text = String(repeating: "\u{202B}\u{202A}", count: 5_000) + "deep text שלום"
            + String(repeating: "\u{202C}", count: 10_000)
        let result = try layOutAndDraw(text)
        #expect(result.lines >= 1)
        #expect(result.seconds < 5)
    }

    @Test func aMegabyteOfCombiningMarksOnOneBaseLaysOut() throws {
        let text = "x" + String(repeating: "\u{0301}", count: 1 << 19) + " tail"
        let result = try layOutAndDraw(text)
        #expect(result.lines >= 1)
        #expect(Sanitizer.isActive || result.seconds < 8)
    }

    @Test func clustersNoFontCoversLayOutOnOneLine() throws {
        // U+0378 is unassigned: no font has it, shaped (with a mark) or not.
        let text = "a\u{0378}\u{0301}b \u{0378} \u{E0001}\u{10FFFD}c"
        let result = try layOutAndDraw(text)
        #expect(result.lines == 1)
        #expect(result.seconds < 2)
    }
}
