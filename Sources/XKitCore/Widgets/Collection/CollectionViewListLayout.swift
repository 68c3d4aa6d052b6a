/// Rows the width of the view, one under another, like UITableView: separators between rows, a header
/// per section that stays pinned at the top while its rows scroll under it, and self-sizing rows.
///
///     let layout = CollectionViewListLayout()
///     layout.estimatedRowHeight = 52          // rows never shown count at this height
///     layout.headerHeight = 24                // 0: no section headers
///
/// With `rowHeight` nil (the default) each shown cell's height comes from the cell
/// (`preferredLayoutHeight(forWidth:)`, e.g. its wrapped text); rows never shown count as
/// `estimatedRowHeight`, so the content size and scroll bar are right without measuring a million
/// rows. Memory is one Int per section and one entry per shown row whose height differs from the
/// estimate: nothing per row that was never on screen.
@MainActor
public final class CollectionViewListLayout: CollectionViewLayout {
    /// Every row's height; nil lets each cell size itself.
    public var rowHeight: Double? { didSet { measured.removeAll(); invalidateLayout() } }
    /// The height counted for rows that were never measured.
    public var estimatedRowHeight = 44.0 { didSet { measured.removeAll(); invalidateLayout() } }
    /// The height of each section's header; 0 shows none.
    public var headerHeight = 0.0 { didSet { invalidateLayout() } }
    /// Whether the current section's header stays at the top while its rows scroll.
    public var sectionHeadersPinToVisibleBounds = true
    /// Whether rows have a separator line under them (not the last row of a section).
    public var showsSeparators = true
    /// Space above the first and below the last element.
    public var contentInsets = EdgeInsets(all: 0) { didSet { invalidateLayout() } }

    private var items = CollectionItemIndex(counts: [])
    private var measured = SparseHeights()
    private var width = 0.0

    /// A list layout with the default row height and separators.
    public override init() { super.init() }

    /// A list of fixed-height rows.
    public convenience init(rowHeight: Double?, headerHeight: Double = 0) {
        self.init()
        self.rowHeight = rowHeight
        self.headerHeight = headerHeight
    }

    private var baseHeight: Double {
        let value = rowHeight ?? estimatedRowHeight
        return value.isFinite && value >= 0 ? value : 44
    }

    private var header: Double { headerHeight.isFinite && headerHeight > 0 ? headerHeight : 0 }

    public override var usesSelfSizingCells: Bool { rowHeight == nil }

    public override func prepare() {
        guard let context else { items = CollectionItemIndex(counts: []); return }
        let old = items
        items = CollectionItemIndex(context)
        width = max(0, context.layoutWidth)
        // Measurements are by row number: counts that changed (a reload) make them meaningless.
        if old.starts != items.starts { measured.removeAll() }
    }

    /// Forgets the self-sized heights (the rows are measured again as they show), e.g. after the width changed.
    public func invalidateMeasuredHeights() {
        measured.removeAll()
        invalidateLayout()
    }

