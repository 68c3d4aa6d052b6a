/// A fixed number of equal columns, like a photo grid: items fill each row left to right (right to
/// left in a right-to-left context). Frames are computed, not stored: one Double per section.
///
///     let layout = CollectionViewGridLayout(numberOfColumns: 4)   // square items
@MainActor
public final class CollectionViewGridLayout: CollectionViewLayout {
    /// How many items each row holds (at least 1).
    public var numberOfColumns: Int { didSet { invalidateLayout() } }
    /// Each item's height; nil makes items square.
    public var itemHeight: Double? { didSet { invalidateLayout() } }
    /// Space between columns and between rows.
    public var spacing = 8.0 { didSet { invalidateLayout() } }
    /// Space around each section's items.
    public var sectionInset = EdgeInsets(all: 0) { didSet { invalidateLayout() } }

    private var sectionTops: [Double] = [0]
    private var counts: [Int] = []
    private var width = 0.0
    private var rtl = false

    /// A grid of `numberOfColumns` columns.
    public init(numberOfColumns: Int = 3, itemHeight: Double? = nil) {
        self.numberOfColumns = numberOfColumns
        self.itemHeight = itemHeight
        super.init()
    }

    private var columns: Int { max(1, numberOfColumns) }
    private var gap: Double { spacing.isFinite && spacing >= 0 ? spacing : 0 }
    private var itemWidth: Double {
        max(0, (width - sectionInset.horizontal - gap * Double(columns - 1)) / Double(columns))
    }
    private var rowPitchHeight: Double {
        let h = itemHeight ?? itemWidth
        return h.isFinite && h >= 0 ? h : 0
    }

    public override func prepare() {
        counts = []
        sectionTops = [0]
        guard let context else { return }
        width = max(0, context.layoutWidth)
        rtl = context.isRightToLeft
        var y = 0.0
        for s in 0..<max(0, context.numberOfSections) {
            let n = max(0, context.numberOfItems(inSection: s))
            counts.append(n)
            let rows = (n + columns - 1) / columns
            if n > 0 { y += sectionInset.vertical + Double(rows) * rowPitchHeight + Double(max(0, rows - 1)) * gap }
            sectionTops.append(y)
        }
    }

    public override var collectionViewContentSize: Size {
        prepareIfNeeded()
        return Size(width: width, height: sectionTops.last ?? 0)
    }

    private func frame(item: Int, section: Int) -> Rect {
        let row = item / columns, column = item % columns
        let x = sectionInset.left + Double(column) * (itemWidth + gap)
        let y = sectionTops[section] + sectionInset.top + Double(row) * (rowPitchHeight + gap)
        return Rect(x: rtl ? width - x - itemWidth : x, y: y, width: itemWidth, height: rowPitchHeight)
    }

    public override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        prepareIfNeeded()
        var result: [CollectionViewLayoutAttributes] = []
        let pitch = rowPitchHeight + gap
        for s in counts.indices where counts[s] > 0 && sectionTops[s + 1] >= rect.minY && sectionTops[s] <= rect.maxY {
            let rows = (counts[s] + columns - 1) / columns
            let top = sectionTops[s] + sectionInset.top
            let first = pitch > 0 ? max(0, Int(((rect.minY - top) / pitch).rounded(.down))) : 0
            var row = min(first, rows)
            while row < rows {
                let y = top + Double(row) * pitch
                if y > rect.maxY || (y == rect.maxY && rect.height > 0) { break }
                for column in 0..<columns {
                    let item = row * columns + column
                    guard item < counts[s] else { break }
                    let f = frame(item: item, section: s)
                    if f.intersects(rect) || f.contains(rect.origin) {
                        result.append(CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: s), frame: f))
                    }
                }
                row += 1
                if pitch <= 0 { break }
            }
        }
        return result
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareIfNeeded()
        guard counts.indices.contains(indexPath.section), indexPath.item >= 0, indexPath.item < counts[indexPath.section] else { return nil }
        return CollectionViewLayoutAttributes(forCellWith: indexPath, frame: frame(item: indexPath.item, section: indexPath.section))
    }
}
