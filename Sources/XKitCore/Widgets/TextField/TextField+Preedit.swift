/// The input method's composition (preedit), shown inline where typing goes until it is committed.
///
/// While composing, the composition replaces the selection on screen (the commit will replace it
/// in the text); cancelling brings the selection back. The caret is the input method's.
extension TextField: TextInputClient {
    public func setPreedit(_ preedit: Preedit?) { updateComposition(preedit) }

    func compositionDidChange() {
        cachedLayout = nil
        scrollCaretIntoView()
        setNeedsTextDisplay()
        markTraceChanged()
        restartCaretBlink()
        onPreeditChange?(self)
    }

    public var textInputCaretRectInWindow: Rect? { compositionCaretRectInWindow }

    public func insertCommittedText(_ text: String) { commitComposition(text) }

    /// The shown text: the field's text with the composition in place of the selection.
    var displayedText: String {
        guard let preedit else { return editing.text }
        return TextComposition.splice(editing.text, replacing: preeditReplacedRange, with: preedit).text
    }

    /// The characters of the shown text.
    var displayedCount: Int {
        guard let preedit else { return editing.count }
        return editing.count - preeditReplacedRange.count + preedit.text.count
    }

    /// The caret in the shown text: the input method's caret while composing.
    var displayedCaret: Int {
        guard let preedit else { return editing.caret }
        return preeditReplacedRange.lowerBound + preedit.caret
    }

    /// Where the composition sits in the shown text.
    var preeditDisplayedRange: Range<Int>? {
        guard let preedit else { return nil }
        let start = preeditReplacedRange.lowerBound
        return start..<(start + preedit.text.count)
    }

    /// The part of the text the composition stands in for (the selection, clamped).
    private var preeditReplacedRange: Range<Int> {
        let r = editing.selection, n = editing.count
        return max(0, min(n, r.lowerBound))..<max(0, min(n, r.upperBound))
    }

    var preeditTraceFields: [(String, JSON)] {
        guard let preedit else { return [] }
        return [("preedit", .string(preedit.text)), ("preeditCaret", .int(preedit.caret))]
    }

    /// Draws the composition's highlight (behind the text) or underline (over it).
    func drawPreeditDecorations(in context: GraphicsContext, underline: Bool) {
        guard let preedit, let range = preeditDisplayedRange else { return }
        let origin = textOrigin
        let height = fontMetrics.lineHeight
        if underline {
            for r in displayedTextRects(range) {
                context.fill(Rect(x: origin.x + r.minX, y: origin.y + height - 1, width: r.width, height: 1), color: textColor)
            }
            return
        }
        for highlight in preedit.highlights {
            let lo = range.lowerBound + highlight.lowerBound, hi = range.lowerBound + highlight.upperBound
            for r in displayedTextRects(lo..<hi) {
                context.fill(Rect(x: origin.x + r.minX, y: origin.y, width: r.width, height: height), color: .selection)
            }
        }
    }
}
