/// Where an edit menu's popup goes: above its target with the arrow pointing down at the target's
/// centre, or below it (arrow up) when there is no room above, always inside the screen.
struct MenuPlacement: Sendable, Hashable {
    /// Which way the arrow points.
    enum ArrowDirection: Sendable, Hashable {
        /// The menu is above the target; the arrow hangs from its bottom edge.
        case down
        /// The menu is below the target; the arrow rises from its top edge.
        case up
    }

    /// The popup window, arrow included, in screen coordinates.
    var frame: Rect
    /// Whether the menu is above its target (`.down`) or below it (`.up`).
    var arrowDirection: ArrowDirection
    /// The arrow's centre along the popup's width, in popup coordinates.
    var arrowX: Double
    /// The arrow's base width and height (the height shrinks only on a tiny screen).
    var arrowSize: Size
    /// The rounded body (where the items go), in popup coordinates.
    var bodyRect: Rect

    /// Whether the menu sits above its target.
    var pointsDown: Bool { arrowDirection == .down }

    /// The arrow's tip, in popup coordinates.
    var arrowTip: Point {
        Point(x: arrowX, y: pointsDown ? frame.height : 0)
    }

    /// Places a menu of `contentSize` (the body, without the arrow) for `target`, both in screen coordinates.
    ///
    /// - Parameters:
    ///   - gap: Space between the arrow's tip and the target.
    ///   - margin: The closest the popup comes to the screen's edges.
    ///   - cornerRadius: The body's corner radius; the arrow stays on the straight part of the edge.
    init(target: Rect, contentSize: Size, screen: Rect, arrowSize: Size = Size(width: 12, height: 7),
                gap: Double = 2, margin: Double = 8, cornerRadius: Double = 8) {
        let area = screen.insetBy(dx: min(margin, screen.width / 2), dy: min(margin, screen.height / 2))
        let width = max(0, min(contentSize.width, area.width))
        let arrowHeight = min(arrowSize.height, area.height)
        let bodyHeight = max(0, min(contentSize.height, area.height - arrowHeight))
        let height = bodyHeight + arrowHeight

        let aboveY = target.minY - gap - height
        let belowY = target.maxY + gap
        let direction: ArrowDirection
        if aboveY >= area.minY {
            direction = .down
        } else if belowY + height <= area.maxY {
            direction = .up
        } else {
            let roomAbove = target.minY - gap - area.minY
            let roomBelow = area.maxY - target.maxY - gap
            direction = roomAbove >= roomBelow ? .down : .up
        }
        let y = Self.clamp(direction == .down ? aboveY : belowY, area.minY, area.maxY - height)
        let x = Self.clamp(target.midX - width / 2, area.minX, area.maxX - width)

        let inset = cornerRadius + arrowSize.width / 2
        let arrowX = inset <= width - inset ? Self.clamp(target.midX - x, inset, width - inset) : width / 2

        self.frame = Rect(x: x, y: y, width: width, height: height)
        self.arrowDirection = direction
        self.arrowX = arrowX
        self.arrowSize = Size(width: arrowSize.width, height: arrowHeight)
        self.bodyRect = Rect(x: 0, y: direction == .down ? 0 : arrowHeight, width: width, height: bodyHeight)
    }

    /// `value` kept within `low...high`; `low` wins when the range is empty.
    private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        max(low, min(value, high))
    }
}
