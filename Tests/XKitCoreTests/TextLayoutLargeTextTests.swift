import Testing
import XKitCore

@Suite struct TextLayoutLargeTextTests {
    /// About 1 MiB of UTF-8 in one paragraph: Latin with accents, CJK, Hangul, emoji, combining marks.
    static let megabyte: String = {
        let piece = "Hello, world! Grüße aus Köln — well-known/and-or 日本語のテキストと、中文。"
            + "한국어 텍스트 👨‍👩‍👧 e\u{301}te\u{301} supercalifragilisticexpialidocious "
        var s = ""
        while s.utf8.count < 1 << 20 { s += piece }
        return s
    }()

    private func milliseconds(_ body: () -> Void) -> Double {
        let d = ContinuousClock().measure(body)
        return Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    @Test func aOneMegabyteParagraphLaysOutCompletely() {
        let text = AttributedText(Self.megabyte)
        var l: TextLayout?
        let ms = milliseconds { l = TextLayout(text, maxWidth: 600, measurer: FixedAdvanceMeasurer()) }
        print("TextLayout: 1 MiB (\(Self.megabyte.count) characters) at 600 pt in \(ms) ms")
        guard let l else { Issue.record("no layout"); return }
        let s = Self.megabyte
        #expect(l.lineCount > 1000)
        #expect(l.lines.allSatisfy { $0.rect.width <= 600 })
        #expect(l.lines.first?.range.lowerBound == s.startIndex)
        #expect(l.lines.last?.range.upperBound == s.endIndex)
        #expect(zip(l.lines, l.lines.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound })
        #expect(l.size.height == Double(l.lineCount) * 13)
        #expect(l.truncatedRange == nil)
    }

    @Test func aOneMegabyteParagraphTruncatesToOneLine() {
        var l: TextLayout?
        let ms = milliseconds {
            l = TextLayout(AttributedText(Self.megabyte), maxWidth: 600, numberOfLines: 1, measurer: FixedAdvanceMeasurer())
        }
        print("TextLayout: 1 MiB truncated to one line in \(ms) ms")
        #expect(l?.lineCount == 1)
        #expect(l?.lines.first?.fragments.last?.isTruncationEllipsis == true)
        #expect(l.map { $0.size.width <= 600 } == true)
    }
}
