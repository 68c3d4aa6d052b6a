/// A location in a two-dimensional coordinate space, in logical points.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate; it grows to the right.
    public var x: Double
    /// The vertical coordinate; it grows downward, as in X and UIKit.
    public var y: Double
    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)
    /// Creates a point from its two coordinates.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public var description: String { "(\(x), \(y))" }

    /// The straight-line distance to another point.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }
    /// Adds the coordinates of two points, as when offsetting a point by a vector.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Subtracts the coordinates of `b` from `a`: the offset that leads from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
}

/// A width and a height, in logical points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent, in points.
    public var width: Double
    /// The vertical extent, in points.
    public var height: Double
    /// A size with zero width and height.
    public static let zero = Size(width: 0, height: 0)
    /// Creates a size from its width and height.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public var description: String { "\(width)×\(height)" }
}

/// An axis-aligned rectangle with its origin at the top-left corner.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner, in the coordinate space the rectangle is given in.
    public var origin: Point
    /// The width and height, measured from `origin` to the right and downward.
    public var size: Size
    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Creates a rectangle from its top-left corner and its size.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// Creates a rectangle from the coordinates of its top-left corner and its size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }

    /// The x-coordinate of the origin, the left edge for a positive width.
    public var x: Double { origin.x }
    /// The y-coordinate of the origin, the top edge for a positive height.
    public var y: Double { origin.y }
    /// The width of `size`.
    public var width: Double { size.width }
    /// The height of `size`.
    public var height: Double { size.height }
    /// The x-coordinate of the left edge.
    public var minX: Double { origin.x }
    /// The y-coordinate of the top edge.
    public var minY: Double { origin.y }
    /// The x-coordinate of the right edge: `minX` plus the width.
    public var maxX: Double { origin.x + size.width }
    /// The y-coordinate of the bottom edge: `minY` plus the height.
    public var maxY: Double { origin.y + size.height }
    /// The x-coordinate halfway between the left and right edges.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y-coordinate halfway between the top and bottom edges.
    public var midY: Double { origin.y + size.height / 2 }
    /// The point at the middle of the rectangle, (`midX`, `midY`).
    public var center: Point { Point(x: midX, y: midY) }
    /// Whether the rectangle covers no area: a width or height of zero or less.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }
    public var description: String { "[\(x), \(y), \(width), \(height)]" }

    /// Whether the point lies inside; the right and bottom edges are outside.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether the two rectangles share any area.
    public func intersects(_ other: Rect) -> Bool {
        !intersection(other).isEmpty
    }

    /// The overlapping area, or an empty rect at the origin when there is none.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding both; an empty side is ignored.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle moved by an offset.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle shrunk on every side by the insets.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: x + insets.left, y: y + insets.top,
             width: max(0, width - insets.left - insets.right),
             height: max(0, height - insets.top - insets.bottom))
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        inset(by: EdgeInsets(top: dy, left: dx, bottom: dy, right: dx))
    }

    /// The rectangle grown outward to whole pixels at the given scale.
    public func integral(scale: Double = 1) -> Rect {
        let x0 = (minX * scale).rounded(.down) / scale, y0 = (minY * scale).rounded(.down) / scale
        let x1 = (maxX * scale).rounded(.up) / scale, y1 = (maxY * scale).rounded(.up) / scale
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// Distances to inset a rectangle by, per edge.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from each edge, in points: `top` and `bottom` move those edges toward the middle,
    /// `left` and `right` the sides; negative values grow the rectangle.
    public var top: Double, left: Double, bottom: Double, right: Double
    /// Insets of zero on every edge.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    /// Creates insets from one distance per edge.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// The same inset on every edge.
    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }
    /// `vertical` on top and bottom, `horizontal` on left and right.
    public init(vertical: Double, horizontal: Double) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }
    /// The width the insets take away: `left` plus `right`.
    public var horizontal: Double { left + right }
    /// The height the insets take away: `top` plus `bottom`.
    public var vertical: Double { top + bottom }
}
