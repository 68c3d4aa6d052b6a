import Testing
import XKitCore

@Suite struct TextLayoutHitTestingTests {
    // "hello " on line 0 (y 0..<13, glyphs 0..<50), "world" on line 1 (y 13..<26).
    let wrapped = layout("hello world", width: 60)

    @Test func characterIndexFindsTheCharacterOnEachLine() {
        #expect(wrapped.characterIndex(at: Point(x: 25, y: 5)).map(wrapped.offset) == 2)
        #expect(wrapped.characterIndex(at: Point(x: 0, y: 0)).map(wrapped.offset) == 0)
        #expect(wrapped.characterIndex(at: Point(x: 15, y: 20)).map(wrapped.offset) == 7)
        #expect(wrapped.characterIndex(at: Point(x: 49.9, y: 25.9)).map(wrapped.offset) == 10)
    }

    @Test func characterIndexMissesOutsideTheGlyphs() {
        #expect(wrapped.characterIndex(at: Point(x: 55, y: 5)) == nil) // the hanging space
        #expect(wrapped.characterIndex(at: Point(x: 50, y: 20)) == nil) // right of a short line
        #expect(wrapped.characterIndex(at: Point(x: -1, y: 5)) == nil)
        #expect(wrapped.characterIndex(at: Point(x: 5, y: -0.5)) == nil)
        #expect(wrapped.characterIndex(at: Point(x: 5, y: 26)) == nil)
    }

    @Test func characterIndexHonoursAlignment() {
        let l = layout("ab\nabcd", width: 100, alignment: .center)
        #expect(l.characterIndex(at: Point(x: 39, y: 5)) == nil)
        #expect(l.characterIndex(at: Point(x: 51, y: 5)).map(l.offset) == 1)
        #expect(l.characterIndex(at: Point(x: 60, y: 5)) == nil)
        #expect(l.characterIndex(at: Point(x: 65, y: 20)).map(l.offset) == 6)
    }

    @Test func characterIndexUsesWholeCharacters() {
        let l = layout("a日👨‍👩‍👧b")
        #expect(l.characterIndex(at: Point(x: 29, y: 1)).map(l.offset) == 1)
        #expect(l.characterIndex(at: Point(x: 35, y: 1)).map(l.offset) == 2)
        #expect(l.characterIndex(at: Point(x: 41, y: 1)).map(l.offset) == 3)
    }

    @Test func theTruncationEllipsisIsNotACharacter() {
        let l = layout("hello world", width: 80, lines: 1)
        #expect(l.characterIndex(at: Point(x: 69, y: 5)).map(l.offset) == 6)
        #expect(l.characterIndex(at: Point(x: 75, y: 5)) == nil)
    }

    @Test func rectsCoverARangeOncePerLine() {
        // "lo wor": "lo" at the end of line 0 (the space hangs), "wor" at the start of line 1.
        let rects = wrapped.rects(for: wrapped.index(3)..<wrapped.index(9))
        #expect(rects == [Rect(x: 30, y: 0, width: 20, height: 13), Rect(x: 0, y: 13, width: 30, height: 13)])
    }

    @Test func rectsSpanFragmentsWithDifferentAttributes() {
        var text = AttributedText("ab", font: .system, color: .red)
        text.append(AttributedText("cd", font: .system, color: .green))
        let l = TextLayout(text, maxWidth: 100, alignment: .center, measurer: FixedAdvanceMeasurer())
        #expect(l.rects(for: l.index(1)..<l.index(3)) == [Rect(x: 40, y: 0, width: 20, height: 13)])
    }

    @Test func rectsForATruncatedRangeAreEmpty() {
        let l = layout("hello world", width: 80, lines: 1)
        #expect(l.rects(for: l.index(8)..<l.index(11)) == [])
        #expect(l.rects(for: l.index(5)..<l.index(11)) == [Rect(x: 50, y: 0, width: 20, height: 13)])
    }

    @Test func rectsForAnEmptyRangeAreEmpty() {
        #expect(wrapped.rects(for: wrapped.index(2)..<wrapped.index(2)) == [])
    }

    @Test func caretIndexReportsTheFractionThroughTheCharacter() {
        let l = layout("abc")
        let before = l.caretIndex(at: Point(x: 13, y: 5))
        #expect(l.offset(before.index) == 1)
        #expect(abs(before.fraction - 0.3) < 1e-12)
        let after = l.caretIndex(at: Point(x: 17, y: 5))
        #expect(l.offset(after.index) == 2)
        #expect(abs(after.fraction - 0.7) < 1e-12)
    }

    @Test func caretIndexClampsToTheNearestLineAndItsEnds() {
        let left = wrapped.caretIndex(at: Point(x: -5, y: 20))
        #expect(wrapped.offset(left.index) == 6 && left.fraction == 0)
        // Right of line 0 goes before its hanging space, not to the next line's start.
        let right = wrapped.caretIndex(at: Point(x: 58, y: 5))
        #expect(wrapped.offset(right.index) == 5 && right.fraction == 1)
        let above = wrapped.caretIndex(at: Point(x: 21, y: -40))
        #expect(wrapped.offset(above.index) == 2)
        let below = wrapped.caretIndex(at: Point(x: 500, y: 400))
        #expect(wrapped.offset(below.index) == 11 && below.fraction == 1)
    }

    @Test func caretIndexInEmptyTextIsTheStart() {
        let l = layout("")
        #expect(l.caretIndex(at: Point(x: 10, y: 10)).index == l.attributedText.string.startIndex)
        #expect(l.characterIndex(at: Point(x: 0, y: 0)) == nil)
    }

    @Test func caretIndexOnAnEmptyLastLineIsTheEnd() {
        let l = layout("ab\n")
        #expect(l.offset(l.caretIndex(at: Point(x: 30, y: 20)).index) == 3)
        #expect(l.offset(l.caretIndex(at: Point(x: 30, y: 5)).index) == 2)
    }
}
