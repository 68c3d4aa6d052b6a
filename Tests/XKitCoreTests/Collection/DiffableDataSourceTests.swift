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

    @Test func aMillionItemSnapshotRefusesDuplicatesAndKeepsTheCellsOnScreenThroughAFilter() {
        var all = DiffableDataSourceSnapshot<String, Int>()
        let letters = (0..<26).map { String(UnicodeScalar(65 + $0) ?? "?") }
        all.appendSections(letters)
        for (s, letter) in letters.enumerated() { all.appendItems(Array(stride(from: s, to: 1_000_000, by: 26)), toSection: letter) }
        all.appendItems([5, 999_999, 1_000_000, 1_000_000], toSection: "Z")
        #expect(all.numberOfItems == 1_000_001, "of four, only 1,000,000 was new")
        #expect(all.itemIdentifiers(inSection: "A").prefix(3) == [0, 26, 52])
        let (scene, view, source, counter) = make()
        source.apply(all)
        scene.platform.displayPass()
        let onScreen = view.visibleCells.compactMap { ($0 as? RowCell)?.title.text }
        #expect(onScreen.first == "item 0")
        let firstCell = view.cellForItem(at: IndexPath(item: 0, section: 0))
        counter.made = []
        // A filter that keeps the items on screen (multiples of 26 in A) and drops most others.
        var filtered = DiffableDataSourceSnapshot<String, Int>()
        filtered.appendSections(["A"])
        filtered.appendItems(Array(stride(from: 0, to: 1_000_000, by: 52)) + [26, 78], toSection: "A")
        source.apply(filtered)
        scene.platform.displayPass()
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === firstCell, "item 0 kept its cell")
        #expect(!counter.made.contains(0))
        #expect(source.indexPath(for: 26) == IndexPath(item: 19_231, section: 0))
    }

    @Test func duplicatesAreFoundForEveryKindOfIdentifier() {
        var words = DiffableDataSourceSnapshot<Int, String>()
        words.appendSections([0])
        words.appendItems(["a", "b", "a"])
        words.appendItems(["b", "c"])
        #expect(words.itemIdentifiers == ["a", "b", "c"])
        words.deleteItems(["b"])
        words.appendItems(["b"])
        #expect(words.itemIdentifiers == ["a", "c", "b"], "a deleted item may come back")

        // Integers too far apart for a bitmap go over to hashing, keeping what came before.
        var scattered = DiffableDataSourceSnapshot<Int, Int>()
        scattered.appendSections([0, 1])
        scattered.appendItems([-5, 3, 7], toSection: 0)
        scattered.appendItems([1 << 40, 3, -(1 << 50), 7, 1 << 40], toSection: 1)
        #expect(scattered.itemIdentifiers == [-5, 3, 7, 1 << 40, -(1 << 50)])
        scattered.deleteSections([1])
        scattered.appendItems([1 << 40], toSection: 0)
        #expect(scattered.itemIdentifiers == [-5, 3, 7, 1 << 40], "a deleted section's items may come back")

        var mixed = DiffableDataSourceSnapshot<Int, Mixed>()
        mixed.appendSections([0])
        mixed.appendItems([.number(1), .number(2), .word("x")])
        mixed.appendItems([.number(2), .word("x"), .word("y"), .number(3)])
        #expect(mixed.itemIdentifiers == [.number(1), .number(2), .word("x"), .word("y"), .number(3)])
    }
}

private enum Mixed: Hashable, Sendable {
    case number(Int)
    case word(String)
}

/// The bitmap behind integer snapshot identifiers, against a plain `Set`.
@Suite struct IntegerBitmapTests {
    @Test func randomInsertsAndRemovalsAgreeWithASet() {
        var generator = SeededGenerator(seed: 7)
        var bitmap = IntegerBitmap()
        var model = Set<Int>()
        for step in 0..<20_000 {
            // Values wander downwards and upwards from 1,000, so the range grows at both ends.
            let value = 1_000 + Int(generator.next() % 6_000) - 3_000 + (step % 2 == 0 ? step : -step) / 4
            if generator.next() % 3 == 0 {
                #expect(bitmap.remove(value) == (model.remove(value) != nil))
            } else {
                #expect(bitmap.insert(value) == model.insert(value).inserted)
            }
        }
        #expect(bitmap.count == model.count)
        for value in -10_000...15_000 where bitmap.contains(value) != model.contains(value) {
            Issue.record("\(value) differs")
            break
        }
    }

    @Test func aValueThatWouldMakeTheBitmapTooSparseIsRefused() {
        var bitmap = IntegerBitmap()
        #expect(bitmap.insert(10) == true)
        #expect(bitmap.insert(1 << 40) == nil)
        #expect(bitmap.insert(Int.min) == nil)
        #expect(bitmap.contains(10) && bitmap.count == 1)
    }
}
