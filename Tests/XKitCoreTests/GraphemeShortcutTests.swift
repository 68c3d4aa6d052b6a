import Testing
@testable import XKitCore

/// The scan's shortcut (a boundary between two "simple" scalars is certain) gives exactly Swift's
/// grapheme clusters, in the scripts it covers and next to the marks, conjuncts and controls it does not.
@Suite struct GraphemeShortcutTests {
    @Test func scannedClustersAreSwiftCharacters() {
        let samples = ["שָׁלוֹם עוֹלָם זה טקסט׃ 123", "السلام عليكم، لا إله؟ ٣٤٥ لِلّهِ\u{061C}ا", "\u{0600}١٢ ا\u{06DD}١",
                       "नमस्ते दुनिया क्षत्रिय हिंदी। क़ ज्ञ र्क ॐ", "สวัสดีชาวโลก น้ำ กำ เก่ง ฿๑๒", "a\u{0301}ب\u{064B}ก\u{0E33}"]
        var all = samples
        // Every pair of a few letters and marks of each script, so each shortcut edge meets each kind of neighbour.
        let pieces: [Character] = ["ש", "\u{05B8}", "ب", "\u{064E}", "\u{0600}", "क", "\u{094D}", "\u{093F}", "\u{0903}",
                                   "ก", "\u{0E31}", "\u{0E33}", "เ", "\u{200D}", "\u{0301}", "a", " ", "\r", "\n"]
        for a in pieces { for b in pieces { for c in pieces { all.append(String([a, b, c])) } } }
        for string in all {
            var cache = AdvanceCache(measurer: MonospaceMeasurer())
            let scan = TextScan(AttributedText(string), cache: &cache)
            var expected: [Int] = []
            var i = string.startIndex
            while i < string.endIndex {
                expected.append(string.utf8.distance(from: string.utf8.startIndex, to: i))
                i = string.index(after: i)
            }
            expected.append(string.utf8.count)
            #expect(scan.offsets == expected, "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// Every scalar the shortcut calls simple is a character of its own beside every other simple
    /// scalar kind and beside letters, as Swift segments it (so a scalar added to the list that may
    /// join, such as a mark or a jamo, fails here).
    @Test func everySimpleScalarStandsAloneToSwift() {
        var simple = String.UnicodeScalarView()
        for v in 0...0xFFFF where v != 0x0A {
            if let u = Unicode.Scalar(v), GraphemeShortcut.isSimple(u.value) { simple.append(u); simple.append("a") }
        }
        let text = String(simple)
        #expect(text.count == text.unicodeScalars.count)
        #expect(GraphemeShortcut.isSimple(0x1EC7) && GraphemeShortcut.isSimple(0x41) && !GraphemeShortcut.isSimple(0x0D))
        #expect(!GraphemeShortcut.isSimple(0x301) && !GraphemeShortcut.isSimple(0x1100) && !GraphemeShortcut.isSimple(0x3099))
    }
}
