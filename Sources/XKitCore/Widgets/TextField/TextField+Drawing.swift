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
                    let text = editing.text
                    let lo = text.index(text.startIndex, offsetBy: editing.selection.lowerBound)
                    let hi = text.index(lo, offsetBy: editing.selection.count)
                    let height = measurer.metrics(for: font).lineHeight
                    let color = isFirstResponder ? Color.selection : Color.separator
                    // One rect per visual run: a selection across a direction change may be several.
                    for r in textLayout.rects(for: lo..<hi) {
                        context.fill(Rect(x: origin.x + r.minX, y: origin.y, width: r.width, height: height), color: color)
                    }
                }
                textLayout.draw(in: context, at: origin)
            }
            if isFirstResponder && !editing.hasSelection {
                context.fill(caretRect, color: textColor)
            }
        }
    }
}
