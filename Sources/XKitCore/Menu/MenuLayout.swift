/// A horizontal row of menu items separated by thin dividers, like UIMenuController's edit menu.
///
/// Frames are in the menu body's coordinates. When the titles do not fit `maximumWidth`, the
/// widest items are narrowed first (their titles truncate) so short ones like "Copy" stay whole.
struct MenuLayout: Sendable, Hashable {
    /// Sizes that shape the row.
    struct Metrics: Sendable, Hashable {
        /// Space left and right of each title.
        var itemPadding: Double
        /// The row's height.
        var itemHeight: Double
        /// The width of the line between items.
        var dividerWidth: Double
        /// The narrowest an item gets, so a short title is still easy to hit.
        var minimumItemWidth: Double

        /// Creates metrics; the defaults suit a 13–14 pt menu font.
        init(itemPadding: Double = 12, itemHeight: Double = 32, dividerWidth: Double = 1,
                    minimumItemWidth: Double = 44) {
            self.itemPadding = itemPadding
            self.itemHeight = itemHeight
            self.dividerWidth = dividerWidth
            self.minimumItemWidth = minimumItemWidth
        }
    }

    /// Each item's clickable area.
    private(set) var itemFrames: [Rect] = []
    /// Where each title is drawn (centred in its item, at most its measured width).
    private(set) var titleFrames: [Rect] = []
    /// Whether each title was given less than its measured width.
    private(set) var isTruncated: [Bool] = []
    /// The dividers between neighbouring items.
    private(set) var dividerFrames: [Rect] = []
    /// The body's size, to pass to `MenuPlacement` as the content size.
    private(set) var size: Size = .zero

    /// Lays out items whose titles measure `titleWidths`.
    init(titleWidths: [Double], metrics: Metrics = Metrics(), maximumWidth: Double = .infinity) {
        let n = titleWidths.count
        guard n > 0 else { return }
        let padding = 2 * metrics.itemPadding
        let natural = titleWidths.map { max(max(0, $0) + padding, metrics.minimumItemWidth) }
        let dividers = Double(n - 1) * metrics.dividerWidth
        let cap = Self.widthCap(natural, total: maximumWidth - dividers)
        var x = 0.0
        for i in 0..<n {
            let width = min(natural[i], cap)
            let item = Rect(x: x, y: 0, width: width, height: metrics.itemHeight)
            let titleWidth = min(max(0, titleWidths[i]), max(0, width - padding))
            itemFrames.append(item)
            titleFrames.append(Rect(x: item.midX - titleWidth / 2, y: 0, width: titleWidth, height: metrics.itemHeight))
            isTruncated.append(titleWidth < titleWidths[i])
            x += width
            if i < n - 1 {
                dividerFrames.append(Rect(x: x, y: 0, width: metrics.dividerWidth, height: metrics.itemHeight))
                x += metrics.dividerWidth
            }
        }
        size = Size(width: x, height: metrics.itemHeight)
    }

    /// The largest per-item width such that the capped widths sum to at most `total` (water filling).
    private static func widthCap(_ widths: [Double], total: Double) -> Double {
        guard total.isFinite, widths.reduce(0, +) > total else { return .infinity }
        var remaining = max(0, total)
        var left = widths.count
        for w in widths.sorted() {
            let share = remaining / Double(left)
            if w > share { return share }
            remaining -= w
            left -= 1
        }
        return .infinity
    }

    /// The item under a point in body coordinates; a divider counts as the item before it.
    func item(at point: Point) -> Int? {
        guard point.y >= 0, point.y < size.height, point.x >= 0, point.x < size.width else { return nil }
        return itemFrames.lastIndex { $0.minX <= point.x }
    }

    /// The highlight after a navigation key, skipping disabled items and wrapping around.
    ///
    /// Left and Up go back, Right and Down go forward, Home and End jump; with nothing highlighted
    /// a step forward lands on the first item and a step back on the last. Nil when no item is enabled.
    func highlight(from current: Int?, moving move: MenuNavigation,
                          isEnabled: (Int) -> Bool = { _ in true }) -> Int? {
        move.step(from: current, count: itemFrames.count, canStop: isEnabled)
    }
}

/// A keyboard step through a menu's items.
enum MenuNavigation: Sendable, Hashable {
    /// One item back (Left, Up).
    case previous
    /// One item forward (Right, Down).
    case next
    /// The first item (Home).
    case first
    /// The last item (End).
    case last

    /// The step a key makes, or nil for keys that do not navigate (Left/Up back, Right/Down forward).
    init?(key: Key) {
        switch key {
        case .left, .up: self = .previous
        case .right, .down: self = .next
        case .home: self = .first
        case .end: self = .last
        default: return nil
        }
    }

    /// Where this step lands among `count` items from `current`, passing items `canStop` refuses and
    /// wrapping around; with nothing current, a step forward lands on the first and back on the last.
    /// Nil when no item can be stopped on.
    func step(from current: Int?, count n: Int, canStop: (Int) -> Bool) -> Int? {
        guard n > 0 else { return nil }
        let forward: Bool
        var index: Int
        switch self {
        case .next: forward = true; index = current.map { $0 + 1 } ?? 0
        case .previous: forward = false; index = current.map { $0 - 1 } ?? n - 1
        case .first: forward = true; index = 0
        case .last: forward = false; index = n - 1
        }
        for _ in 0..<n {
            index = (index % n + n) % n
            if canStop(index) { return index }
            index += forward ? 1 : -1
        }
        return nil
    }
}
