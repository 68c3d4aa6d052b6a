extension LabelInteraction {
    /// Draws what goes under the glyphs: the selection, the pressed range's tint and the keyboard
    /// focus ring of the focused range, all from the layout that draws the text.
    func drawUnderText(in context: GraphicsContext, layout: TextLayout, origin: Point) {
        let bounds = label.bounds
        func placed(_ range: Range<String.Index>) -> [Rect] {
            layout.rects(for: range).map { $0.offsetBy(dx: origin.x, dy: origin.y) }
        }
        if let selection {
            for rect in placed(selection) { context.fill(rect, color: selectionColor) }
        }
        if let pressed {
            for rect in placed(pressed) {
                context.fillRoundedRect(rect.insetBy(dx: -2, dy: 0).intersection(bounds), radius: 3, color: highlightColor)
            }
        }
        let showsRing = label.isFirstResponder && (label.window?.eventRouter.showsFocusRing ?? true)
        if let focused, focused < ranges.count, showsRing {
            // Kept inside the bounds, so the label's own dirty rect covers it.
            for rect in placed(ranges[focused].info.range) {
                context.strokeRoundedRect(rect.insetBy(dx: -2, dy: -1).intersection(bounds), radius: 3,
                                          color: label.focusRingColor, lineWidth: 2)
            }
        } else if ranges.isEmpty, showsRing {
            // A selectable label without ranges is focused as a whole.
            context.strokeRoundedRect(bounds.insetBy(dx: 1, dy: 1), radius: 3, color: label.focusRingColor, lineWidth: 2)
        }
    }

    /// The text the layout draws: the label's text with detected ranges in `detectedTextColor`.
    func displayText(_ text: AttributedText) -> AttributedText {
        guard let color = detectedTextColor, !detectors.isEmpty else { return text }
        var styled = text
        for match in TextDetector.matches(in: text.string, kinds: detectors) {
            styled.modifyAttributes(in: match.range) { $0.color = color }
        }
        return styled
    }
}
