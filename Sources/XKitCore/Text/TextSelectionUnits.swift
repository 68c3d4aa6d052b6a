/// The word and paragraph around a character, for double- and triple-click selection.
public enum TextSelectionUnits {
    /// The word holding the character at `index` (`TextWords`' definition): a word, a run of white
    /// space, or a punctuation mark; by default with the pure-Swift segmenter.
    public static func word(in string: String, at index: String.Index,
                            segmenter: TextSegmenter = BasicTextSegmenter.shared) -> Range<String.Index> {
        TextWords.segment(in: string, at: index, segmenter: segmenter)
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
}
