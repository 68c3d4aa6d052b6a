/// Drawing the visible paragraphs: selection, composition underline, text, caret or placeholder.
extension TextView {
    func drawText(in context: GraphicsContext) {
        let left = textContainerInset.left
        if storage.count == 0 && preedit == nil, let placeholder, !placeholder.isEmpty {
            let layout = TextLayout(AttributedText(placeholder, font: font, color: placeholderColor),
                                    maxWidth: wrapWidth, alignment: textAlignment, direction: baseWritingDirection,
                                    measurer: textMeasurer)
            layout.draw(in: context, at: Point(x: left, y: textContainerInset.top))
        }
        let selection = selectedRange
        // While the find bar has the focus, the selection is the current match: shown as focused.
        let selectionColor = isFirstResponder || isFindNavigatorVisible ? Color.selection : Color.separator
        let findColor = Color.systemYellow.withAlpha(0.45)
        let clip = context.clipBounds
        layOutViewport()
        for (index, top, layout) in paragraphs(crossing: clip) {
            let start = storage.paragraphStart(index)
            let string = layout.attributedText.string
            let origin = Point(x: left, y: top)
            func rects(_ r: Range<Int>) -> [Rect] {
                let n = string.count
                let lo = max(0, min(n, r.lowerBound)), hi = max(lo, min(n, r.upperBound))
                let s = string.index(string.startIndex, offsetBy: lo)
                return layout.rects(for: s..<string.index(s, offsetBy: hi - lo))
            }
            let preeditRange = preeditRange(inParagraph: index)
            for match in findMatches(inParagraph: index) {
                for r in rects(match) { context.fill(r.offsetBy(dx: origin.x, dy: origin.y), color: findColor) }
            }
            if preedit == nil, !selection.isEmpty, selection.upperBound > start, selection.lowerBound <= start + storage.paragraphLength(index) {
                for r in rects((selection.lowerBound - start)..<(selection.upperBound - start)) {
                    context.fill(r.offsetBy(dx: origin.x, dy: origin.y), color: selectionColor)
                }
            }
            if let range = preeditRange, let preedit {
                for h in preedit.highlights {
                    for r in rects((range.lowerBound + h.lowerBound)..<(range.lowerBound + h.upperBound)) {
                        context.fill(r.offsetBy(dx: origin.x, dy: origin.y), color: .selection)
                    }
                }
            }
            layout.draw(in: context, at: origin)
            if let range = preeditRange {
                for r in rects(range) {
                    context.fill(Rect(x: origin.x + r.minX, y: origin.y + r.maxY - 1, width: r.width, height: 1), color: textColor)
                }
            }
        }
        if isFirstResponder && isEditable && (!hasSelection || preedit != nil) {
            context.fill(caretRect, color: textColor)
        }
    }
}
