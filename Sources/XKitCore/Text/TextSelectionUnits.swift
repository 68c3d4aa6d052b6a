/// The word and paragraph around a character, for double- and triple-click selection.
public enum TextSelectionUnits {
    /// The word holding the character at `index`: a run of letters, digits and marks of one width
    /// class (so Latin next to CJK splits), a run of white space, or else the single character.
    public static func word(in string: String, at index: String.Index) -> Range<String.Index> {
        guard index < string.endIndex else { return string.endIndex..<string.endIndex }
        let kind = Kind(string[index])
        guard kind != .other else { return index..<string.index(after: index) }
        var lo = index
        while lo > string.startIndex {
            let before = string.index(before: lo)
            guard Kind(string[before]) == kind else { break }
            lo = before
        }
        var hi = string.index(after: index)
        while hi < string.endIndex, Kind(string[hi]) == kind { hi = string.index(after: hi) }
        return lo..<hi
    }

    /// The paragraph holding the character at `index`: the text between line breaks, without them.
    public static func paragraph(in string: String, at index: String.Index) -> Range<String.Index> {
        var lo = min(index, string.endIndex)
        if lo < string.endIndex, string[lo].isNewline {
            return lo..<lo
        }
        while lo > string.startIndex {
            let before = string.index(before: lo)
            if string[before].isNewline { break }
            lo = before
        }
        var hi = min(index, string.endIndex)
        while hi < string.endIndex, !string[hi].isNewline { hi = string.index(after: hi) }
        return lo..<hi
    }

    private enum Kind: Equatable {
        case word, wideWord, space, other

        init(_ c: Character) {
            if c.isWhitespace && !c.isNewline {
                self = .space
            } else if TextDetector.isNameCharacter(c) {
                let wide = c.unicodeScalars.first.map(CharacterClass.isWide) ?? false
                self = wide ? .wideWord : .word
            } else {
                self = .other
            }
        }
    }
}
