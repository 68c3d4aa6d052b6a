/// The selection of the editing core: where it started (`anchor`) and its moving end (`caret`),
/// as character offsets, with the movements and deletion ranges every text widget shares.
struct TextSelection: Hashable, Sendable {
    /// Where the selection started; equal to `caret` when nothing is selected.
    var anchor: Int
    /// The moving end, where typing goes.
    var caret: Int

    /// A selection from `anchor` to `caret`.
    init(anchor: Int, caret: Int) {
        self.anchor = anchor
        self.caret = caret
    }

    /// The selected offsets, lower bound first.
    var range: Range<Int> { min(anchor, caret)..<max(anchor, caret) }
    /// Whether nothing is selected.
    var isEmpty: Bool { anchor == caret }

    /// Puts the caret at an offset (clamped to `count`); with `extend` the anchor stays.
    mutating func moveCaret(to offset: Int, extend: Bool, count: Int) {
        caret = max(0, min(count, offset))
        if !extend { anchor = caret }
    }

    /// Left (`forward` false) or Right: a character or a word; without `extend` or `word`, a
    /// selection collapses to that end instead.
    mutating func moveHorizontally<Buffer: TextEditingBuffer>(forward: Bool, extend: Bool, word: Bool,
                                                             in buffer: Buffer, segmenter: TextSegmenter) {
        if !isEmpty && !extend && !word {
            moveCaret(to: forward ? range.upperBound : range.lowerBound, extend: false, count: buffer.count)
            return
        }
        let target: Int
        if forward { target = word ? buffer.wordEnd(after: caret, segmenter: segmenter) : caret + 1 }
        else { target = word ? buffer.wordStart(before: caret, segmenter: segmenter) : caret - 1 }
        moveCaret(to: target, extend: extend, count: buffer.count)
    }

    /// What Backspace (`forward` false) or Delete removes: the selection, else the character (or
    /// word) before or after the caret; nil at the text's end in that direction.
    func deletionRange<Buffer: TextEditingBuffer>(forward: Bool, word: Bool, in buffer: Buffer,
                                                  segmenter: TextSegmenter) -> Range<Int>? {
        if !isEmpty { return range }
        if forward {
            guard caret < buffer.count else { return nil }
            return caret..<max(caret, word ? buffer.wordEnd(after: caret, segmenter: segmenter) : caret + 1)
        }
        guard caret > 0 else { return nil }
        return min(caret, word ? buffer.wordStart(before: caret, segmenter: segmenter) : caret - 1)..<caret
    }
}
