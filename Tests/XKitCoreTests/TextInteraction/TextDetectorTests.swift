import Testing
@testable import XKitCore

@Suite struct TextDetectorTests {
    private func found(_ s: String, _ kinds: Set<TextDetector> = Set(TextDetector.allCases)) -> [String] {
        TextDetector.matches(in: s, kinds: kinds).map { "\($0.kind.rawValue):\(s[$0.range])" }
    }

    @Test func latin() {
        #expect(found("hi @anna_b, see #swift at https://example.org/a?b=1.")
                == ["mentions:@anna_b", "hashtags:#swift", "urls:https://example.org/a?b=1"])
        #expect(found("mail me@example.org or #1 or @.") == [], "emails, numeric tags and bare sigils are not matches")
        #expect(found("@anna.nguyen. ok") == ["mentions:@anna.nguyen"])
        #expect(found("(see www.example.org/a_(b)).") == ["urls:www.example.org/a_(b)"])
    }

    @Test func vietnamesePrecomposedAndDecomposed() {
        #expect(found("Chào @Nguyễn_Văn #tiếngViệt!") == ["mentions:@Nguyễn_Văn", "hashtags:#tiếngViệt"])
        let decomposed = "#tie\u{302}\u{301}ng vie\u{323}\u{302}t"
        #expect(found(decomposed) == ["hashtags:#tie\u{302}\u{301}ng"])
        #expect(found("https://vi.wikipedia.org/wiki/Việt_Nam.") == ["urls:https://vi.wikipedia.org/wiki/Việt_Nam"])
    }

    @Test func cyrillic() {
        #expect(found("Привет, @Алёна! #привет_мир") == ["mentions:@Алёна", "hashtags:#привет_мир"])
    }

    @Test func cjkAndHangul() {
        #expect(found("東京 #日本語 @さくら。") == ["hashtags:#日本語", "mentions:@さくら"])
        #expect(found("오늘 #한국어 @민수 님") == ["hashtags:#한국어", "mentions:@민수"])
        #expect(found("全角＃タグ と ＃タグ") == ["hashtags:＃タグ"], "a sigil glued to a word is not a tag")
    }

    @Test func onlyTheAskedKindsAndURLsWinOverWhatIsInside() {
        #expect(found("#a @b https://x.org/#c", [.hashtags]) == ["hashtags:#a", "hashtags:#c"])
        #expect(found("#a @b https://x.org/#c") == ["hashtags:#a", "mentions:@b", "urls:https://x.org/#c"])
        #expect(found("HTTPS://X.ORG and www.") == ["urls:HTTPS://X.ORG"])
    }

    @Test func wordsAndParagraphsForMultiClicks() {
        let s = "Chào các bạn, 日本語abc\nnext line"
        let word = { (n: Int) in String(s[TextSelectionUnits.word(in: s, at: s.index(s.startIndex, offsetBy: n))]) }
        #expect(word(6) == "các")
        #expect(word(12) == ",")
        #expect(word(15) == "日本語")
        #expect(word(18) == "abc")
        let para = { (n: Int) in String(s[TextSelectionUnits.paragraph(in: s, at: s.index(s.startIndex, offsetBy: n))]) }
        #expect(para(3) == "Chào các bạn, 日本語abc")
        #expect(para(25) == "next line")
    }
}

@MainActor
@Suite struct LabelDetectorTests {
    @Test func detectedRangesAreTappableAndColoured() {
        let b = LabelBench("@minh #swift")
        var got: [String] = []
        b.label.detectors = [.mentions, .hashtags]
        b.label.onDetectedTap = { kind, text in got.append("\(kind.rawValue) \(text)") }
        #expect(b.label.tappableRanges.map(\.text) == ["@minh", "#swift"])
        b.click(Point(x: 90, y: 19))
        #expect(got == ["hashtags #swift"])
        let log = OrderedDrawLog()
        b.label.draw(in: log)
        #expect(log.calls.contains(.text("#swift", .accent, Point(x: 60, y: 23))))
        b.label.detectedTextColor = nil
        let plain = OrderedDrawLog()
        b.label.draw(in: plain)
        #expect(plain.calls.contains(.text("@minh #swift", .label, Point(x: 0, y: 23))))
    }
}
