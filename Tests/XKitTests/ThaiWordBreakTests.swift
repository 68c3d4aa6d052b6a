import Testing
import XKit
import XKitTesting

/// Thai word and line breaks from libthai, as Pango takes them, display-free: the segmenter's
/// boundaries, wrapping, double-click, Ctrl+arrows, and Thai mixed with Latin.
@MainActor
@Suite struct ThaiWordBreakTests {
    /// "I travel to Thailand, there is no clipboard" and its words as libthai splits them
    /// (`th_brk_wc_find_breaks`, libthai 0.1.29). ICU's dictionary splits it differently (เดิน|ทาง,
    /// ประเทศไทย, ไม่มี, คลิปบอร์ด), so these tests fail if Thai keeps ICU's breaks.
    static let words = ["ฉัน", "เดินทาง", "ไป", "ประเทศ", "ไทย", " ", "ไม่", "มี", "คลิป", "บอร์ด"]
    static let sentence = words.joined()

    let segmenter = ICUTextSegmenter()
    let icuOnly = ICUTextSegmenter(thaiFromLibthai: false)

    /// The UTF-8 offset after each piece: the boundaries of a text made of `pieces`.
    static func ends(_ pieces: [String]) -> [Int] {
        var offset = 0
        return pieces.map { offset += $0.utf8.count; return offset }
    }

    /// The pieces between boundaries.
    static func pieces(_ text: String, _ boundaries: [Int]) -> [String] {
        var lo = 0
        return boundaries.map { b in
            defer { lo = b }
            return String(decoding: Array(text.utf8)[lo..<b], as: UTF8.self)
        }
    }

    @Test func libthaiLoads() {
        #expect(segmenter.thaiFromLibthai)
        #expect(!icuOnly.thaiFromLibthai)
    }

    @Test func wordBoundariesInThaiAreLibthaisNotICUs() {
        let found = segmenter.boundaries(.word, in: Self.sentence)
        #expect(Self.pieces(Self.sentence, found) == Self.words)
        let icu = icuOnly.boundaries(.word, in: Self.sentence)
        #expect(icu != found, "the sentence must tell the two dictionaries apart: ICU gives \(Self.pieces(Self.sentence, icu))")
        // Graphemes stay ICU's.
        #expect(segmenter.boundaries(.grapheme, in: Self.sentence) == icuOnly.boundaries(.grapheme, in: Self.sentence))
    }

    @Test func lineBoundariesInThaiAreLibthaisWithTheSpaceEndingItsLine() {
        // UAX #14 breaks after a space, not before it, so the space joins the word before.
        var lines = Self.words
        let space = lines.firstIndex(of: " ") ?? 0
        lines[space - 1] += lines.remove(at: space)
        let found = segmenter.boundaries(.line, in: Self.sentence)
        #expect(Self.pieces(Self.sentence, found) == lines)
        #expect(icuOnly.boundaries(.line, in: Self.sentence) != found)
    }

    @Test func aNarrowLabelWrapsAtLibthaisWords() {
        // 10 per cluster: the widest words (เดินทาง, ประเทศ: six clusters) just fit, so no word is cut.
        let layout = TextLayout(AttributedText(Self.sentence), maxWidth: 60, measurer: UnicodeSegmentationTests.ICUMeasurer())
        let lines = layout.lines.map { String(Self.sentence[$0.range]) }
        #expect(lines == ["ฉัน", "เดินทาง", "ไป", "ประเทศ", "ไทย ไม่", "มีคลิป", "บอร์ด"])
    }

    @Test func doubleClickSelectsExactlyLibthaisWord() throws {
        let scene = HeadlessScene(measurer: UnicodeSegmentationTests.ICUMeasurer())
        let label = Label(text: Self.sentence)
        label.frame = Rect(x: 0, y: 0, width: 400, height: 20)
        label.isSelectable = true
        scene.root.addSubview(label)
        let text = Self.sentence
        let word = "เดินทาง" // ICU would select เดิน or ทาง
        let range = try #require(text.range(of: word))
        let rect = try #require(label.textLayout.rects(for: range).first)
        let point = Point(x: label.textOrigin.x + rect.midX, y: label.textOrigin.y + rect.midY)
        scene.click(at: point)
        scene.click(at: point)
        #expect(label.selectedText == word)
        #expect(scene.platform.copyLog.last?.text == word)
        #expect(scene.platform.copyLog.last?.selection == .primary)
    }

    @Test func controlArrowsStopAtLibthaisWordEnds() {
        var ends: [Int] = []
        var offset = 0
        for word in Self.words {
            offset += word.count
            if word != " " { ends.append(offset) }
        }
        var field = TextEditingState(text: Self.sentence)
        field.moveCaret(to: 0)
        var stops: [Int] = []
        for _ in ends { field.moveRight(word: true, segmenter: segmenter); stops.append(field.caret) }
        #expect(stops == ends)
        field.moveLeft(word: true, segmenter: segmenter)
        #expect(field.caret == ends[ends.count - 2])
    }

    @Test func thaiBesideLatinTakesLibthaisBreaksInsideAndICUsAtTheEdges() {
        let text = "ไปกรุงเทพมหานครกับ XKit 2.0" // ICU: กรุงเทพมหานคร is one word
        let expected = ["ไป", "กรุงเทพ", "มหา", "นคร", "กับ", " ", "XKit", " ", "2.0"]
        #expect(Self.pieces(text, segmenter.boundaries(.word, in: text)) == expected)
        let words = TextWords.words(in: text, segmenter: segmenter).map { String(Array(text)[$0]) }
        #expect(words == expected.filter { $0 != " " })
        #expect(Self.pieces(text, segmenter.boundaries(.line, in: text)) == ["ไป", "กรุงเทพ", "มหา", "นคร", "กับ ", "XKit ", "2.0"])
        // Touching Latin and digits: ICU keeps "Hello" with the Thai after it and "123" with the Thai before.
        let touching = "Helloภาษาไทย123"
        #expect(Self.pieces(touching, segmenter.boundaries(.word, in: touching)) == ["Helloภาษา", "ไทย123"])
    }

    @Test func textWithoutThaiKeepsICUsAnswer() {
        let text = "Hello, world! Xin chào, don't 3.14 👨‍👩‍👧"
        for kind in TextBoundaryKind.allCases {
            #expect(segmenter.boundaries(kind, in: text) == icuOnly.boundaries(kind, in: text))
        }
    }
}
