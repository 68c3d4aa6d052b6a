import Testing
import XKitCore

@Suite struct TextLayoutTruncationTests {
    @Test func oneLineIsCutMidWordSoThatTextAndEllipsisFit() {
        let l = layout("hello world", width: 80, lines: 1)
        #expect(l.drawnStrings == ["hello w…"])
        #expect(l.lineRects == [Rect(x: 0, y: 0, width: 80, height: 13)])
        let ellipsis = l.lines[0].fragments[1]
        #expect(ellipsis.isTruncationEllipsis)
        #expect(ellipsis.x == 70 && ellipsis.width == 10)
        #expect(l.truncatedRange.map { l.offset($0.lowerBound) } == 7)
        #expect(l.lines[0].range == l.index(0)..<l.index(7))
    }

    @Test func spacesBeforeTheEllipsisAreDropped() {
        let l = layout("hello world", width: 60, lines: 1)
        #expect(l.drawnStrings == ["hello…"])
        #expect(l.size == Size(width: 60, height: 13))
    }

    @Test func twoLinesTruncateTheSecondWithTheRestOfTheParagraph() {
        let l = layout("one two three four five", width: 80, lines: 2)
        #expect(l.drawnStrings == ["one two", "three f…"])
        #expect(l.lineCount == 2)
        #expect(l.size == Size(width: 80, height: 26))
    }

    @Test func textThatFitsTheLineLimitIsNotTruncated() {
        let l = layout("one two three", width: 80, lines: 2)
        #expect(l.drawnStrings == ["one two", "three"])
        #expect(l.truncatedRange == nil)
        #expect(l.lines.allSatisfy { $0.fragments.allSatisfy { !$0.isTruncationEllipsis } })
    }

    @Test func aHiddenLineAfterAHardBreakAddsAnEllipsis() {
        let l = layout("ab\ncd", lines: 1)
        #expect(l.drawnStrings == ["ab…"])
        #expect(l.size == Size(width: 30, height: 13))
    }

    @Test func aSingleLineThatDoesNotFitIsTruncatedWhenLimitedToOneLine() {
        let l = layout("abcdefghij", width: 50, lines: 1)
        #expect(l.drawnStrings == ["abcd…"])
    }

    @Test func theEllipsisUsesTheFontOfTheLastVisibleCharacter() {
        var text = AttributedText("aaaa", font: .system)
        text.append(AttributedText("BBBB", font: .system(size: 26)))
        let l = TextLayout(text, maxWidth: 90, numberOfLines: 1, measurer: FixedAdvanceMeasurer())
        #expect(l.drawnStrings == ["aaaaB…"])
        let ellipsis = l.lines[0].fragments[2]
        #expect(ellipsis.attributes.font.size == 26)
        #expect(ellipsis.x == 60 && ellipsis.width == 20)
        #expect(l.lineRects == [Rect(x: 0, y: 0, width: 80, height: 26)])
    }

    @Test func whenNothingFitsOnlyTheEllipsisIsShown() {
        let l = layout("abc", width: 5, lines: 1)
        #expect(l.drawnStrings == ["…"])
        #expect(l.lines[0].range.isEmpty)
    }

    @Test func truncatedCenteredTextIsAlignedWithItsEllipsis() {
        let l = layout("abcdefghij", width: 55, alignment: .center, lines: 1)
        #expect(l.drawnStrings == ["abcd…"])
        #expect(l.lineRects[0].x == 2.5)
    }
}
