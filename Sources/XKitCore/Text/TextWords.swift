/// XKit's one definition of a word, shared by double-click selection, the text field's
/// Ctrl+Left/Right and Ctrl+Backspace, and the detectors' boundaries.
///
/// Boundaries come from the platform's `TextSegmenter` (UAX #29, with dictionary word breaks for
/// Thai and CJK on X11); a segment is a *word* when it holds a letter, digit or mark (`isWordCharacter`).
public enum TextWords {
    /// Letters, digits and marks of any script, and `_`: what words and names are made of.
    public static func isWordCharacter(_ c: Character) -> Bool {
        guard let first = c.unicodeScalars.first else { return false }
        if first == "_" { return true }
        let p = first.properties
        if p.isAlphabetic || p.numericType != nil { return true }
        switch p.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: return true
        default: return false
        }
    }

    /// The segment (a word, a run of spaces, or a punctuation mark) holding the character at `index`.
    public static func segment(in string: String, at index: String.Index,
                               segmenter: TextSegmenter = BasicTextSegmenter.shared) -> Range<String.Index> {
        guard index < string.endIndex else { return string.endIndex..<string.endIndex }
        let target = string.utf8Offset(of: index)
        var lo = 0
        for b in segmenter.boundaries(.word, in: string) {
            if b > target {
                return string.index(utf8Offset: lo)..<string.index(utf8Offset: b)
            }
            lo = b
        }
        return index..<string.index(after: index)
    }

    /// The word segments of `string` as character-offset ranges, in order (spaces and punctuation left out).
    public static func words(in string: String, segmenter: TextSegmenter = BasicTextSegmenter.shared) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var characterOffset = 0
        var lo = string.startIndex
        for b in segmenter.boundaries(.word, in: string) {
            // A boundary inside a Swift cluster (a segmenter of another Unicode version) is skipped.
            guard let hi = String.Index(string.index(utf8Offset: b), within: string), hi > lo else { continue }
            let piece = string[lo..<hi]
            let count = piece.count
            if piece.contains(where: isWordCharacter) {
                result.append(characterOffset..<characterOffset + count)
            }
            characterOffset += count
            lo = hi
        }
        return result
    }

    /// Ctrl+Left: the start of the word before character offset `offset` (or 0).
    public static func wordStart(in string: String, before offset: Int,
                                 segmenter: TextSegmenter = BasicTextSegmenter.shared) -> Int {
        words(in: string, segmenter: segmenter).last { $0.lowerBound < offset }?.lowerBound ?? 0
    }

    /// Ctrl+Right: the end of the word after character offset `offset` (or the text's end).
    public static func wordEnd(in string: String, after offset: Int,
                               segmenter: TextSegmenter = BasicTextSegmenter.shared) -> Int {
        words(in: string, segmenter: segmenter).first { $0.upperBound > offset }?.upperBound ?? string.count
    }

    /// The fallback segmenter's word classes: a run of one class is one segment.
    enum Kind: Equatable {
        case word, wideWord, space, other

        init(_ c: Character) {
            if c.isWhitespace && !c.isNewline {
                self = .space
            } else if TextWords.isWordCharacter(c) {
                let wide = c.unicodeScalars.first.map(CharacterClass.isWide) ?? false
                self = wide ? .wideWord : .word
            } else {
                self = .other
            }
        }
    }
}
