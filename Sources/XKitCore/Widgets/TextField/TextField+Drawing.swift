/// Drawing: placeholder or text, selection highlight and caret, clipped to the text rect.
extension TextField {
    func drawField(in context: GraphicsContext) {
        let clip = textRect.insetBy(dx: -1, dy: 0)
        context.withSavedState {
            context.clip(to: clip)
            let origin = textOrigin
            if editing.text.isEmpty {
                if let placeholder, !placeholder.isEmpty {
                    let layout = TextLayout(AttributedText(placeholder, font: font, color: placeholderColor), measurer: measurer)
                    layout.draw(in: context, at: Point(x: textRect.minX, y: origin.y))
                }
            } else {
                if editing.hasSelection {
                    let lo = caretX(forOffset: editing.selection.lowerBound)
                    let hi = caretX(forOffset: editing.selection.upperBound)
                    let height = measurer.metrics(for: font).lineHeight
                    let color = isFirstResponder ? Color.selection : Color.separator
                    context.fill(Rect(x: origin.x + lo, y: origin.y, width: hi - lo, height: height), color: color)
                }
                textLayout.draw(in: context, at: origin)
            }
            if isFirstResponder && !editing.hasSelection {
                context.fill(caretRect, color: textColor)
            }
        }
    }
}
