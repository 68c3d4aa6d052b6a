import Testing
@testable import XKitCore

/// `characterRanges(of:limit:)`, which stands in for the standard library's `ranges(of:)` so that
/// apps do not carry Swift's regex parser: same answers, character by character.
@Suite struct CharacterSearchTests {
    static func offsets(_ s: String, _ needle: String, limit: Int = .max) -> [Range<Int>] {
        s.characterRanges(of: needle, limit: limit).map {
            s.distance(from: s.startIndex, to: $0.lowerBound)..<s.distance(from: s.startIndex, to: $0.upperBound)
        }
    }

    @Test func findsEveryOccurrenceLeftToRightWithoutOverlap() {
        #expect(Self.offsets("abcabcab", "ab") == [0..<2, 3..<5, 6..<8])
        #expect(Self.offsets("aaaa", "aa") == [0..<2, 2..<4])
        #expect(Self.offsets("aaa", "aa") == [0..<2])
        #expect(Self.offsets("xyz", "ab").isEmpty)
        #expect(Self.offsets("ab", "abc").isEmpty)
    }

    @Test func aFailedPartialMatchRestartsOneCharacterLater() {
        // "aab": the match starting at 0 fails at the second "a"; the one at 1 must still be found.
        #expect(Self.offsets("aab", "ab") == [1..<3])
        #expect(Self.offsets("ababac", "abac") == [2..<6])
    }

    @Test func limitStopsEarly() {
        #expect(Self.offsets("ab ab ab", "ab", limit: 1) == [0..<2])
        #expect(Self.offsets("ab ab ab", "ab", limit: 2) == [0..<2, 3..<5])
        #expect(Self.offsets("ab ab ab", "ab", limit: 0).isEmpty)
    }

    @Test func anEmptyNeedleMatchesNothing() {
        #expect(Self.offsets("abc", "").isEmpty)
        #expect(!"abc".containsCharacters(""))
        #expect(Self.offsets("", "a").isEmpty)
    }

    @Test func comparesCharactersNotScalars() {
        // Canonically equivalent: a precomposed "é" matches "e" + combining acute, both ways.
        #expect(Self.offsets("caf\u{E9} au lait", "cafe\u{301}") == [0..<4])
        #expect(Self.offsets("cafe\u{301}", "caf\u{E9}") == [0..<4])
        // "e" alone is not a whole character of "e\u{301}", so it does not match inside it.
        #expect(Self.offsets("cafe\u{301}", "e").isEmpty)
        // A Hangul syllable typed as jamo matches the precomposed syllable.
        #expect("\u{D55C}\u{AE00}".containsCharacters("\u{1112}\u{1161}\u{11AB}"))
        // Flags are one character each: the second half of one and the first of the next are not a flag.
        #expect(Self.offsets("🇻🇳🇷🇺", "🇳🇷").isEmpty)
        #expect(Self.offsets("🇻🇳🇷🇺", "🇷🇺") == [1..<2])
    }

    @Test func agreesWithTheStandardLibraryOnRandomText() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [String] = ["a", "b", "é", "e\u{301}", "ж", "日", "한", " "]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }.joined()
            let needle = (0..<Int.random(in: 1...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }.joined()
            #expect(text.characterRanges(of: needle) == text.ranges(of: needle), "\(text) / \(needle)")
            // Against ranges(of:), not contains(_:), which here may be Foundation's (visible through
            // XKitCore's imports): it misses some canonically equivalent matches (see below).
            #expect(text.containsCharacters(needle) == !text.ranges(of: needle).isEmpty, "\(text) / \(needle)")
        }
    }

    /// After a precomposed "é" that starts a failed match, a decomposed "é" before the syllable is
    /// still found (Foundation's `contains(_:)` says no here; the standard library's `ranges(of:)` finds it).
    @Test func findsACanonicallyEquivalentSpellingAfterAFailedMatch() {
        let text = "\u{E9}e\u{301}한"
        #expect(text.containsCharacters("\u{E9}한"))
        #expect(Self.offsets(text, "\u{E9}한") == [1..<3])
        #expect(!text.ranges(of: "\u{E9}한").isEmpty)
    }

    @Test func worksOnSubstrings() {
        let s = "xx ab yy ab"
        let sub = s[s.index(s.startIndex, offsetBy: 3)...]
        #expect(sub.characterRanges(of: "ab").map { s[$0] } == ["ab", "ab"])
    }
}
