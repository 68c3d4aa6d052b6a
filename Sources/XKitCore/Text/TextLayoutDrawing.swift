extension TextLayout {
    /// Draws the visible lines with their top-left at `origin`, in the context's current coordinates.
    ///
    /// Each fragment is drawn at its line's baseline; underlined fragments get a 1-point line just
    /// below it. Lines outside `context.clipBounds` are skipped.
    @MainActor
    public func draw(in context: GraphicsContext, at origin: Point) {
        let clip = context.clipBounds
        guard !lines.isEmpty, !clip.isEmpty else { return }
        var li = lineIndex(atY: clip.minY - origin.y) ?? (clip.minY - origin.y < 0 ? 0 : lines.count)
        while li < lines.count {
            let line = lines[li]
            if origin.y + line.rect.minY >= clip.maxY { break }
            let baseline = origin.y + line.baseline
            for fragment in line.fragments {
                let x = origin.x + fragment.x
                if x >= clip.maxX || x + fragment.width <= clip.minX { continue }
                if fragment.isRightToLeft {
                    context.drawRightToLeftText(fragment.text, font: fragment.attributes.font,
                                                color: fragment.attributes.color, at: Point(x: x, y: baseline))
                } else {
                    context.drawText(fragment.text, font: fragment.attributes.font, color: fragment.attributes.color,
                                     at: Point(x: x, y: baseline))
                }
                if fragment.attributes.underline {
                    context.fill(Rect(x: x, y: baseline + 1, width: fragment.width, height: 1),
                                 color: fragment.attributes.color)
                }
            }
            li += 1
        }
    }
}