    /// How many rows have a measured height that differs from the estimate (what the layout stores per row).
    public var storedHeightCount: Int { measured.count }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard newBounds.width != width else { return false }
        if rowHeight == nil { measured.removeAll() }
        return true
    }

    // MARK: Geometry

    /// The top of global row `g` in section `s`.
    private func rowY(_ g: Int, section s: Int) -> Double {
        contentInsets.top + Double(s + 1) * header + Double(g) * baseHeight + measured.sum(before: g)
    }

    private func rowHeight(ofGlobal g: Int) -> Double { baseHeight + measured.delta(at: g) }

    /// The top of section `s`'s header (its first row's top less the header).
    private func headerY(_ s: Int) -> Double {
        let first = items.starts[min(s, items.sectionCount)]
        return contentInsets.top + Double(s) * header + Double(first) * baseHeight + measured.sum(before: first)
    }

    public override var collectionViewContentSize: Size {
        prepareIfNeeded()
        let height = contentInsets.vertical + Double(items.sectionCount) * header
            + Double(items.count) * baseHeight + measured.total
        return Size(width: width, height: max(0, height))
    }

    /// The last global row whose top is at or above `y` (0 when none is).
    private func globalRow(atY y: Double) -> Int {
        var lo = 0, hi = items.count - 1
        guard hi >= 0 else { return 0 }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if rowY(mid, section: items.section(ofGlobal: mid)) <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The last section whose header starts at or above `y`.
    private func section(atY y: Double) -> Int {
        var lo = 0, hi = items.sectionCount - 1
        guard hi >= 0 else { return 0 }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if headerY(mid) <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    private func attributes(ofGlobal g: Int, section s: Int) -> CollectionViewLayoutAttributes {
        let path = IndexPath(item: g - items.starts[s], section: s)
        let last = g == items.starts[s + 1] - 1
        return CollectionViewLayoutAttributes(forCellWith: path,
                                              frame: Rect(x: 0, y: rowY(g, section: s), width: width, height: rowHeight(ofGlobal: g)),
                                              showsSeparator: showsSeparators && !last)
    }

    private func headerAttributes(_ s: Int) -> CollectionViewLayoutAttributes {
        var y = headerY(s)
        if sectionHeadersPinToVisibleBounds, let top = context?.visibleBounds.minY {
            // Pinned at the top while the section is in sight, pushed up by the next section's header.
            let end = s + 1 < items.sectionCount ? headerY(s + 1) : collectionViewContentSize.height - contentInsets.bottom
            y = max(y, min(top, end - header))
        }
        var attributes = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
                                                        with: IndexPath(item: 0, section: s),
                                                        frame: Rect(x: 0, y: y, width: width, height: header))
        attributes.zIndex = 1
        return attributes
    }

    public override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        prepareIfNeeded()
        guard rect.height >= 0, !rect.minY.isNaN, items.sectionCount > 0 else { return [] }
        var result: [CollectionViewLayoutAttributes] = []
        let firstSection = section(atY: rect.minY)
        var lastSection = firstSection
        if items.count > 0 {
            var g = globalRow(atY: rect.minY)
            var s = items.section(ofGlobal: g)
            while g < items.count {
                while g >= items.starts[s + 1] { s += 1 }
                let y = rowY(g, section: s)
                if y >= rect.maxY { break }
                if y + rowHeight(ofGlobal: g) > rect.minY || rect.height == 0 && y <= rect.minY {
                    result.append(attributes(ofGlobal: g, section: s))
                }
                lastSection = max(lastSection, s)
                g += 1
            }
        }
        if header > 0 {
            // Headers of empty sections further down may still start inside the rect.
            while lastSection + 1 < items.sectionCount && headerY(lastSection + 1) < rect.maxY { lastSection += 1 }
            for s in firstSection...lastSection {
                let attributes = headerAttributes(s)
                if attributes.frame.intersects(rect) || attributes.frame.contains(rect.origin) { result.append(attributes) }
            }
        }
        return result
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareIfNeeded()
        guard items.contains(indexPath) else { return nil }
        return attributes(ofGlobal: items.globalIndex(of: indexPath), section: indexPath.section)
    }

    public override func setPreferredHeight(_ height: Double, forItemAt indexPath: IndexPath) -> Double {
        prepareIfNeeded()
        guard rowHeight == nil, items.contains(indexPath) else { return 0 }
        var safe = height
        if !(height.isFinite && height >= 0) {
            Trace.warnOnce("collectionView.rowHeight", "a collection view cell measured its height as \(height) at \(indexPath); "
                + "the estimated row height is used")
            safe = baseHeight
        }
        safe = min(safe, GeometryLimits.maximumMagnitude / 4)
        return measured.set(safe - baseHeight, at: items.globalIndex(of: indexPath))
    }

    public override func indexPath(from indexPath: IndexPath, moving direction: CollectionViewMoveDirection) -> IndexPath? {
        prepareIfNeeded()
        guard items.contains(indexPath) else { return nil }
        let g = items.globalIndex(of: indexPath)
        switch direction {
        case .up: return g > 0 ? items.indexPath(ofGlobal: g - 1) : nil
        case .down: return g + 1 < items.count ? items.indexPath(ofGlobal: g + 1) : nil
        case .left, .right: return nil
        }
    }
}
