#if canImport(Glibc)
import Glibc
#endif

/// Polygon outlines for shapes, so every backend fills them the same way.
public enum ShapePaths {
    /// The outline of a rounded rectangle, clockwise, with arcs as short segments.
    public static func roundedRect(_ rect: Rect, radius: Double, segmentsPerCorner: Int = 8) -> [Point] {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        if r == 0 {
            return [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                    Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
        }
        let corners: [(cx: Double, cy: Double, start: Double)] = [
            (rect.maxX - r, rect.minY + r, -Double.pi / 2),
            (rect.maxX - r, rect.maxY - r, 0),
            (rect.minX + r, rect.maxY - r, Double.pi / 2),
            (rect.minX + r, rect.minY + r, Double.pi),
        ]
        var points: [Point] = []
        points.reserveCapacity(4 * (segmentsPerCorner + 1))
        for corner in corners {
            for i in 0...segmentsPerCorner {
                let angle = corner.start + Double(i) / Double(segmentsPerCorner) * (Double.pi / 2)
                points.append(Point(x: corner.cx + r * cosine(angle), y: corner.cy + r * sine(angle)))
            }
        }
        return points
    }

    /// A closed band of `width` inside a rounded rectangle's edge, as one polygon.
    ///
    /// The outer outline runs clockwise and the inner one counter-clockwise, joined by a seam that
    /// is traversed in both directions, so a non-zero fill leaves the middle empty.
    public static func ring(_ rect: Rect, radius: Double, width: Double) -> [Point] {
        let outer = roundedRect(rect, radius: radius)
        let innerRect = rect.insetBy(dx: width, dy: width)
        guard !innerRect.isEmpty else { return outer }
        let inner = roundedRect(innerRect, radius: max(0, radius - width))
        guard let outerStart = outer.first, let innerStart = inner.first else { return outer }
        return outer + [outerStart, innerStart] + inner.reversed() + [innerStart, outerStart]
    }

    /// A triangle for a menu's arrow: its tip at `tip`, base `width` wide and `height` away.
    public static func arrow(tip: Point, width: Double, height: Double, pointingUp: Bool) -> [Point] {
        let baseY = pointingUp ? tip.y + height : tip.y - height
        return [tip, Point(x: tip.x + width / 2, y: baseY), Point(x: tip.x - width / 2, y: baseY)]
    }

    private static func cosine(_ x: Double) -> Double { cos(x) }
    private static func sine(_ x: Double) -> Double { sin(x) }
}
