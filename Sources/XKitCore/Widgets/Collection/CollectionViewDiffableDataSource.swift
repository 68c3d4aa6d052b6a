/// A data source fed with snapshots, like UICollectionViewDiffableDataSource: `apply` compares the
/// new snapshot with the shown one and rebuilds only the cells of items that are new or reloaded;
/// cells of items that stayed (or moved) keep their views.
///
///     let source = CollectionViewDiffableDataSource<String, Int>(collectionView: list) { list, path, id in
///         let cell = list.dequeueReusableCell(withReuseIdentifier: "row", for: path)
///         …
///         return cell
///     }
///     source.apply(snapshot)
@MainActor
open class CollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    CollectionViewDataSource {
    /// Makes the cell for an item.
    public typealias CellProvider = @MainActor (CollectionView, IndexPath, ItemIdentifierType) -> CollectionViewCell?
    /// Makes a header or other supplementary view.
    public typealias SupplementaryViewProvider = @MainActor (CollectionView, String, IndexPath) -> CollectionReusableView?

    private weak var collectionView: CollectionView?
    private let cellProvider: CellProvider
    /// Makes headers; nil shows none.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    private var current = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    /// Index paths of the shown snapshot's items, built when first asked for.
    private var pathCache: [ItemIdentifierType: IndexPath]?
    /// Cells whose items the last `apply` rebuilt (for tests and the trace).
    public private(set) var lastApplyRebuiltCount = 0

    /// A data source for `collectionView`, which it becomes the data source of.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// A copy of the shown snapshot.
    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Shows a snapshot: cells of kept items keep their views (moved to their new place), new and
    /// reloaded items get new cells, the selection follows its items.
    ///
    /// Only the items on screen, selected or under the keyboard cursor are looked for in the new
    /// snapshot, in one pass over it: a million-item snapshot is applied without a map of every item.
    public func apply(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                      animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        guard let collectionView else { current = snapshot; return }
        let selectedIDs = collectionView.indexPathsForSelectedItems.compactMap { itemIdentifier(for: $0) }
        let cursorID = collectionView.focusedIndexPath.flatMap { itemIdentifier(for: $0) }
        let visibleIDs = collectionView.visibleCellViews.keys.compactMap { path in itemIdentifier(for: path).map { (path, $0) } }
        var next = snapshot
        let reloadedIDs = next.reloaded
        next.clearReloads()
        let countsChanged = current.sections.count != next.sections.count
            || zip(current.itemsBySection, next.itemsBySection).contains { $0.count != $1.count }
        current = next
        pathCache = nil
        let newPaths = ItemLocator.paths(of: visibleIDs.map(\.1) + selectedIDs + (cursorID.map { [$0] } ?? []),
                                         in: current.itemsBySection)
        var kept: [IndexPath: IndexPath] = [:]
        var reloaded: Set<IndexPath> = []
        for (oldPath, id) in visibleIDs {
            guard let newPath = newPaths[id] else { continue }
            kept[oldPath] = newPath
            if reloadedIDs.contains(id) { reloaded.insert(newPath) }
        }
        collectionView.applyChanges(reloaded: reloaded, countsChanged: countsChanged, keptCells: kept)
        collectionView.restoreSelection(selectedIDs.compactMap { newPaths[$0] }, cursor: cursorID.flatMap { newPaths[$0] })
        collectionView.layoutIfNeeded()
        lastApplyRebuiltCount = collectionView.visibleCellViews.keys.filter { path in
            !kept.values.contains(path) || reloaded.contains(path)
        }.count
        Trace.emit("collection.applied", [("items", .int(current.numberOfItems)), ("rebuilt", .int(lastApplyRebuiltCount))])
        completion?()
    }

    /// Every item's index path, made when an app first asks for one after an `apply`.
    private func paths() -> [ItemIdentifierType: IndexPath] {
        if let pathCache { return pathCache }
        var map: [ItemIdentifierType: IndexPath] = [:]
        map.reserveCapacity(current.numberOfItems)
        for (s, items) in current.itemsBySection.enumerated() {
            for (i, id) in items.enumerated() { map[id] = IndexPath(item: i, section: s) }
        }
        pathCache = map
        return map
    }

    /// The identifier of the item at an index path, or nil out of range.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard current.itemsBySection.indices.contains(indexPath.section),
              current.itemsBySection[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return current.itemsBySection[indexPath.section][indexPath.item]
    }

    /// The index path of an item, or nil when it is not shown.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { paths()[itemIdentifier] }

    /// The identifier of the section at an index.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sections.indices.contains(index) ? current.sections[index] : nil
    }

    // MARK: CollectionViewDataSource

    public func numberOfSections(in collectionView: CollectionView) -> Int { current.sections.count }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        current.itemsBySection.indices.contains(section) ? current.itemsBySection[section].count : 0
    }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        if let id = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, id) { return cell }
        Trace.warnOnce("diffable.nilCell", "a diffable data source's cell provider returned no cell for \(indexPath); a blank cell is shown")
        return collectionView.dequeueReusableCell(withReuseIdentifier: "CollectionView.blank", for: indexPath)
    }

    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> CollectionReusableView? {
        supplementaryViewProvider?(collectionView, kind, indexPath)
    }
}

/// Finds where a few identifiers are among many, in one pass that stops once all are found.
enum ItemLocator {
    static func paths<Item: Hashable>(of wanted: [Item], in sections: [[Item]]) -> [Item: IndexPath] {
        guard !wanted.isEmpty else { return [:] }
        var found: [Item: IndexPath] = [:]
        // Integer identifiers compare without hashing: a few of them against a million items.
        if let sorted = IntegerView.withIntegers(wanted, { Array(Set($0)).sorted() }) {
            for (s, items) in sections.enumerated() {
                let hits = IntegerView.withIntegers(items) { integers in
                    integers.indices.filter { sortedContains(sorted, integers[$0]) }
                } ?? []
                for i in hits { found[items[i]] = IndexPath(item: i, section: s) }
                if found.count == sorted.count { return found }
            }
            return found
        }
        let targets = Set(wanted)
        for (s, items) in sections.enumerated() {
            for (i, id) in items.enumerated() where targets.contains(id) {
                found[id] = IndexPath(item: i, section: s)
                if found.count == targets.count { return found }
            }
        }
        return found
    }

    @inline(__always)
    private static func sortedContains(_ sorted: [Int], _ value: Int) -> Bool {
        guard let first = sorted.first, let last = sorted.last, value >= first, value <= last else { return false }
        var low = 0, high = sorted.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if sorted[middle] == value { return true }
            if sorted[middle] < value { low = middle + 1 } else { high = middle - 1 }
        }
        return false
    }
}
