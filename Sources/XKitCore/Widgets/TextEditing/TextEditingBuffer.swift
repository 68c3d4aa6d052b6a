/// The text the editing core moves over and changes: a field's single line (`TextEditingState`)
/// or a view's paragraphs (`TextStorage`). Offsets are character (grapheme cluster) offsets.
protocol TextEditingBuffer {
    /// The number of characters.
    var count: Int { get }
    /// The text of a character range (clamped).
    func substring(_ range: Range<Int>) -> String
    /// The start of the word before an offset (`TextWords`: spaces and punctuation are skipped).
    func wordStart(before offset: Int, segmenter: TextSegmenter) -> Int
    /// The end of the word after an offset (`TextWords`: spaces and punctuation are skipped).
    func wordEnd(after offset: Int, segmenter: TextSegmenter) -> Int
}

extension TextEditingState: TextEditingBuffer {
    func substring(_ range: Range<Int>) -> String {
        let chars = Array(text)
        let lo = max(0, min(chars.count, range.lowerBound)), hi = max(lo, min(chars.count, range.upperBound))
        return String(chars[lo..<hi])
    }
}

/// Words do not cross paragraphs: at a paragraph's edge a word move steps over the line break.
extension TextStorage: TextEditingBuffer {
    func wordStart(before offset: Int, segmenter: TextSegmenter) -> Int {
        let (p, start) = paragraphIndex(containing: offset)
        let local = offset - start
        guard local > 0 else { return max(0, offset - 1) }
        return start + TextWords.wordStart(in: paragraph(p), before: local, segmenter: segmenter)
    }

    func wordEnd(after offset: Int, segmenter: TextSegmenter) -> Int {
        let (p, start) = paragraphIndex(containing: offset)
        let local = offset - start
        guard local < paragraphLength(p) else { return min(count, offset + 1) }
        return start + TextWords.wordEnd(in: paragraph(p), after: local, segmenter: segmenter)
    }
}
