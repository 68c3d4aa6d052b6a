/// A context that draws through another with every colour's alpha scaled: how a view with
/// `alpha` below 1 draws its subtree.
///
/// Each shape is made translucent on its own (not the subtree as one layer), so where a
/// translucent view's own shapes overlap they show through each other; images draw opaque.
final class AlphaGraphicsContext: GraphicsContext {
    let base: GraphicsContext
    let alpha: Double

    init(base: GraphicsContext, alpha: Double) {
        self.base = base
        self.alpha = alpha
    }

    private func faded(_ color: Color) -> Color { color.map { var c = $0; c.alpha *= alpha; return c } }

    var scale: Double { base.scale }
    var measurer: TextMeasurer { base.measurer }
    var clipBounds: Rect { base.clipBounds }
    func fill(_ rect: Rect, color: Color) { base.fill(rect, color: faded(color)) }
    func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) { base.fillRoundedRect(rect, radius: radius, color: faded(color)) }
    func strokeRoundedRect(_ rect: Rect, radius: Double, color: Color, lineWidth: Double) {
        base.strokeRoundedRect(rect, radius: radius, color: faded(color), lineWidth: lineWidth)
    }
    func fillPolygon(_ points: [Point], color: Color) { base.fillPolygon(points, color: faded(color)) }
    func drawText(_ text: Substring, font: Font, color: Color, at origin: Point) {
        base.drawText(text, font: font, color: faded(color), at: origin)
    }
    func drawImage(_ image: Image, in rect: Rect, clippedTo shape: Rect, cornerRadius: Double) {
        guard alpha >= 0.5 else { return }
        base.drawImage(image, in: rect, clippedTo: shape, cornerRadius: cornerRadius)
    }
    func drawRightToLeftText(_ text: Substring, font: Font, color: Color, at origin: Point) {
        base.drawRightToLeftText(text, font: font, color: faded(color), at: origin)
    }
    func drawShapedWord(_ word: ShapedWord, clusters: Range<Int>, font: Font, color: Color, at origin: Point) {
        base.drawShapedWord(word, clusters: clusters, font: font, color: faded(color), at: origin)
    }
    func translate(by offset: Point) { base.translate(by: offset) }
    func clip(to rect: Rect) { base.clip(to: rect) }
    func saveState() { base.saveState() }
    func restoreState() { base.restoreState() }
}
