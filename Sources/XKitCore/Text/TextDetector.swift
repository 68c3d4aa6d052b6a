/// A kind of text a label can find on its own and make tappable (see `Label.detectors`).
public enum TextDetector: String, Hashable, Sendable, CaseIterable {
    /// `@name`, where the name is letters, digits, marks or `_` of any script, with inner `.` or `-`.
    case mentions
    /// `#tag` (or the full-width `＃tag`) with at least one letter, in any script.
    case hashtags
    /// `http://…`, `https://…` or `www.…`, up to white space, without trailing punctuation.
    case urls

    /// One match: its kind and the characters it covers (the `@`, `#` or scheme included).
    public struct Match: Hashable, Sendable {
        /// Which detector found it: a mention, a hashtag or a URL.
        public let kind: TextDetector
        /// The characters of the match in the searched string, its `@`, `#` or scheme included.
        public let range: Range<String.Index>
    }

    /// Every match of the given kinds in `string`, in order; matches never overlap (a URL wins over
    /// the `#fragment` or `@user` inside it).
    public static func matches(in string: String, kinds: Set<TextDetector>) -> [Match] {
        guard !kinds.isEmpty, !string.isEmpty else { return [] }
        var found: [Match] = []
        var i = string.startIndex
        var previous: Character?
        while i < string.endIndex {
            let c = string[i]
            var match: Match?
            let atBoundary = previous.map { !TextDetector.isNameCharacter($0) && $0 != "@" && $0 != "#" } ?? true
            if kinds.contains(.urls), atBoundary, let end = urlEnd(in: string, from: i) {
                match = Match(kind: .urls, range: i..<end)
            } else if kinds.contains(.mentions), atBoundary, c == "@" || c == "＠",
                      let end = nameEnd(in: string, after: i, needsLetter: false) {
                match = Match(kind: .mentions, range: i..<end)
            } else if kinds.contains(.hashtags), atBoundary, c == "#" || c == "＃",
                      let end = nameEnd(in: string, after: i, needsLetter: true) {
                match = Match(kind: .hashtags, range: i..<end)
            }
            if let match {
                found.append(match)
                previous = string[string.index(before: match.range.upperBound)]
                i = match.range.upperBound
            } else {
                previous = c
                i = string.index(after: i)
            }
        }
        return found
    }

    // MARK: Character classes

    /// Letters, digits and marks of any script, and `_`: what names are made of (`TextWords`' word characters).
    static func isNameCharacter(_ c: Character) -> Bool { TextWords.isWordCharacter(c) }

    private static func isLetter(_ c: Character) -> Bool {
        c.unicodeScalars.first.map { $0.properties.isAlphabetic } ?? false
    }

    // MARK: Names

    /// The end of a name after the sigil at `sigil`, or nil when no name follows.
    private static func nameEnd(in s: String, after sigil: String.Index, needsLetter: Bool) -> String.Index? {
        var i = s.index(after: sigil)
        var end: String.Index?
        var hasLetter = false
        while i < s.endIndex {
            let c = s[i]
            if isNameCharacter(c) {
                hasLetter = hasLetter || isLetter(c)
                i = s.index(after: i)
                end = i
            } else if c == "." || c == "-", end != nil {
                // Inner dots and dashes join ("@anna.nguyen"); a trailing one ends the sentence.
                let next = s.index(after: i)
                guard next < s.endIndex, isNameCharacter(s[next]) else { break }
                i = next
            } else {
                break
            }
        }
        guard let end, !needsLetter || hasLetter else { return nil }
        return end
    }

    // MARK: URLs

    private static let prefixes = ["https://", "http://", "www."]
    private static let trailingPunctuation: Set<Character> = [".", ",", ":", ";", "!", "?", "'", "\"", "»", "」",
                                                             "』", "。", "、", "，", "！", "？", "…", "’", "”"]

    /// The end of a URL starting at `start`, or nil when none starts there.
    private static func urlEnd(in s: String, from start: String.Index) -> String.Index? {
        let first = s[start]
        guard first == "h" || first == "H" || first == "w" || first == "W" else { return nil }
        guard let afterPrefix = prefixes.lazy.compactMap({ prefixEnd(s, at: start, $0) }).first else { return nil }
        var i = afterPrefix
        let bodyStart = i
        var opens = 0
        var end = i
        while i < s.endIndex {
            let c = s[i]
            if c.isWhitespace || c == "<" || c == ">" || c == "\"" || c == "「" || c == "」" || c == "（" { break }
            if c == "(" || c == "[" { opens += 1 }
            if c == ")" || c == "]" {
                // A closing bracket belongs to the URL only when it closes one opened inside it.
                guard opens > 0 else { break }
                opens -= 1
            }
            i = s.index(after: i)
            if !trailingPunctuation.contains(c) { end = i }
        }
        return end > bodyStart ? end : nil
    }

    /// Where an ASCII prefix ends when `s` has it at `start` (ignoring ASCII case), compared by whole
    /// characters so a prefix whose last letter carries a combining mark does not match.
    private static func prefixEnd(_ s: String, at start: String.Index, _ prefix: String) -> String.Index? {
        var i = start
        for p in prefix {
            guard i < s.endIndex, s[i].lowercased() == String(p) else { return nil }
            i = s.index(after: i)
        }
        return i
    }
}
