import Testing
import XKit

/// XKit's ICU segmenter behind the one word definition and line breaking, display-free.
@Suite struct UnicodeSegmentationTests {
    /// Fixed advances (10 per cluster) with the X11 backend's segmenter.
    final class ICUMeasurer: TextMeasurer {
        let textSegmenter: TextSegmenter = ICUTextSegmenter()
        func metrics(for font: Font) -> FontMetrics { FontMetrics(ascent: 10, descent: 3) }
        func advance(of character: Character, in font: Font) -> Double { 10 }
    }

    let segmenter = ICUTextSegmenter()
    let thai = "สวัสดีชาวโลก" // "hello world": สวัสดี ชาว โลก, no spaces

    @Test func thaiWordsComeFromTheDictionary() {
        let words = TextWords.words(in: thai, segmenter: segmenter)
        let strings = words.map { r in String(Array(thai)[r]) }
        #expect(strings == ["สวัสดี", "ชาว", "โลก"])
        let unit = TextSelectionUnits.word(in: thai, at: thai.index(thai.startIndex, offsetBy: 5), segmenter: segmenter)
        #expect(String(thai[unit]) == "ชาว")
    }

    @Test func controlArrowsWalkThaiAndApostrophesByWord() {
        var field = TextEditingState(text: thai + " don't")
        field.moveCaret(to: 0)
        var stops: [Int] = []
        for _ in 0..<4 { field.moveRight(word: true, segmenter: segmenter); stops.append(field.caret) }
        #expect(stops == [4, 7, 10, 16]) // "don't" is one word (UAX #29 WB6/WB7)
        field.deleteBackward(word: true, segmenter: segmenter)
        #expect(field.text == thai + " ")
    }

    @Test func thaiWrapsBetweenWords() {
        let layout = TextLayout(AttributedText(thai), maxWidth: 50, measurer: ICUMeasurer())
        let lines = layout.lines.map { String(thai[$0.range]) }
        #expect(lines == ["สวัสดี", "ชาว", "โลก"])
        #expect(layout.segmenter is ICUTextSegmenter)
    }

    @Test func emojiSequencesAreOneGrapheme() {
        let family = "👨‍👩‍👧", flag = "🇻🇳", keycap = "1️⃣", tone = "👌🏽"
        let text = family + flag + keycap + tone
        var expected: [Int] = []
        var offset = 0
        for piece in [family, flag, keycap, tone] { offset += piece.utf8.count; expected.append(offset) }
        #expect(segmenter.boundaries(.grapheme, in: text) == expected)
    }

    @Test func urlTailoringHoldsOnTheUnicodePathToo() {
        // Thai puts the layout on the segmenter's path; the URL rule still decides inside the URL.
        let text = "ดู https://example.com/a"
        let layout = TextLayout(AttributedText(text), maxWidth: 170, measurer: ICUMeasurer())
        let lines = layout.lines.map { String(text[$0.range]) }
        #expect(lines == ["ดู ", "https://example.", "com/a"])
    }
}
