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
}
