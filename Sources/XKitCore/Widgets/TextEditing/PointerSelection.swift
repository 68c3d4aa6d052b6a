/// How a press and the drag after it select text, the same in `TextField` and `TextView`.
///
/// A single click places the caret (Shift extends from the anchor), a double click selects the
/// word under the pointer and a triple click the paragraph. A drag after a double or triple click
/// extends by whole words or paragraphs and always keeps the unit first pressed: dragging back past
/// it selects towards the other side, and dragging back onto it shrinks the selection to it, as in GTK.
struct PointerSelection {
    /// What a drag extends by.
    enum Unit { case character, word, paragraph }

    private(set) var unit: Unit = .character
    /// The word or paragraph first pressed; empty at the caret for a single click.
    private(set) var pressed: Range<Int> = 0..<0

    /// A press with `clickCount` (1, 2, 3…): the selection it makes, as anchor and caret.
    ///
    /// `caret` is the insertion offset under the pointer; `unitRange` gives the word or the
    /// paragraph under it; `anchor` is the current anchor when Shift extends a single click.
    mutating func press(clickCount: Int, caret: Int, extendingFrom anchor: Int?,
                        unitRange: (Unit) -> Range<Int>) -> (anchor: Int, caret: Int) {
        unit = clickCount >= 3 ? .paragraph : clickCount == 2 ? .word : .character
        guard unit != .character else {
            pressed = caret..<caret
            return (anchor ?? caret, caret)
        }
        pressed = unitRange(unit)
        return (pressed.lowerBound, pressed.upperBound)
    }

    /// The drag reached `caret` (the insertion offset under the pointer): the new anchor and caret.
    func drag(caret: Int, anchor: Int, unitRange: (Unit) -> Range<Int>) -> (anchor: Int, caret: Int) {
        guard unit != .character else { return (anchor, caret) }
        let reached = unitRange(unit)
        if caret < pressed.lowerBound {
            return (pressed.upperBound, reached.lowerBound)
        }
        return (pressed.lowerBound, max(pressed.upperBound, reached.upperBound))
    }
}

extension TextWords {
    /// The segment holding character `offset` of `text` (clamped to its last character), as
    /// character offsets; empty at `offset` when the text is empty.
    static func segmentRange(in text: String, at offset: Int, segmenter: TextSegmenter) -> Range<Int> {
        guard !text.isEmpty else { return offset..<offset }
        let i = max(0, min(text.count - 1, offset))
        let r = segment(in: text, at: text.index(text.startIndex, offsetBy: i), segmenter: segmenter)
        let lower = text.distance(from: text.startIndex, to: r.lowerBound)
        return lower..<(lower + text.distance(from: r.lowerBound, to: r.upperBound))
    }
}
