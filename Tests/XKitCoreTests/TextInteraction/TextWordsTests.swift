import Testing
import XKitCore

/// One word definition (`TextWords`) behind double-click, Ctrl+Left/Right and Ctrl+Backspace, and
/// URL line breaking; the pure-Swift segmenter here, ICU in XKitTests' `UnicodeSegmentationTests`.
@Suite struct TextWordsTests {
    let text = "Hello, world!  foo_bar 42"

    @Test func doubleClickAndTheFieldSelectTheSameWord() {
        for offset in 0..<text.count {
            let index = text.index(text.startIndex, offsetBy: offset)
            let unit = TextSelectionUnits.word(in: text, at: index)
            var field = TextEditingState(text: text)
            field.selectWord(at: offset)
            #expect(text.distance(from: text.startIndex, to: unit.lowerBound) == field.selection.lowerBound)
            #expect(text.distance(from: text.startIndex, to: unit.upperBound) == field.selection.upperBound)
        }
    }

    @Test func wordsLeaveOutSpacesAndPunctuation() {
        #expect(TextWords.words(in: text) == [0..<5, 7..<12, 15..<22, 23..<25])
        var field = TextEditingState(text: text)
        field.selectWord(at: 13)
        #expect(field.selectedText == "  ")
        field.selectWord(at: 5)
        #expect(field.selectedText == ",")
    }

    @Test func controlArrowsStopAtWordEndsAndStarts() {
        var field = TextEditingState(text: text)
        field.moveCaret(to: 0)
        var stops: [Int] = []
        for _ in 0..<5 { field.moveRight(word: true); stops.append(field.caret) }
        #expect(stops == [5, 12, 22, 25, 25])
        stops = []
        for _ in 0..<5 { field.moveLeft(word: true); stops.append(field.caret) }
        #expect(stops == [23, 15, 7, 0, 0])
    }

    @Test func controlBackspaceDeletesBackToTheWordStartWithThePunctuation() {
        var field = TextEditingState(text: "see you, later")
        field.moveCaret(to: 8) // after the comma
        field.deleteBackward(word: true)
        #expect(field.text == "see  later")
    }

    @Test func aURLWrapsAfterSlashesAndDotsButNotAfterItsScheme() {
        #expect(layout("go https://example.com/a/b", width: 170).lineStrings == ["go ", "https://example.", "com/a/b"])
        #expect(layout("go www.example.com/path", width: 130).lineStrings == ["go ", "www.example.", "com/path"])
        // Outside a URL the usual rules hold.
        #expect(layout("and/or", width: 40).lineStrings == ["and/", "or"])
    }
}
