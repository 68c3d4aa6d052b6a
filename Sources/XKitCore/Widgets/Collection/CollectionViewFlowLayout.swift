/// Items in wrapping rows, left-aligned (right-aligned, right to left, in a right-to-left context),
/// like UICollectionViewFlowLayout with the left-aligned tweak tag inputs use.
///
///     let layout = CollectionViewFlowLayout()
///     layout.itemSize = Size(width: 80, height: 28)    // or the delegate's sizeForItemAt
///     layout.minimumInteritemSpacing = 8
///
/// Each section flows on its own, under the one before. Preparing costs one pass over the items;
/// queries search the rows (O(log rows + shown)).
@MainActor
public final class CollectionViewFlowLayout: CollectionViewLayout {
    /// The size of items the delegate gives none for.
    public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Horizontal space between neighbours in a row.
    public var minimumInteritemSpacing = 8.0 { didSet { invalidateLayout() } }
    /// Vertical space between rows.
    public var minimumLineSpacing = 8.0 { didSet { invalidateLayout() } }
    /// Space around each section's items.
    public var sectionInset = EdgeInsets(all: 0) { didSet { invalidateLayout() } }
    /// The narrowest the last item of the last section may be; it takes the rest of its row, or a
    /// row of its own when less is left (a tag input's text field). Nil: the last item is like the others.
    public var lastItemMinimumWidth: Double? { didSet { invalidateLayout() } }

    /// For a sizing layout that only needs to know whether its content passes a height: preparing
    /// stops at the first row below it, and the content height is then only known to be above it.
    var sizingHeightLimit = Double.infinity { didSet { invalidateLayout() } }

    private var sections: [Placed] = []
    private var contentSize = Size.zero

    /// One section's frames (content coordinates) and rows.
    private struct Placed {
        var frames: [Rect]
        var rows: [Range<Int>]
        var top: Double
        var bottom: Double
    }

    /// A flow layout with the default spacing and item size.
    public override init() { super.init() }

    public override func prepare() {
        sections = []
        contentSize = .zero
        guard let context else { return }
        let width = max(0, context.layoutWidth)
        let count = max(0, context.numberOfSections)
        let rtl = context.isRightToLeft
        var y = 0.0
        let flow = FlowLayout(interitemSpacing: safe(minimumInteritemSpacing), lineSpacing: safe(minimumLineSpacing),
                              sectionInsets: sectionInset, alignment: .leading)
        sections.reserveCapacity(count)
        for s in 0..<count {
            let n = max(0, context.numberOfItems(inSection: s))
            let last = s == count - 1 && n > 0 ? lastItemMinimumWidth : nil
            var sizes: [Size] = []
            sizes.reserveCapacity(n)
            let base = sanitizedItemSize(itemSize, at: IndexPath(item: 0, section: s))
            let known = context.sizesForItems(inSection: s) ?? []
            // `if let`, not `Optional.map`: a closure here pays a main-actor check per item.
            for i in 0..<(last == nil ? n : n - 1) {
                let path = IndexPath(item: i, section: s)
                if let size = i < known.count ? known[i] : context.sizeForItem(at: path) {
                    sizes.append(sanitizedItemSize(size, at: path))
                } else {
                    sizes.append(base)
                }
            }
            var trailing: FlowLayout.TrailingItem?
            if let minimum = last {
                let path = IndexPath(item: n - 1, section: s)
                var size = base
                if let asked = context.sizeForItem(at: path) { size = sanitizedItemSize(asked, at: path) }
                trailing = FlowLayout.TrailingItem(minimumWidth: max(safe(minimum), 0), height: size.height)
            }
            let result = flow.layout(sizes, width: width, trailing: trailing, stoppingAbove: sizingHeightLimit - y)
            var frames = result.frames
            var rows = result.rows
            if let field = result.trailingFrame {
                frames.append(field)
                if let lastRow = rows.last, abs((frames[lastRow.lowerBound].midY) - field.midY) < 0.5 {
                    rows[rows.count - 1] = lastRow.lowerBound..<frames.count
                } else {
                    rows.append((frames.count - 1)..<frames.count)
                }
            }
            for i in frames.indices {
                frames[i].origin.y += y
                if rtl { frames[i].origin.x = width - frames[i].maxX }
            }
            let height = n == 0 ? 0 : result.contentSize.height
            sections.append(Placed(frames: frames, rows: rows, top: y, bottom: y + height))
            contentSize.width = max(contentSize.width, result.contentSize.width)
            y += height
            if y > sizingHeightLimit { break }
        }
        contentSize = Size(width: max(width, contentSize.width), height: y)
    }

    private func safe(_ value: Double) -> Double { value.isFinite && value >= 0 ? value : 0 }

    public override var collectionViewContentSize: Size {
        prepareIfNeeded()
        return contentSize
    }

    public override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        prepareIfNeeded()
        var result: [CollectionViewLayoutAttributes] = []
        for (s, placed) in sections.enumerated() where placed.bottom >= rect.minY && placed.top <= rect.maxY {
            let rows = placed.rows
            var lo = 0, hi = rows.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if rowBottom(placed, rows[mid]) <= rect.minY { lo = mid + 1 } else { hi = mid }
            }
            var r = lo
            while r < rows.count, rowTop(placed, rows[r]) < rect.maxY || rect.height == 0 && rowTop(placed, rows[r]) <= rect.minY {
                for i in rows[r] where placed.frames[i].intersects(rect) || placed.frames[i].contains(rect.origin) {
                    result.append(CollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: s), frame: placed.frames[i]))
                }
                r += 1
            }
        }
        return result
    }

    private func rowTop(_ placed: Placed, _ row: Range<Int>) -> Double {
        guard !row.isEmpty else { return 0 }
        var top = Double.infinity
        for i in row { top = min(top, placed.frames[i].minY) }
        return top
    }

    private func rowBottom(_ placed: Placed, _ row: Range<Int>) -> Double {
        guard !row.isEmpty else { return 0 }
        var bottom = -Double.infinity
        for i in row { bottom = max(bottom, placed.frames[i].maxY) }
        return bottom
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareIfNeeded()
        guard sections.indices.contains(indexPath.section),
              sections[indexPath.section].frames.indices.contains(indexPath.item) else { return nil }
        return CollectionViewLayoutAttributes(forCellWith: indexPath, frame: sections[indexPath.section].frames[indexPath.item])
    }
}
