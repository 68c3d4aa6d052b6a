/// Drawing: placeholder or text, selection highlight and caret, clipped to the text rect.
/// While composing, the composition shows in place of the selection, underlined, with the input
/// method's highlight and caret.
extension TextField {
    func drawField(in context: GraphicsContext) {
        let clip = textRect.insetBy(dx: -1, dy: 0)
        context.withSavedState {
            context.clip(to: clip)
            let origin = textOrigin
            if displayedCount == 0 {
                if let placeholder, !placeholder.isEmpty {
                    let layout = TextLayout(AttributedText(placeholder, font: font, color: placeholderColor), measurer: measurer)
                    layout.draw(in: context, at: Point(x: textRect.minX, y: origin.y))
                }
            } else {
                if editing.hasSelection && preedit == nil {
                    let lo = caretX(forOffset: editing.selection.lowerBound)
                    let hi = caretX(forOffset: editing.selection.upperBound)
                    let height = measurer.metrics(for: font).lineHeight
                    let color = isFirstResponder ? Color.selection : Color.separator
                    context.fill(Rect(x: origin.x + lo, y: origin.y, width: hi - lo, height: height), color: color)
                }
                drawPreeditDecorations(in: context, underline: false)
                textLayout.draw(in: context, at: origin)
                drawPreeditDecorations(in: context, underline: true)
            }
            if isFirstResponder && !caretBlinkHidden && (!editing.hasSelection || preedit != nil) {
                context.fill(caretRect, color: textColor)
            }
        }
    }
}
