/// Items of all sections numbered one after another: global index ↔ index path, by binary search
/// over the sections' first indices. Costs one Int per section, none per item.
@MainActor
public struct CollectionItemIndex {
    /// The first global index of each section, and the total at the end.
    public private(set) var starts: [Int]

    /// The numbering of the context's sections as they are now.
    public init(_ context: CollectionViewLayoutContext) {
        self.init(counts: (0..<max(0, context.numberOfSections)).map { max(0, context.numberOfItems(inSection: $0)) })
    }

    /// The numbering of sections holding these many items.
    public init(counts: [Int]) {
        var starts = [0]
        starts.reserveCapacity(counts.count + 1)
        var total = 0
        for count in counts {
            total += max(0, count)
            starts.append(total)
        }
        self.starts = starts
    }

    /// How many items there are in all.
    public var count: Int { starts[starts.count - 1] }
    /// How many sections there are.
    public var sectionCount: Int { starts.count - 1 }

    /// How many items a section holds (0 out of range).
    public func numberOfItems(inSection section: Int) -> Int {
        guard section >= 0, section < sectionCount else { return 0 }
        return starts[section + 1] - starts[section]
    }

    /// Whether the index path names an item.
    public func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.item >= 0 && indexPath.item < numberOfItems(inSection: indexPath.section)
    }

    /// The item's number across all sections.
    public func globalIndex(of indexPath: IndexPath) -> Int {
        guard indexPath.section >= 0, indexPath.section < sectionCount else { return indexPath.section < 0 ? 0 : count }
        return starts[indexPath.section] + indexPath.item
    }

    /// The section holding global item `index` (clamped to the items).
    public func section(ofGlobal index: Int) -> Int {
        // The last section starting at or before the index: an empty section there is followed by
        // one starting at the same index, which wins.
        var lo = 0, hi = sectionCount - 1
        guard hi >= 0 else { return 0 }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= index { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The index path of global item `index`.
    public func indexPath(ofGlobal index: Int) -> IndexPath {
        let section = section(ofGlobal: index)
        return IndexPath(item: index - starts[section], section: section)
    }
}
