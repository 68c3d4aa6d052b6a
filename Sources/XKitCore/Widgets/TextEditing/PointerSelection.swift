/// How a press and the drag after it select text, the same in `TextField` and `TextView`.
///
/// A single click places the caret (Shift extends from the anchor), a double click selects the
/// word under the pointer and a triple click the paragraph. A drag after a double or triple click
/// extends by whole words or paragraphs and always keeps the unit first pressed: dragging back past
/// it selects towards the other side, and dragging back onto it shrinks the selection to it, as in GTK.
///
/// A single press on the selection holds it instead: moving past the drag threshold drags the
/// selected text out (`beginSelectionDragOut`), and a release without moving places the caret.
struct PointerSelection {
    /// What a drag extends by.
    enum Unit { case character, word, paragraph }

    private(set) var unit: Unit = .character
    /// The word or paragraph first pressed; empty at the caret for a single click.
    private(set) var pressed: Range<Int> = 0..<0
    /// Where a press on the selection went down, while it may still become a drag out.
    private(set) var dragOutOrigin: Point?

    /// A press with `clickCount` (1, 2, 3…): the selection it makes, as anchor and caret.
    ///
    /// `caret` is the insertion offset under the pointer; `unitRange` gives the word or the
    /// paragraph under it; `anchor` is the current anchor when Shift extends a single click.
    mutating func press(clickCount: Int, caret: Int, extendingFrom anchor: Int?,
                        unitRange: (Unit) -> Range<Int>) -> (anchor: Int, caret: Int) {
        dragOutOrigin = nil
        unit = clickCount >= 3 ? .paragraph : clickCount == 2 ? .word : .character
        guard unit != .character else {
            pressed = caret..<caret
            return (anchor ?? caret, caret)
        }
        pressed = unitRange(unit)
        return (pressed.lowerBound, pressed.upperBound)
    }

    /// A press at `point` (window coordinates) on the selection: it keeps the selection for now.
    mutating func holdForDragOut(at point: Point) {
        unit = .character
        pressed = 0..<0
        dragOutOrigin = point
    }

    /// Whether a move to `point` while holding passed `threshold`, which ends the hold.
    mutating func dragOutPassed(_ point: Point, threshold: Double) -> Bool {
        guard let origin = dragOutOrigin, point.distance(to: origin) > threshold else { return false }
        dragOutOrigin = nil
        return true
    }

    /// Ends a hold; true when there was one (the press was a click on the selection).
    mutating func endDragOutHold() -> Bool {
        defer { dragOutOrigin = nil }
        return dragOutOrigin != nil
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
