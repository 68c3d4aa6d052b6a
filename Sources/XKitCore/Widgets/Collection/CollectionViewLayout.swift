/// What a layout asks about the items it places. A collection view answers for its data source and
/// delegate; display-free tests answer with fixed numbers.
@MainActor
public protocol CollectionViewLayoutContext: AnyObject {
    /// How many sections there are.
    var numberOfSections: Int { get }
    /// How many items a section holds.
    func numberOfItems(inSection section: Int) -> Int
    /// The width the layout fills.
    var layoutWidth: Double { get }
    /// The part of the content in sight, in content coordinates (pinned headers follow its top).
    var visibleBounds: Rect { get }
    /// The delegate's size for an item, or nil to use the layout's own.
    func sizeForItem(at indexPath: IndexPath) -> Size?
    /// The sizes of a section's first items at once, or nil to ask `sizeForItem` item by item.
    ///
    /// A flow layout asks for every item of a section on each pass; a context that already holds the
    /// sizes in an array (the tag input's measured chips) saves a call through the delegate per item.
    /// Items past the end of the array are asked for one by one.
    func sizesForItems(inSection section: Int) -> [Size]?
    /// Whether items run right to left (the flow layout mirrors its rows).
    var isRightToLeft: Bool { get }
}

extension CollectionViewLayoutContext {
    public func sizeForItem(at indexPath: IndexPath) -> Size? { nil }
    public func sizesForItems(inSection section: Int) -> [Size]? { nil }
    public var isRightToLeft: Bool { false }
}

/// A direction the arrow keys move the selection in.
public enum CollectionViewMoveDirection: Sendable, Hashable {
    /// The direction of an arrow key, for moving the selection.
    case up, down, left, right
}

/// Places a collection view's cells and headers, like UICollectionViewLayout: a display-free object
/// that turns counts and sizes into frames, and answers which elements meet a rect.
///
/// Subclasses override `prepare()`, `collectionViewContentSize`, `layoutAttributesForElements(in:)`
/// and `layoutAttributesForItem(at:)`. The collection view calls `prepare()` after `invalidateLayout()`
/// and before asking for frames.
@MainActor
open class CollectionViewLayout {
    /// What the layout lays out (the collection view that owns it, or a test's stand-in).
    public weak var context: CollectionViewLayoutContext? { didSet { invalidateLayout() } }

    /// Whether `prepare()` must run before the next query.
    public private(set) var needsPrepare = true

    /// A layout with no items; subclasses compute their geometry in `prepare()`.
    public init() {}

    /// Marks the layout stale: counts, sizes or the width changed. The next query prepares it again.
    open func invalidateLayout() { needsPrepare = true }

    /// Prepares it now if it is stale.
    public func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        prepare()
    }

    /// Reads counts and sizes from the context and computes what queries need; the default does nothing.
    open func prepare() {}

    /// The size of all the content.
    open var collectionViewContentSize: Size { .zero }

    /// The cells and headers whose frames meet `rect` (content coordinates), in reading order.
    open func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] { [] }

    /// Where one item's cell goes; nil for an index path out of range.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }

    /// Whether a change of the view's bounds (not just its scroll offset) makes the layout stale;
    /// by default a new width does.
    open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.width != (context?.layoutWidth ?? newBounds.width)
    }

    /// Whether cells are asked for their own size (`CollectionViewCell.preferredLayoutHeight(forWidth:)`)
    /// when they are shown; the list layout without a fixed `rowHeight` says yes.
    open var usesSelfSizingCells: Bool { false }

    /// A shown cell measured itself: the layout keeps the height. Returns how much the item grew
    /// (negative: shrank), so the view can keep what the user is looking at still.
    open func setPreferredHeight(_ height: Double, forItemAt indexPath: IndexPath) -> Double { 0 }

    /// The item the arrow keys reach from `indexPath`, or nil at an edge. The default walks the
    /// frames: Left and Right take the neighbour in reading order, Up and Down the nearest item in
    /// the row above or below.
    open func indexPath(from indexPath: IndexPath, moving direction: CollectionViewMoveDirection) -> IndexPath? {
        guard let context, let current = layoutAttributesForItem(at: indexPath) else { return nil }
        let items = CollectionItemIndex(context)
        let global = items.globalIndex(of: indexPath)
        switch direction {
        case .left, .right:
            let forward = (direction == .right) != context.isRightToLeft
            let next = forward ? global + 1 : global - 1
            return (0..<items.count).contains(next) ? items.indexPath(ofGlobal: next) : nil
        case .up, .down:
            let frame = current.frame
            let step = max(1, frame.height)
            var probe = direction == .down ? frame.maxY : frame.minY - step
            let content = collectionViewContentSize.height
            // Look a few rows further when a row is only headers or spacing.
            for _ in 0..<8 {
                guard probe < content + step, probe > -step else { return nil }
                let band = Rect(x: -GeometryLimits.maximumMagnitude / 2, y: probe, width: GeometryLimits.maximumMagnitude, height: step)
                let candidates = layoutAttributesForElements(in: band).filter {
                    $0.representedElementCategory == .cell && $0.indexPath != indexPath
                        && (direction == .down ? $0.frame.minY >= frame.maxY - 0.5 : $0.frame.maxY <= frame.minY + 0.5)
                }
                if !candidates.isEmpty {
                    let rowY = direction == .down ? candidates.map(\.frame.minY).min() ?? 0 : candidates.map(\.frame.maxY).max() ?? 0
                    let row = candidates.filter { direction == .down ? abs($0.frame.minY - rowY) < 0.5 : abs($0.frame.maxY - rowY) < 0.5 }
                    return row.min { abs($0.frame.midX - frame.midX) < abs($1.frame.midX - frame.midX) }?.indexPath
                }
                probe += direction == .down ? step : -step
            }
            return nil
        }
    }

    /// The item at a content point, or nil when the point is between items.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        prepareIfNeeded()
        let probe = Rect(x: point.x, y: point.y, width: 0.001, height: 0.001)
        return layoutAttributesForElements(in: probe).last {
            $0.representedElementCategory == .cell && $0.frame.contains(point)
        }?.indexPath
    }
}

/// A size a layout can use: NaN, infinite and negative components become 0, with one warning.
@MainActor
func sanitizedItemSize(_ size: Size, at indexPath: IndexPath) -> Size {
    func clean(_ value: Double) -> Double { value.isFinite && value >= 0 ? min(value, GeometryLimits.maximumMagnitude) : 0 }
    let safe = Size(width: clean(size.width), height: clean(size.height))
    if safe != size {
        Trace.warnOnce("collectionView.itemSize", "a collection view item's size was \(size) at \(indexPath); "
            + "NaN, infinite and negative sizes become 0")
    }
    return safe
}
