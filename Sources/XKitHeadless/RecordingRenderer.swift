import XKitCore

/// A graphics context that records drawing calls instead of drawing, with origins resolved.
@MainActor
public final class RecordingRenderer: GraphicsContext {
    /// One recorded call, in window coordinates.
    public enum Call: Equatable {
        case fill(Rect, Color)
        case stroke(Rect, Color)
        case polygon([Point], Color)
        case text(String, Font, Color, Point)
        /// A shaped word's glyphs: the text of the clusters drawn, their glyph ids, and the word's left edge.
        case glyphs(String, [UInt32], Font, Color, Point)
        /// An image's pixel size, where it is drawn, the shape it is cut to and that shape's corner radius.
        case image(pixelSize: Size, rect: Rect, shape: Rect, cornerRadius: Double)
    }

    /// The calls of the latest pass, in order.
    public private(set) var calls: [Call] = []
    public private(set) var scale = 1.0
    public private(set) var measurer: TextMeasurer = MonospaceMeasurer()
    private var origin = Point.zero
    private var clip = Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
    private var stack: [(Point, Rect)] = []

    public init() {}

    /// Starts a new pass.
    func reset(scale: Double, measurer: TextMeasurer) {
        calls = []
        self.scale = scale
        self.measurer = measurer
        origin = .zero
        clip = Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
        stack = []
    }

    /// The strings drawn, in order (shaped words as the text of the clusters drawn).
    public var texts: [String] {
        calls.compactMap {
            switch $0 {
            case .text(let s, _, _, _), .glyphs(let s, _, _, _, _): s
            default: nil
            }
        }
    }

    public var clipBounds: Rect { clip.offsetBy(dx: -origin.x, dy: -origin.y) }

    public func fill(_ rect: Rect, color: Color) { calls.append(.fill(place(rect), color)) }
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) { calls.append(.fill(place(rect), color)) }
    public func strokeRoundedRect(_ rect: Rect, radius: Double, color: Color, lineWidth: Double) {
        calls.append(.stroke(place(rect), color))
    }
    public func fillPolygon(_ points: [Point], color: Color) {
        calls.append(.polygon(points.map { Point(x: $0.x + origin.x, y: $0.y + origin.y) }, color))
    }
    public func drawText(_ text: Substring, font: Font, color: Color, at point: Point) {
        calls.append(.text(String(text), font, color, Point(x: point.x + origin.x, y: point.y + origin.y)))
    }
    public func drawShapedWord(_ word: ShapedWord, clusters: Range<Int>, font: Font, color: Color, at point: Point) {
        let ids = word.runs.flatMap { run in run.glyphs.indices.filter { clusters.contains(run.clusters[$0]) }.map { run.glyphs[$0] } }
        calls.append(.glyphs(String(word.text(ofClusters: clusters)), ids, font, color,
                             Point(x: point.x + origin.x, y: point.y + origin.y)))
    }
    public func drawImage(_ image: Image, in rect: Rect, clippedTo shape: Rect, cornerRadius: Double) {
        let pixels = Size(width: Double(image.bitmap.width), height: Double(image.bitmap.height))
        calls.append(.image(pixelSize: pixels, rect: place(rect), shape: place(shape), cornerRadius: cornerRadius))
    }
    public func translate(by offset: Point) { origin = Point(x: origin.x + offset.x, y: origin.y + offset.y) }
    public func clip(to rect: Rect) { clip = clip.intersection(place(rect)) }
    public func saveState() { stack.append((origin, clip)) }
    public func restoreState() {
        guard let (o, c) = stack.popLast() else { return }
        origin = o
        clip = c
    }

    private func place(_ rect: Rect) -> Rect { rect.offsetBy(dx: origin.x, dy: origin.y) }
}
