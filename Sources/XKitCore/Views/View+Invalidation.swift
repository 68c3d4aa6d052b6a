/// Asking for a redraw: the dirty rect a view hands its window, padded for what is drawn outside it.
extension View {
    /// Marks the whole view for redrawing.
    public func setNeedsDisplay() { setNeedsDisplay(bounds) }

    /// Marks part of the view (in its coordinates) for redrawing.
    public func setNeedsDisplay(_ rect: Rect) { setNeedsDisplay(rect, inkOverhang: 4) }

    /// Marks part of the view for redrawing, padded above and below by `inkOverhang`: how far
    /// glyphs drawn in it may reach out of their line boxes (a view that knows its fonts' ink
    /// passes less than the 4 points assumed otherwise, and redraws no neighbouring line for nothing).
    func setNeedsDisplay(_ rect: Rect, inkOverhang: Double) {
        guard let window else { return }
        // Padded sideways for the focus ring, which is drawn just outside the bounds; only at an
        // edge, so a line redrawn inside a scroll view leaves its scroll bar alone.
        let left = rect.minX <= bounds.minX + 4 ? 4.0 : 0, right = rect.maxX >= bounds.maxX - 4 ? 4.0 : 0
        let padded = Rect(x: rect.minX - left, y: rect.minY - inkOverhang, width: rect.width + left + right,
                          height: rect.height + 2 * inkOverhang)
        window.setNeedsDisplay(in: convert(padded, to: nil))
    }
}
