extension Rect {
    /// Whether this rect lies inside `outer` rounded by `radius`, at least `margin` in from its edge
    /// and its corner arcs: clear of a border drawn along the edge and of the corners' antialiasing.
    ///
    /// A redraw there (a key typed in a field) can fill the background as a plain rectangle and
    /// leave the border out; the server would otherwise rasterise the border's whole polygon for it.
    func liesWithin(roundedRect outer: Rect, radius: Double, margin: Double) -> Bool {
        guard !isEmpty, margin >= 0 else { return false }
        let inner = outer.insetBy(dx: margin, dy: margin)
        guard !inner.isEmpty, minX >= inner.minX, minY >= inner.minY, maxX <= inner.maxX, maxY <= inner.maxY else { return false }
        let r = min(radius, outer.width / 2, outer.height / 2)
        // Arcs no deeper than the margin are outside the inset rect already.
        guard r > margin else { return true }
        // The part of this rect in a corner square reaches furthest from the arc's centre at this
        // rect's own corner on that side, so that corner must be inside the shrunk circle.
        let corners = [(Point(x: minX, y: minY), Point(x: outer.minX + r, y: outer.minY + r), -1.0, -1.0),
                       (Point(x: maxX, y: minY), Point(x: outer.maxX - r, y: outer.minY + r), 1.0, -1.0),
                       (Point(x: minX, y: maxY), Point(x: outer.minX + r, y: outer.maxY - r), -1.0, 1.0),
                       (Point(x: maxX, y: maxY), Point(x: outer.maxX - r, y: outer.maxY - r), 1.0, 1.0)]
        for (corner, centre, outwardX, outwardY) in corners {
            let dx = (corner.x - centre.x) * outwardX, dy = (corner.y - centre.y) * outwardY
            if dx > 0 && dy > 0 && (dx * dx + dy * dy).squareRoot() > r - margin { return false }
        }
        return true
    }
}
