import Testing
@testable import XKitCore

/// The words, sentences and lines assistive technologies read text by (AT-SPI's boundaries).
@Suite struct TextUnitsTests {
    private func slice(_ text: String, _ range: Range<Int>) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[range])
        return String(out)
    }

    @Test func aWordIsTheWordDoubleClickSelectsAndBetweenWordsTheOneBefore() {
        let text = "Copy the price, then paste it."
        let units = TextUnits(text: text)
        #expect(slice(text, units.unit(.word, at: 10)) == "price")
        #expect(slice(text, units.unit(.word, at: 14)) == "price", "on the comma: the word before")
        #expect(slice(text, units.unit(.word, at: 0)) == "Copy")
        #expect(slice(text, units.segment(.word, edge: .start, at: 10)) == "price, ")
        #expect(slice(text, units.segment(.word, edge: .end, at: 10)) == " price")
        #expect(slice(text, units.segment(.word, edge: .start, before: 10)) == "the ")
        #expect(slice(text, units.segment(.word, edge: .start, after: 10)) == "then ")
    }

    @Test func wordsCountScalarsSoCombiningMarksKeepOffsetsRight() {
        let text = "Tiê\u{0301}ng Việt rất hay"
        let units = TextUnits(text: text)
        let second = units.unit(.word, at: 7)
        #expect(slice(text, second) == "Việt")
        #expect(second == 7..<11)
    }

    @Test func sentencesEndAtTerminalsFollowedBySpaceOrAParagraphBreak() {
        let text = "Pi is 3.14. Is it? Yes!\nNew paragraph 日本語。次の文"
        let units = TextUnits(text: text)
        #expect(units.ranges(of: .sentence).map { slice(text, $0) } == ["Pi is 3.14. ", "Is it? ", "Yes!\n", "New paragraph 日本語。", "次の文"])
        #expect(slice(text, units.unit(.sentence, at: 13)) == "Is it? ")
        #expect(units.ranges(of: .paragraph).map { slice(text, $0) } == ["Pi is 3.14. Is it? Yes!\n", "New paragraph 日本語。次の文"])
    }

    @Test func linesAreTheDrawnLines() {
        let text = "first line second line"
        let units = TextUnits(text: text, lines: [0..<11, 11..<22])
        #expect(slice(text, units.unit(.line, at: 3)) == "first line ")
        #expect(slice(text, units.unit(.line, at: 15)) == "second line")
        #expect(slice(text, units.segment(.line, edge: .start, after: 3)) == "second line")
        #expect(units.segment(.line, edge: .start, before: 3) == 0..<0)
        #expect(units.segment(.line, edge: .start, after: 15) == 22..<22)
    }

    @Test func offsetsOutsideTheTextAreClampedAndEmptyTextIsEmpty() {
        let units = TextUnits(text: "")
        for kind in TextUnits.Kind.allCases {
            #expect(units.unit(kind, at: 5).isEmpty)
            #expect(units.segment(kind, edge: .start, at: -3).isEmpty)
        }
        let word = TextUnits(text: "word")
        #expect(word.unit(.word, at: 99) == 0..<4)
        #expect(word.unit(.character, at: 99) == 4..<4)
    }
}
