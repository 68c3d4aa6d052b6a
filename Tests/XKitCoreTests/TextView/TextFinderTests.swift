import Testing
@_spi(Platform) @_spi(Testing) @testable import XKitCore
import XKitHeadless

/// The find matcher without a display: graphemes, case folding, wrapping next and previous, and a
/// find bar driven by keys on a headless text view.
@MainActor
@Suite(.serialized) struct TextFinderTests {
    @Test func matchingIgnoresCaseInEveryScriptAndNeverCutsAGrapheme() {
        #expect(TextFinder(query: "note").matches(in: "Note, NOTE and notes") == [0..<4, 6..<10, 15..<19])
        #expect(TextFinder(query: "ПРИВЕТ").matches(in: "привет, Привет") == [0..<6, 8..<14])
        #expect(TextFinder(query: "σ").matches(in: "ΣΟΦΟΣ σοφός") == [0..<1, 4..<5, 6..<7, 10..<11], "Σ, σ and final ς fold together")
        // "e" is not found inside "é" (precomposed or with a combining accent), but "é" finds both.
        #expect(TextFinder(query: "e").matches(in: "café cafe\u{301}") == [])
        #expect(TextFinder(query: "é").matches(in: "café cafe\u{301} CAFÉ") == [3..<4, 8..<9, 13..<14])
        // A Hangul syllable and a flag are single characters: a jamo or a half flag is no match.
        #expect(TextFinder(query: "ᄒ").matches(in: "한국어") == [])
        #expect(TextFinder(query: "국").matches(in: "한국어 국") == [1..<2, 4..<5])
        #expect(TextFinder(query: "🇻").matches(in: "🇻🇳") == [])
        #expect(TextFinder(query: "日本").matches(in: "日本語の日本") == [0..<2, 4..<6])
        #expect(TextFinder(query: "aa").matches(in: "aaaa") == [0..<2, 2..<4], "matches do not overlap")
        #expect(TextFinder(query: "Note", caseSensitive: true).matches(in: "note Note") == [5..<9])
        #expect(TextFinder(query: "").matches(in: "anything") == [])
    }

    @Test func nextAndPreviousWrapAroundTheDocumentAcrossParagraphs() {
        let storage = TextStorage("alpha beta\nGamma ALPHA\r\ndelta alpha")
        let finder = TextFinder(query: "alpha")
        #expect(finder.next(in: storage, from: 0) == 0..<5)
        #expect(finder.next(in: storage, from: 1) == 17..<22, "into the next paragraph, past its CR LF")
        #expect(finder.next(in: storage, from: 18) == 29..<34)
        #expect(finder.next(in: storage, from: 30) == 0..<5, "wraps to the start")
        #expect(finder.previous(in: storage, before: 29) == 17..<22)
        #expect(finder.previous(in: storage, before: 0) == 29..<34, "wraps to the end")
        #expect(TextFinder(query: "zeta").next(in: storage, from: 0) == nil)
        #expect(finder.allMatches(in: storage) == [0..<5, 17..<22, 29..<34])
        // A single paragraph: the part before the offset is searched last.
        let one = TextStorage("x y x")
        #expect(TextFinder(query: "x").next(in: one, from: 3) == 4..<5)
        #expect(TextFinder(query: "x").next(in: one, from: 5) == 0..<1)
    }

    @Test func aMatchFarIntoALargeDocumentIsFoundAndTheLastOneWrapsToTheFirst() {
        let line = String(repeating: "lorem ipsum ", count: 8)
        var lines = Array(repeating: line, count: 20_000)
        lines[19_990] = line + "Nguyễn"
        let storage = TextStorage(lines.joined(separator: "\n"))
        let finder = TextFinder(query: "NGUYỄN")
        let hit = finder.next(in: storage, from: 0)
        #expect(hit.map { storage.substring($0) } == "Nguyễn")
        #expect(hit.flatMap { finder.next(in: storage, from: $0.lowerBound + 1) } == hit, "the only match wraps to itself")
    }

    @Test func ctrlFTypesAQueryEnterAndF3StepAndEscapeClosesTheBar() {
        let scene = HeadlessScene(size: Size(width: 400, height: 200), measurer: FixedAdvanceMeasurer(), origin: .zero)
        let view = TextView(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        scene.root.addSubview(view)
        view.text = "one fish\ntwo Fish\nred fish blue FISH"
        view.becomeFirstResponder()
        scene.platform.displayPass()
        scene.key(.character("f"), modifiers: [.control])
        #expect(view.isFindNavigatorVisible)
        for c in "fish" { scene.key(.character(c), text: String(c)) }
        #expect(view.searchText == "fish")
        #expect(view.selectedRange == 4..<8, "typing finds the first match from the caret")
        #expect(view.findMatches(inParagraph: 2) == [4..<8, 14..<18], "every match of a paragraph in sight is highlighted")
        #expect(view.findBar?.status.text == "1 of 4")
        scene.key(.enter)
        #expect(view.selectedRange == 13..<17)
        #expect(view.findBar?.status.text == "2 of 4")
        scene.key(.function(3))
        #expect(view.selectedRange == 22..<26)
        scene.key(.function(3), modifiers: [.shift])
        #expect(view.selectedRange == 13..<17)
        scene.key(.enter, modifiers: [.shift])
        #expect(view.selectedRange == 4..<8)
        scene.key(.enter, modifiers: [.shift])
        #expect(view.selectedRange == 32..<36, "Shift+Enter on the first match wraps to the last")
        #expect(view.text == "one fish\ntwo Fish\nred fish blue FISH", "nothing typed into the bar reaches the text")
        scene.key(.escape)
        #expect(!view.isFindNavigatorVisible)
        #expect(view.isFirstResponder, "the text view has the focus back")
        #expect(view.selectedRange == 32..<36, "the match stays selected")
        // An edit then uses the new text: a query with no match says so.
        scene.key(.character("f"), modifiers: [.control])
        #expect(view.searchText == "FISH", "the selection becomes the query")
        view.findBar?.field.text = ""
        for c in "cat" { scene.key(.character(c), text: String(c)) }
        #expect(view.findBar?.status.text == "No matches")
        #expect(view.findMatches(inParagraph: 0).isEmpty)
    }
}
