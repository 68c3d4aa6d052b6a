import Testing
import XKitCore

@Suite struct TextLayoutGeometryTests {
    @Test func alignmentOffsetsEachLineWithinTheWidth() {
        #expect(layout("ab\nabcd", width: 100, alignment: .left).lineRects.map(\.x) == [0, 0])
        #expect(layout("ab\nabcd", width: 100, alignment: .natural).lineRects.map(\.x) == [0, 0])
        #expect(layout("ab\nabcd", width: 100, alignment: .center).lineRects.map(\.x) == [40, 30])
        #expect(layout("ab\nabcd", width: 100, alignment: .right).lineRects.map(\.x) == [80, 60])
    }

    @Test func withoutAWidthLinesAlignWithinTheWidestLine() {
        let l = layout("ab\nabcd", alignment: .center)
        #expect(l.lineRects.map(\.x) == [10, 0])
        #expect(l.size.width == 40)
        #expect(layout("ab\nabcd", alignment: .right).lineRects.map(\.x) == [20, 0])
    }

    @Test func fragmentPositionsIncludeTheAlignmentOffset() {
        var text = AttributedText("ab", font: .system, color: .red)
        text.append(AttributedText("cd", font: .system, color: .green))
        let l = TextLayout(text, maxWidth: 100, alignment: .right, measurer: FixedAdvanceMeasurer())
        let fragments = l.lines[0].fragments
        #expect(fragments.map(\.x) == [60, 80])
        #expect(fragments.map(\.width) == [20, 20])
        #expect(fragments.map(\.attributes.color) == [.red, .green])
        #expect(fragments.map { String($0.text) } == ["ab", "cd"])
    }

    @Test func lineHeightComesFromTheTallestFontOnTheLine() {
        var text = AttributedText("ab", font: .system)
        text.append(AttributedText("CD", font: .system(size: 26)))
        text.append(AttributedText("\nef", font: .system))
        let l = TextLayout(text, measurer: FixedAdvanceMeasurer())
        #expect(l.lineRects == [Rect(x: 0, y: 0, width: 60, height: 26), Rect(x: 0, y: 26, width: 20, height: 13)])
        #expect(l.baselines == [20, 36])
        #expect(l.size == Size(width: 60, height: 39))
    }

    @Test func leadingAddsToTheLineHeightBelowTheDescent() {
        final class Leading: TextMeasurer {
            func metrics(for font: Font) -> FontMetrics { FontMetrics(ascent: 10, descent: 3, leading: 2) }
            func advance(of character: Character, in font: Font) -> Double { 10 }
        }
        let l = TextLayout(AttributedText("a\nb"), measurer: Leading())
        #expect(l.baselines == [10, 25])
        #expect(l.size.height == 30)
    }

    @Test func sizeIsTheWidestLineByTheSumOfLineHeights() {
        let l = layout("aa bbbb c", width: 45)
        #expect(l.lineStrings == ["aa ", "bbbb ", "c"])
        #expect(l.size == Size(width: 40, height: 39))
    }

    @Test func fragmentsExcludeHangingSpacesAndLineBreaks() {
        let l = layout("ab cd\nef", width: 30)
        #expect(l.lines.map { $0.fragments.map { String($0.text) } } == [["ab"], ["cd"], ["ef"]])
        #expect(l.lines[0].fragments[0].range == l.index(0)..<l.index(2))
    }

    @Test func runBoundariesInsideACharacterDoNotSplitIt() {
        var text = AttributedText("ae\u{301}b")
        let s = text.string
        // The run boundary falls between "e" and its combining accent.
        let mid = s.unicodeScalars.index(s.unicodeScalars.startIndex, offsetBy: 2)
        text.modifyAttributes(in: mid..<s.endIndex) { $0.color = .red }
        let l = TextLayout(text, measurer: FixedAdvanceMeasurer())
        #expect(l.drawnStrings == ["ae\u{301}b"])
        #expect(l.lines[0].fragments.map { String($0.text) } == ["ae\u{301}", "b"])
        #expect(l.size.width == 30)
    }
}
