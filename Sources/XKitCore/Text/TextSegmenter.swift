/// A kind of text boundary (Unicode's UAX #29 and UAX #14).
public enum TextBoundaryKind: Sendable, CaseIterable {
    /// Between user-perceived characters (extended grapheme clusters, UAX #29).
    case grapheme
    /// Between words, runs of spaces and punctuation (UAX #29 word boundaries).
    case word
    /// Where a line may wrap (UAX #14 break opportunities; hard breaks included).
    case line
}

/// Finds text boundaries by the Unicode rules; the platform provides it with its text measurer.
///
/// XKit's X11 backend answers with ICU, which also splits Lao, Khmer and Burmese words with its
/// dictionaries, and with libthai for Thai words, as Pango does. `BasicTextSegmenter` is the
/// pure-Swift fallback for display-free use.
public protocol TextSegmenter: AnyObject, Sendable {
    /// The UTF-8 offsets of the boundaries of `kind` in `string`: ascending, without 0, ending with
    /// the string's UTF-8 length (empty for an empty string). Line boundaries are break opportunities
    /// (a wrap may go before the character at the offset).
    func boundaries(_ kind: TextBoundaryKind, in string: String) -> [Int]

    /// The UAX #9 embedding levels of one paragraph's scalars (rules P2–I2 and L1), and the
    /// paragraph's level (0 left to right, 1 right to left); nil when this segmenter does no bidi.
    /// `direction` overrides the paragraph direction; nil takes it from the first strong character.
    func bidiLevels(ofParagraph scalars: [UInt32], direction: TextDirection?) -> BidiLevels?
}

/// A paragraph's base writing direction.
public enum TextDirection: Sendable, Hashable {
/// Lines run from left to right (Latin, Cyrillic, CJK) or from right to left (Hebrew, Arabic).
    case leftToRight, rightToLeft
}

/// Resolved bidi levels of one paragraph (see `TextSegmenter.bidiLevels`).
public struct BidiLevels: Sendable, Hashable {
    /// One level per scalar; odd levels run right to left.
    public var levels: [UInt8]
    /// 0 for a left-to-right paragraph, 1 for a right-to-left one.
    public var paragraphLevel: UInt8
    /// Creates the levels a bidi algorithm resolved, one per scalar of the paragraph.
    public init(levels: [UInt8], paragraphLevel: UInt8) { self.levels = levels; self.paragraphLevel = paragraphLevel }
}

extension TextSegmenter {
    /// No bidi by default: text lays out left to right.
    public func bidiLevels(ofParagraph scalars: [UInt32], direction: TextDirection?) -> BidiLevels? { nil }
}

extension TextMeasurer {
    /// The segmenter that matches this measurer's platform: by default the pure-Swift fallback.
    public var textSegmenter: TextSegmenter { BasicTextSegmenter.shared }
}

/// The pure-Swift fallback segmenter: Swift's grapheme clusters, words as runs of one word class,
/// and XKit's compact line-breaking classes (a subset of UAX #14 that covers Latin, Cyrillic, CJK and
/// Hangul). It does not split Thai words.
public final class BasicTextSegmenter: TextSegmenter {
    /// A shared instance; the segmenter holds no state.
    public static let shared = BasicTextSegmenter()
    /// Creates a segmenter; it holds no state, so `shared` serves as well.
    public init() {}

    public func boundaries(_ kind: TextBoundaryKind, in string: String) -> [Int] {
        var result: [Int] = []
        var offset = 0
        switch kind {
        case .grapheme:
            for c in string {
                offset += c.utf8.count
                result.append(offset)
            }
        case .word:
            var previous: TextWords.Kind?
            for c in string {
                let kind = TextWords.Kind(c)
                if offset > 0, kind != previous || kind == .other { result.append(offset) }
                previous = kind
                offset += c.utf8.count
            }
            if offset > 0 { result.append(offset) }
        case .line:
            let characters = Array(string)
            let flags = characters.map { c in c.unicodeScalars.first.map { LineBreakClass.classify($0.value) } ?? 0 }
            var lineStart = 0
            flags.withUnsafeBufferPointer { flags in
                for i in characters.indices {
                    if i > 0 {
                        if flags[i - 1] & LineBreakClass.newline != 0 {
                            lineStart = i
                            result.append(offset)
                        } else if LineBreakClass.canBreak(before: i, lineStart: lineStart, flags: flags) {
                            result.append(offset)
                        }
                    }
                    offset += characters[i].utf8.count
                }
            }
            if offset > 0 { result.append(offset) }
        }
        return result
    }
}
