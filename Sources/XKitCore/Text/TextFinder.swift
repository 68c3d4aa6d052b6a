/// Finds a query in text by grapheme clusters, case-insensitively unless asked otherwise: what a
/// find bar matches.
///
/// A match starts and ends on character (grapheme cluster) boundaries, so "e" does not match
/// inside "é" and a flag or a Hangul syllable is never cut; characters compare by canonical
/// equivalence (a precomposed "é" matches "e" + U+0301). Case is folded per character (upper- then
/// lower-cased, so "Σ", "σ" and "ς" match each other). Matches do not overlap and do not cross a
/// paragraph break. Offsets are character offsets.
public struct TextFinder: Sendable, Equatable {
    /// What is searched for.
    public let query: String
    /// Whether upper and lower case must match exactly.
    public let isCaseSensitive: Bool
    /// The query's characters, folded.
    private let needle: [String]
    /// The needle as bytes when every folded character is one ASCII byte (the fast path for ASCII paragraphs).
    private let asciiNeedle: [UInt8]?

    /// A finder for `query` (its line breaks, if any, are searched as spaces are not: they never match).
    public init(query: String, caseSensitive: Bool = false) {
        self.query = query
        isCaseSensitive = caseSensitive
        let folded = query.map { TextFinder.fold($0, caseSensitive: caseSensitive) }
        needle = folded
        let bytes = folded.compactMap { s -> UInt8? in
            let u = s.utf8
            return u.count == 1 && u.first.map { $0 < 0x80 } == true ? u.first : nil
        }
        asciiNeedle = bytes.count == folded.count ? bytes : nil
    }

    /// The character as compared: itself, or its case folded.
    static func fold(_ c: Character, caseSensitive: Bool) -> String {
        if caseSensitive { return String(c) }
        if let a = c.asciiValue { return String(Character(Unicode.Scalar(a >= 65 && a <= 90 ? a + 32 : a))) }
        return String(c).uppercased().lowercased()
    }

    /// The matches in one paragraph, in order, as character-offset ranges.
    public func matches(in string: String) -> [Range<Int>] {
        guard !needle.isEmpty, !string.isEmpty else { return [] }
        // In an ASCII paragraph each byte is one character (its breaks are not in it), so bytes are compared.
        if let asciiNeedle, string.utf8.allSatisfy({ $0 < 0x80 }) {
            let caseSensitive = isCaseSensitive
            return TextFinder.scan(asciiNeedle, in: string.utf8.map { !caseSensitive && $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 })
        }
        return TextFinder.scan(needle, in: string.map { TextFinder.fold($0, caseSensitive: isCaseSensitive) })
    }

    /// Where `needle` occurs in `hay`, left to right, without overlaps.
    private static func scan<Unit: Equatable>(_ needle: [Unit], in hay: [Unit]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var i = 0
        while i + needle.count <= hay.count {
            var j = 0
            while j < needle.count && hay[i + j] == needle[j] { j += 1 }
            if j == needle.count {
                result.append(i..<(i + needle.count))
                i += needle.count
            } else {
                i += 1
            }
        }
        return result
    }

    /// The first match starting at or after `offset`, going on from the document's start when
    /// none is after it; nil when the text has no match.
    public func next(in storage: TextStorage, from offset: Int) -> Range<Int>? {
        search(storage, from: offset, forward: true)
    }

    /// The last match starting before `offset`, going on from the document's end when none is
    /// before it; nil when the text has no match.
    public func previous(in storage: TextStorage, before offset: Int) -> Range<Int>? {
        search(storage, from: offset, forward: false)
    }

    /// Every match in the document, in order, as character offsets (one pass over the paragraphs).
    public func allMatches(in storage: TextStorage) -> [Range<Int>] {
        guard !needle.isEmpty else { return [] }
        var result: [Range<Int>] = []
        var base = 0
        for (text, length) in zip(storage.paragraphs, storage.paragraphLengthsWithBreaks) {
            for m in matches(in: text) { result.append((base + m.lowerBound)..<(base + m.upperBound)) }
            base += length
        }
        return result
    }

    private func search(_ storage: TextStorage, from offset: Int, forward: Bool) -> Range<Int>? {
        guard !needle.isEmpty, storage.count > 0 else { return nil }
        let paragraphs = storage.paragraphs
        let (first, start) = storage.paragraphIndex(containing: offset)
        let local = max(0, offset - start)
        let n = paragraphs.count
        // Every paragraph once, the first one twice: its part after (or before) the offset, then, after wrapping, the rest.
        for step in 0...n {
            let p = forward ? (first + step) % n : (first - step % n + n) % n
            let found = matches(in: paragraphs[p])
            let hit: Range<Int>?
            switch (step, forward) {
            case (0, true): hit = found.first { $0.lowerBound >= local }
            case (0, false): hit = found.last { $0.lowerBound < local }
            case (n, true): hit = found.first { $0.lowerBound < local }
            case (n, false): hit = found.last { $0.lowerBound >= local }
            default: hit = forward ? found.first : found.last
            }
            if let hit {
                let base = storage.paragraphStart(p)
                return (base + hit.lowerBound)..<(base + hit.upperBound)
            }
        }
        return nil
    }
}
