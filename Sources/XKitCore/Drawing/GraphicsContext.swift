/// Where views draw: the X backend implements it with Xft and XRender; tests can record calls.
///
/// Coordinates are logical points relative to the current origin (see `translate`); the
/// backend multiplies by the window's scale.
@MainActor
public protocol GraphicsContext: AnyObject {
    /// Device pixels per logical point (2 at `Xft.dpi: 192`).
    var scale: Double { get }
    /// The measurer whose advances match what `drawText` draws.
    var measurer: TextMeasurer { get }

    /// Fills a rectangle.
    func fill(_ rect: Rect, color: Color)
    /// Fills an anti-aliased rounded rectangle.
    func fillRoundedRect(_ rect: Rect, radius: Double, color: Color)
    /// Strokes the inside edge of an anti-aliased rounded rectangle (a radius of 0 strokes a plain rect).
    func strokeRoundedRect(_ rect: Rect, radius: Double, color: Color, lineWidth: Double)
    /// Fills an anti-aliased convex polygon.
    func fillPolygon(_ points: [Point], color: Color)
    /// Draws a single-line run of text with its baseline starting at `origin`.
    func drawText(_ text: Substring, font: Font, color: Color, at origin: Point)
    /// Draws `image` scaled into `rect` with a smooth filter, keeping only the part inside `shape`,
    /// a rectangle rounded by `cornerRadius` with anti-aliased edges (a circle when it is a square
    /// with half its side as radius).
    func drawImage(_ image: Image, in rect: Rect, clippedTo shape: Rect, cornerRadius: Double)
    /// Draws a right-to-left run given in logical order: its last character leftmost, with
    /// `origin` at the run's left end. By default, the characters reversed through `drawText`.
    func drawRightToLeftText(_ text: Substring, font: Font, color: Color, at origin: Point)
    /// Draws the glyphs of clusters `clusters` (indices in the word) of a word the measurer shaped,
    /// with the word's left edge at `origin.x` and its baseline at `origin.y`; glyphs of the other
    /// clusters are left out (a line wrapped inside the word). By default, draws those clusters'
    /// text with `drawText` or `drawRightToLeftText` where they sit in the word.
    func drawShapedWord(_ word: ShapedWord, clusters: Range<Int>, font: Font, color: Color, at origin: Point)

    /// Moves the origin for subsequent calls; undone by `restoreState`.
    func translate(by offset: Point)
    /// Intersects the clip with a rectangle; undone by `restoreState`.
    func clip(to rect: Rect)
    /// Pushes the origin and clip.
    func saveState()
    /// Pops the origin and clip.
    func restoreState()
    /// The current clip in the current coordinates: drawing outside it can be skipped.
    var clipBounds: Rect { get }
}

extension GraphicsContext {
    public func drawRightToLeftText(_ text: Substring, font: Font, color: Color, at origin: Point) {
        drawText(Substring(String(text.reversed())), font: font, color: color, at: origin)
    }

    public func drawShapedWord(_ word: ShapedWord, clusters: Range<Int>, font: Font, color: Color, at origin: Point) {
        guard !clusters.isEmpty, clusters.lowerBound >= 0, clusters.upperBound <= word.clusterCount else { return }
        let left = word.isRightToLeft ? clusters.upperBound - 1 : clusters.lowerBound
        let at = Point(x: origin.x + word.clusterX[left], y: origin.y)
        if word.isRightToLeft {
            drawRightToLeftText(word.text(ofClusters: clusters), font: font, color: color, at: at)
        } else {
            drawText(word.text(ofClusters: clusters), font: font, color: color, at: at)
        }
    }

    /// Strokes a plain rectangle's inside edge.
    public func stroke(_ rect: Rect, color: Color, lineWidth: Double = 1) {
        strokeRoundedRect(rect, radius: 0, color: color, lineWidth: lineWidth)
    }

    /// Draws `image` scaled into `rect`.
    public func drawImage(_ image: Image, in rect: Rect) {
        drawImage(image, in: rect, clippedTo: rect, cornerRadius: 0)
    }

    /// Runs `body` with the state saved and restored around it.
    public func withSavedState(_ body: () -> Void) {
        saveState()
        body()
        restoreState()
    }
}
