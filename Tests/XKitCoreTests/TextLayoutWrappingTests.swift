import Testing
import XKitCore

@Suite struct TextLayoutWrappingTests {
    @Test func wrapsAtTheLastSpaceThatFits() {
        let l = layout("hello world foo", width: 100)
        #expect(l.lineStrings == ["hello ", "world foo"])
        #expect(l.drawnStrings == ["hello", "world foo"])
        #expect(l.lineRects == [Rect(x: 0, y: 0, width: 50, height: 13), Rect(x: 0, y: 13, width: 90, height: 13)])
        #expect(l.size == Size(width: 90, height: 26))
    }

    @Test func trailingSpacesAtAWrapDoNotCountTowardsWidth() {
        let l = layout("abcd     efgh", width: 60)
        #expect(l.lineStrings == ["abcd     ", "efgh"])
        #expect(l.lineRects.map(\.width) == [40, 40])
        #expect(l.size.width == 40)
    }

    @Test func spacesBeforeAHardBreakAndAtTheEndStillCount() {
        let l = layout("ab  \ncd ")
        #expect(l.lineRects.map(\.width) == [40, 30])
    }

    @Test func textThatFitsStaysOnOneLine() {
        let l = layout("hello world", width: 110)
        #expect(l.lineStrings == ["hello world"])
        #expect(l.lineCount == 1)
    }

    @Test func breaksAfterHyphensAndSlashes() {
        #expect(layout("well-known", width: 60).lineStrings == ["well-", "known"])
        #expect(layout("and/or", width: 40).lineStrings == ["and/", "or"])
        #expect(layout("a–b", width: 20).lineStrings == ["a–", "b"])
    }

    @Test func aHyphenAfterASpaceIsNotAWordEnd() {
        // "-5" must not be split from its digit; the break goes after the space instead.
        #expect(layout("x -5", width: 30).lineStrings == ["x ", "-5"])
    }

    @Test func closingPunctuationNeverStartsALine() {
        #expect(layout("ab cd.", width: 50).lineStrings == ["ab ", "cd."])
        #expect(layout("ab (cd", width: 50).lineStrings == ["ab ", "(cd"])
    }

    @Test func cjkBreaksBetweenAnyTwoCharacters() {
        let l = layout("日本語のテキスト", width: 70)
        #expect(l.lineStrings == ["日本語", "のテキ", "スト"])
        #expect(l.lineRects.map(\.width) == [60, 60, 40])
    }

    @Test func cjkClosingPunctuationStaysWithThePrecedingCharacter() {
        #expect(layout("日本語。日本", width: 60).lineStrings == ["日本", "語。日", "本"])
    }

    @Test func hangulBreaksBetweenSyllables() {
        #expect(layout("한국어 텍스트", width: 50).lineStrings == ["한국", "어 텍", "스트"])
    }

    @Test func latinNextToCJKMayBreakAtTheBoundary() {
        #expect(layout("abc日本", width: 40).lineStrings == ["abc", "日本"])
    }

    @Test func anOverLongWordBreaksBetweenCharacters() {
        let l = layout("abcdefghij", width: 35)
        #expect(l.lineStrings == ["abc", "def", "ghi", "j"])
        #expect(l.size == Size(width: 30, height: 52))
    }

    @Test func aCharacterWiderThanTheLineStillGetsALine() {
        #expect(layout("日本", width: 5).lineStrings == ["日", "本"])
    }

    @Test func combiningMarksAreNeverSplitFromTheirBase() {
        let l = layout("e\u{301}e\u{301}e\u{301}", width: 25)
        #expect(l.lineStrings == ["e\u{301}e\u{301}", "e\u{301}"])
        #expect(l.lineRects.map(\.width) == [20, 10])
    }

    @Test func emojiSequencesAreNeverSplit() {
        let family = "👨‍👩‍👧"
        let l = layout(family + family + family, width: 15)
        #expect(l.lineStrings == [family, family, family])
        #expect(layout("🇯🇵🇫🇷", width: 15).lineStrings == ["🇯🇵", "🇫🇷"])
    }

    @Test func newlinesStartNewLines() {
        let l = layout("ab\ncd\r\nef")
        #expect(l.lineStrings == ["ab\n", "cd\r\n", "ef"])
        #expect(l.drawnStrings == ["ab", "cd", "ef"])
        #expect(l.baselines == [10, 23, 36])
    }

    @Test func emptyLinesKeepTheirHeight() {
        let l = layout("a\n\nb")
        #expect(l.lineStrings == ["a\n", "\n", "b"])
        #expect(l.lineRects == [Rect(x: 0, y: 0, width: 10, height: 13), Rect(x: 0, y: 13, width: 0, height: 13),
                                Rect(x: 0, y: 26, width: 10, height: 13)])
    }

    @Test func aFinalNewlineOpensAnEmptyLastLine() {
        let l = layout("ab\n")
        #expect(l.lineStrings == ["ab\n", ""])
        #expect(l.size == Size(width: 20, height: 26))
    }

    @Test func wrappedLinesAndHardBreaksCombine() {
        #expect(layout("aa bb\ncc", width: 30).lineStrings == ["aa ", "bb\n", "cc"])
    }

    @Test func emptyTextHasNoLinesAndNoSize() {
        let l = layout("", width: 100)
        #expect(l.lineCount == 0)
        #expect(l.size == .zero)
        #expect(l.truncatedRange == nil)
    }

    @Test func eachDistinctCharacterIsMeasuredOncePerFont() {
        let m = FixedAdvanceMeasurer()
        var text = AttributedText("abab日日", font: .system)
        text.append(AttributedText("ab", font: .system(size: 26)))
        _ = TextLayout(text, measurer: m)
        // a, b, 日 at 13 pt and a, b at 26 pt, plus one "…" per font for truncation.
        #expect(m.measured.sorted() == ["a@13.0", "a@26.0", "b@13.0", "b@26.0", "…@13.0", "…@26.0", "日@13.0"])
    }
}

@Suite struct TextLayoutClusterTests {
    /// Every cluster start the layout can hit, found by probing each point along one line.
    private func hitClusterOffsets(_ s: String) -> [Int] {
        let l = layout(s)
        var seen: [Int] = []
        for x in stride(from: 0.5, to: l.size.width, by: 1) {
            if let i = l.characterIndex(at: Point(x: x, y: 1)), seen.last != l.offset(i) { seen.append(l.offset(i)) }
        }
        return seen
    }

    @Test func clustersMatchSwiftCharactersAcrossScripts() {
        let s = "ae\u{301}\u{302}x😀\u{1F3FD}y🇯🇵🇫🇷z👨‍👩‍👧w\u{1100}\u{1161}\u{11A8}가\u{11A8}q\u{0915}\u{094D}\u{0937}"
            + "ｶ\u{FF9E}か\u{3099}字\u{302A}й\u{0483}Ω\u{0300}日\u{FE0F}©\u{FE0F}a\u{200D}b\u{0600}1"
        #expect(hitClusterOffsets(s) == Array(0..<s.count))
    }

    @Test func aCarriageReturnIsItsOwnClusterUnlessALineFeedFollows() {
        #expect(layout("a\r\u{301}b\r\nc").lineStrings == ["a\r", "\u{301}b\r\n", "c"])
    }
}
