/// Drawing: placeholder or text, selection highlight and caret, clipped to the text rect.
/// While composing, the composition shows in place of the selection, underlined, with the input
/// method's highlight and caret.
extension TextField {
    func drawField(in context: GraphicsContext) {
        let clip = textClipRect
        context.withSavedState {
            context.clip(to: clip)
            let origin = textOrigin
            if displayedCount == 0 {
                if let placeholder, !placeholder.isEmpty {
                    let layout = placeholderLayout(placeholder)
                    // Natural alignment: a right-to-left placeholder, or any in a right-to-left interface,
                    // ends where the caret waits.
                    let rightToLeft = layout.baseDirection(ofLine: 0) == .rightToLeft || (baseWritingDirection == nil && laysOutRightToLeft)
                    let shift = rightToLeft ? max(0, textRect.width - 1 - layout.size.width) : 0
                    layout.draw(in: context, at: Point(x: textRect.minX + shift, y: origin.y))
                }
            } else {
                if editing.hasSelection && preedit == nil {
                    let height = fontMetrics.lineHeight
                    let color = isFirstResponder ? Color.selection : Color.separator
                    // One rect per visual run: a selection across a direction change may be several.
                    for r in displayedTextRects(editing.selection) {
                        context.fill(Rect(x: origin.x + r.minX, y: origin.y, width: r.width, height: height), color: color)
                    }
                }
                drawPreeditDecorations(in: context, underline: false)
                textLayout.draw(in: context, at: origin)
                drawPreeditDecorations(in: context, underline: true)
            }
            if isFirstResponder && !caretBlinkHidden && (!editing.hasSelection || preedit != nil) {
                context.fill(caretRect(textOrigin: origin), color: textColor)
            }
        }
    }

    /// The placeholder laid out, kept while its text, font, colour, direction and measurer stay the
    /// same: an empty field draws it at every key and caret blink, and laying it out was most of
    /// that draw.
    private func placeholderLayout(_ placeholder: String) -> TextLayout {
        let text = AttributedText(placeholder, font: font, color: placeholderColor)
        let measurer = measurer
        if let cached = cachedPlaceholder, cached.text == text, cached.direction == baseWritingDirection,
           cached.measurer == ObjectIdentifier(measurer) {
            return cached.layout
        }
        let layout = TextLayout(text, direction: baseWritingDirection, measurer: measurer)
        cachedPlaceholder = (text, baseWritingDirection, ObjectIdentifier(measurer), layout)
        return layout
    }
}
