import XKitCore

/// The point budget for one XRender polygon.
///
/// libXrender's `XRenderCompositeDoublePoly` allocates room for points² trapezoids before it
/// tessellates (40 bytes each), then sends them as Trapezoids requests it splits itself at the
/// server's request limit. 1024 points keep that scratch under 40 MiB and a convex shape's
/// trapezoids (about one per point) in one request, so adjacent parts never get anti-aliased twice.
enum PolygonLimit {
    static let maxPoints = 1024

    /// `points` with at most `maxPoints` of them: a longer outline keeps every k-th point (and its last).
    static func thinned(_ points: [Point], maxPoints: Int = PolygonLimit.maxPoints) -> [Point] {
        guard points.count > maxPoints, maxPoints >= 3 else { return points }
        let step = (points.count + maxPoints - 2) / (maxPoints - 1)
        var kept = Swift.stride(from: 0, to: points.count - 1, by: step).map { points[$0] }
        if let last = points.last { kept.append(last) }
        return kept
    }
}
