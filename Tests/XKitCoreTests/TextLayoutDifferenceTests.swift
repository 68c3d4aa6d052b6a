import Testing
@testable import XKitCore

/// Which lines of a paragraph an edit changed, found by comparing its layouts before and after.
@MainActor
@Suite struct TextLayoutDifferenceTests {
    /// Five lines of "word word word " at 150 wide (15 characters of 10 each).
    let words = String(repeating: "word ", count: 15)

    @Test func theSameTextChangesNoLine() {
        #expect(layout(words, width: 150).changedLineSpan(since: layout(words, width: 150)) == nil)
    }

    @Test func aLetterReplacedInTheMiddleChangesOnlyItsLine() {
        var edited = Array(words)
        edited[32] = "a"
        let before = layout(words, width: 150), after = layout(String(edited), width: 150)
        #expect(after.lineCount == 5 && after.lineStrings[2].contains("a"))
        #expect(after.changedLineSpan(since: before) == after.lines[2].rect.minY...after.lines[2].rect.maxY)
    }

    @Test func typingAtTheEndChangesTheLastLine() {
        let text = String(words.dropLast())
        let before = layout(text, width: 150), after = layout(text + "x", width: 150)
        let last = after.lines[after.lineCount - 1].rect
        #expect(after.lineCount == before.lineCount)
        #expect(after.changedLineSpan(since: before) == last.minY...last.maxY)
    }

    @Test func anInsertionThatRewrapsChangesEveryLineFromItsOwnToTheEnd() {
        let before = layout(words, width: 150), after = layout("word" + "xxxxxx" + words.dropFirst(4), width: 150)
        #expect(after.lineCount == 6)
        let span = after.changedLineSpan(since: before)
        #expect(span == after.lines[0].rect.minY...after.lines[5].rect.maxY)
    }

    @Test func aColourChangeIsAChange() {
        let before = TextLayout(AttributedText(words, font: .system, color: .red), maxWidth: 150, measurer: FixedAdvanceMeasurer())
        let after = TextLayout(AttributedText(words, font: .system, color: .green), maxWidth: 150, measurer: FixedAdvanceMeasurer())
        #expect(after.changedLineSpan(since: before) == after.lines[0].rect.minY...after.lines[4].rect.maxY)
    }

    @Test func theLeftEdgeOfAChangeIsTheFirstClusterThatDiffers() {
        var edited = Array(words)
        edited[32] = "a"
        let before = layout(words, width: 150), after = layout(String(edited), width: 150)
        // Line 2 starts at character 30: the change is its third cluster, 20 from its left edge.
        #expect(after.changedLineLeftEdge(since: before) == 20)
        let typed = layout(String(words.dropLast()) + "x", width: 150), plain = layout(String(words.dropLast()), width: 150)
        #expect(typed.changedLineLeftEdge(since: plain) == 140, "typed at the end: the old line's end")
        #expect(plain.changedLineLeftEdge(since: typed) == 140, "deleted at the end: the new line's end")
    }

    @Test func aMarkJoiningTheCharacterBeforeTheCaretMovesTheEdgeBackToThatCharacter() {
        let before = layout("abcde fgh"), after = layout("abcde\u{301} fgh")
        #expect(after.changedLineLeftEdge(since: before) == 40, "the cluster e + mark starts at e")
    }

    @Test func noEdgeWhenTheLineMovesRewrapsOrRunsRightToLeft() {
        #expect(layout(words, width: 150).changedLineLeftEdge(since: layout(words, width: 150)) == nil, "nothing changed")
        let rewrapped = layout("word" + "xxxxxx" + words.dropFirst(4), width: 150)
        #expect(rewrapped.changedLineLeftEdge(since: layout(words, width: 150)) == nil, "several lines changed")
        let centred = layout("abc def", width: 150, alignment: .center), grown = layout("abcx def", width: 150, alignment: .center)
        #expect(grown.changedLineLeftEdge(since: centred) == nil, "a centred line moved")
    }

    @Test func noEdgeForReorderedOrShapedText() {
        func arabic(_ s: String, segmenter: TextSegmenter = BasicTextSegmenter.shared) -> TextLayout {
            TextLayout(AttributedText(s), maxWidth: .infinity, measurer: LigatureMeasurer(segmenter: segmenter))
        }
        // Shaped: typing after lam turns "لا" into one ligature glyph left of the caret.
        #expect(arabic("abc لاx").changedLineLeftEdge(since: arabic("abc لx")) == nil, "a shaped word on the line")
        func reordered(_ s: String) -> TextLayout {
            TextLayout(AttributedText(s), maxWidth: .infinity, direction: .rightToLeft,
                       measurer: LigatureMeasurer(segmenter: RightToLeftSegmenter()))
        }
        #expect(!reordered("abc def").levels.isEmpty)
        #expect(reordered("abc def x").changedLineLeftEdge(since: reordered("abc def")) == nil, "a reordered line")
    }

    @Test func theSharedHeadOfTwoTextsIsCountedInBytes() {
        let base = "Tiếng Việt, русский, 日本語 and 한국어 " + String(repeating: "abcdefgh", count: 5)
        let bytes = Array(base.utf8)
        for cut in 0...bytes.count {
            for tail in ["", "Z", "ü"] {
                let other = String(decoding: bytes[..<cut], as: UTF8.self) + tail
                let expected = zip(base.utf8, other.utf8).prefix { $0 == $1 }.count
                #expect(TextLayout.commonUTF8Prefix(base, other) == expected, "cut at \(cut) then \(tail)")
            }
        }
    }
}
