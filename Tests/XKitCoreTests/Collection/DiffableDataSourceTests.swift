import Testing
@_spi(Platform) import XKitCore
import XKitHeadless

@MainActor
@Suite struct DiffableDataSourceTests {
    private func make() -> (HeadlessScene, CollectionView, CollectionViewDiffableDataSource<String, Int>, Counter) {
        let scene = HeadlessScene(size: Size(width: 300, height: 400))
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400),
                                  collectionViewLayout: CollectionViewListLayout(rowHeight: 40, headerHeight: 20))
        view.register(RowCell.self, forCellWithReuseIdentifier: "row")
        let counter = Counter()
        let source = CollectionViewDiffableDataSource<String, Int>(collectionView: view) { view, path, id in
            counter.made.append(id)
            let cell = view.dequeueReusableCell(withReuseIdentifier: "row", for: path)
            (cell as? RowCell)?.title.text = "item \(id)"
            return cell
        }
        scene.root.addSubview(view)
        return (scene, view, source, counter)
    }

    @MainActor final class Counter { var made: [Int] = [] }

    private func snapshot(_ sections: [(String, [Int])]) -> DiffableDataSourceSnapshot<String, Int> {
        var s = DiffableDataSourceSnapshot<String, Int>()
        for (id, items) in sections {
            s.appendSections([id])
            s.appendItems(items, toSection: id)
        }
        return s
    }

    @Test func applyingAChangeRebuildsOnlyTheChangedCells() {
        let (scene, view, source, counter) = make()
        source.apply(snapshot([("A", [1, 2, 3]), ("B", [4, 5, 6])]))
        scene.platform.displayPass()
        #expect(counter.made.sorted() == [1, 2, 3, 4, 5, 6])
        let cellFor5 = view.cellForItem(at: IndexPath(item: 1, section: 1))
        counter.made = []
        // Delete 2, insert 7 before 5, reload 6.
        var next = source.snapshot()
        next.deleteItems([2])
        next.insertItems([7], beforeItem: 5)
        next.reloadItems([6])
        source.apply(next)
        scene.platform.displayPass()
        #expect(counter.made.sorted() == [6, 7], "only the new and the reloaded item are configured")
        #expect(source.lastApplyRebuiltCount == 2)
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 1)) === cellFor5, "a kept item keeps its cell at its new place")
        #expect(source.indexPath(for: 5) == IndexPath(item: 2, section: 1))
        #expect(source.itemIdentifier(for: IndexPath(item: 0, section: 1)) == 4)
    }

    @Test func theSelectionFollowsItsItemThroughASnapshot() {
        let (scene, view, source, _) = make()
        source.apply(snapshot([("A", [1, 2, 3])]))
        view.selectItem(at: IndexPath(item: 2, section: 0))
        var next = source.snapshot()
        next.insertItems([9, 8], beforeItem: 1)
        source.apply(next)
        scene.platform.displayPass()
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        next.deleteItems([3])
        source.apply(next)
        #expect(view.indexPathsForSelectedItems.isEmpty)
    }

    @Test func duplicateIdentifiersAndUnknownSectionsAreRefused() {
        var s = DiffableDataSourceSnapshot<String, Int>()
        s.appendItems([1], toSection: "nowhere")
        #expect(s.numberOfItems == 0)
        s.appendSections(["A", "A"])
        #expect(s.numberOfSections == 1)
        s.appendItems([1, 2, 2, 1, 3])
        #expect(s.itemIdentifiers == [1, 2, 3])
        s.insertItems([3, 4], afterItem: 1)
        #expect(s.itemIdentifiers == [1, 4, 2, 3])
        s.insertItems([5], beforeItem: 99)
        s.moveItem(3, beforeItem: 1)
        #expect(s.itemIdentifiers == [3, 1, 4, 2])
        s.reloadItems([42])
        let (scene, view, source, _) = make()
        source.apply(s)
        scene.platform.displayPass()
        #expect(view.numberOfItems(inSection: 0) == 4)
    }

    @Test func aFilteredSnapshotShowsTheMatchingItemsWithStickyHeaders() {
        let (scene, view, source, _) = make()
        source.apply(snapshot([("A", Array(0..<50)), ("B", Array(50..<100))]))
        scene.platform.displayPass()
        #expect(view.numberOfSections == 2)
        source.apply(snapshot([("B", [51, 77])]))
        scene.platform.displayPass()
        #expect(view.numberOfSections == 1)
        #expect(view.visibleCells.compactMap { ($0 as? RowCell)?.title.text } == ["item 51", "item 77"])
    }
}
