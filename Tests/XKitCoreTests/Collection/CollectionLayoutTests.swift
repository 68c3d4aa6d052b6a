import Testing
@_spi(Platform) import XKitCore

/// A layout context of fixed counts and sizes: the layouts run with no view and no display.
@MainActor
final class FixedLayoutContext: CollectionViewLayoutContext {
    var counts: [Int]
    var layoutWidth: Double
    var visibleBounds: Rect
    var isRightToLeft = false
    var sizes: ((IndexPath) -> Size)?

    init(counts: [Int], width: Double = 300, visible: Rect = Rect(x: 0, y: 0, width: 300, height: 400)) {
        self.counts = counts
        layoutWidth = width
        visibleBounds = visible
    }

    var numberOfSections: Int { counts.count }
    func numberOfItems(inSection section: Int) -> Int { counts[section] }
    func sizeForItem(at indexPath: IndexPath) -> Size? { sizes?(indexPath) }
}

@MainActor
@Suite struct CollectionLayoutTests {
    private func cells(_ attributes: [CollectionViewLayoutAttributes]) -> [IndexPath] {
        attributes.filter { $0.representedElementCategory == .cell }.map(\.indexPath)
    }

    @Test func theItemIndexNumbersItemsAcrossSectionsAndSkipsEmptyOnes() {
        let index = CollectionItemIndex(counts: [0, 3, 0, 2])
        #expect(index.count == 5)
        #expect(index.indexPath(ofGlobal: 0) == IndexPath(item: 0, section: 1))
        #expect(index.indexPath(ofGlobal: 3) == IndexPath(item: 0, section: 3))
        #expect(index.globalIndex(of: IndexPath(item: 1, section: 3)) == 4)
        #expect(!index.contains(IndexPath(item: 0, section: 2)))
        #expect(!index.contains(IndexPath(item: -1, section: 1)))
    }

    @Test func listRowsStackWithHeadersAndSeparators() {
        let context = FixedLayoutContext(counts: [2, 3])
        let layout = CollectionViewListLayout(rowHeight: 40, headerHeight: 20)
        layout.context = context
        #expect(layout.collectionViewContentSize == Size(width: 300, height: 2 * 20 + 5 * 40))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 0, y: 20, width: 300, height: 40))
        let secondSection = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame
        #expect(secondSection?.origin == Point(x: 0, y: 20 + 80 + 20))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.showsSeparator == false, "the section's last row")
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.showsSeparator == true)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 1)) == nil)
        let all = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 300, height: 1000))
        #expect(cells(all).count == 5)
        #expect(all.filter { $0.representedElementCategory != .cell }.count == 2)
    }

    @Test func theCurrentSectionsHeaderIsPinnedAndPushedUpByTheNext() {
        let context = FixedLayoutContext(counts: [5, 5], visible: Rect(x: 0, y: 100, width: 300, height: 100))
        let layout = CollectionViewListLayout(rowHeight: 40, headerHeight: 20)
        layout.context = context
        func header(_ s: Int) -> Rect? {
            layout.layoutAttributesForElements(in: context.visibleBounds)
                .first { $0.representedElementCategory != .cell && $0.indexPath.section == s }?.frame
        }
        #expect(header(0)?.minY == 100, "pinned at the visible top")
        // Section 1's header starts at 220; with the top at 210 section 0's header is pushed to 200.
        context.visibleBounds.origin.y = 210
        layout.invalidateLayout()
        #expect(header(0)?.minY == 200)
        #expect(header(1)?.minY == 220)
        layout.sectionHeadersPinToVisibleBounds = false
        context.visibleBounds.origin.y = 100
        #expect(header(0) == nil, "unpinned, section 0's header at 0 is out of sight")
    }

    @Test func aMillionUnmeasuredRowsCountAtTheEstimateAndStoreNothing() {
        let context = FixedLayoutContext(counts: [1_000_000])
        let layout = CollectionViewListLayout()
        layout.estimatedRowHeight = 30
        layout.context = context
        #expect(layout.collectionViewContentSize.height == 30_000_000)
        let bottom = Rect(x: 0, y: 30_000_000 - 300, width: 300, height: 300)
        #expect(cells(layout.layoutAttributesForElements(in: bottom)) == (999_990..<1_000_000).map { IndexPath(item: $0, section: 0) })
        #expect(layout.storedHeightCount == 0)
        // Measuring at the estimate stores nothing; a taller row stores one entry and moves those below.
        #expect(layout.setPreferredHeight(30, forItemAt: IndexPath(item: 5, section: 0)) == 0)
        #expect(layout.setPreferredHeight(75, forItemAt: IndexPath(item: 5, section: 0)) == 45)
        #expect(layout.storedHeightCount == 1)
        #expect(layout.collectionViewContentSize.height == 30_000_045)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))?.frame.origin == Point(x: 0, y: 6 * 30 + 45))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame.origin == Point(x: 0, y: 4 * 30))
        #expect(layout.indexPathForItem(at: Point(x: 10, y: 5 * 30 + 70)) == IndexPath(item: 5, section: 0))
    }

    @Test func badMeasuredHeightsFallBackToTheEstimate() {
        let context = FixedLayoutContext(counts: [10])
        let layout = CollectionViewListLayout()
        layout.context = context
        for bad in [Double.nan, -5, .infinity] {
            _ = layout.setPreferredHeight(bad, forItemAt: IndexPath(item: 2, section: 0))
            #expect(layout.collectionViewContentSize.height == 440)
        }
        #expect(layout.setPreferredHeight(60, forItemAt: IndexPath(item: 99, section: 0)) == 0, "out of range is ignored")
        #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: .nan, width: 10, height: 10)).isEmpty)
    }

    @Test func flowRowsAreLeftAlignedAndWrap() {
        let context = FixedLayoutContext(counts: [5], width: 200)
        context.sizes = { path in Size(width: [50, 80, 60, 120, 30][path.item], height: 20) }
        let layout = CollectionViewFlowLayout()
        layout.context = context
        let frames = (0..<5).compactMap { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames.map(\.minX) == [0, 58, 0, 68, 0])
        #expect(frames.map(\.minY) == [0, 0, 28, 28, 56])
        #expect(layout.collectionViewContentSize.height == 76)
        #expect(cells(layout.layoutAttributesForElements(in: Rect(x: 0, y: 30, width: 200, height: 10))).map(\.item) == [2, 3])
    }

    @Test func flowRowsRunRightToLeftInARightToLeftContext() {
        let context = FixedLayoutContext(counts: [3], width: 150)
        context.isRightToLeft = true
        context.sizes = { _ in Size(width: 60, height: 20) }
        let layout = CollectionViewFlowLayout()
        layout.context = context
        let frames = (0..<3).compactMap { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames.map(\.maxX) == [150, 82, 150])
        // Right is backward in a right-to-left flow.
        #expect(layout.indexPath(from: IndexPath(item: 1, section: 0), moving: .left) == IndexPath(item: 2, section: 0))
    }

    @Test func theFlowsLastItemTakesTheRestOfItsRow() {
        let context = FixedLayoutContext(counts: [3], width: 200)
        context.sizes = { _ in Size(width: 60, height: 20) }
        let layout = CollectionViewFlowLayout()
        layout.lastItemMinimumWidth = 50
        layout.context = context
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == Rect(x: 136, y: 0, width: 64, height: 20))
        layout.lastItemMinimumWidth = 90
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == Rect(x: 0, y: 28, width: 200, height: 20))
    }

    @Test func badItemSizesBecomeZeroInsteadOfBreakingTheFlow() {
        let context = FixedLayoutContext(counts: [3], width: 200)
        context.sizes = { path in [Size(width: .nan, height: 20), Size(width: -10, height: .infinity), Size(width: 40, height: 20)][path.item] }
        let layout = CollectionViewFlowLayout()
        layout.context = context
        let frames = (0..<3).compactMap { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames.count == 3)
        #expect(frames.allSatisfy { $0.width.isFinite && $0.height.isFinite && $0.width >= 0 })
        #expect(layout.collectionViewContentSize.height.isFinite)
    }

    @Test func gridItemsFillFixedColumnsAndNeverStoreFrames() {
        let context = FixedLayoutContext(counts: [7, 1_000_000], width: 316)
        let layout = CollectionViewGridLayout(numberOfColumns: 3)
        layout.context = context
        // (316 - 2×8) / 3 = 100 wide, square.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame == Rect(x: 108, y: 108, width: 100, height: 100))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.origin == Point(x: 0, y: 3 * 108 - 8))
        let rows = (1_000_000 + 2) / 3
        #expect(layout.collectionViewContentSize.height == 3 * 108 - 8 + Double(rows) * 108 - 8)
        let shown = cells(layout.layoutAttributesForElements(in: Rect(x: 0, y: 500_000, width: 316, height: 200)))
        #expect(shown.count == 9)
        #expect(layout.indexPath(from: IndexPath(item: 1, section: 0), moving: .down) == IndexPath(item: 4, section: 0))
        context.isRightToLeft = true
        layout.invalidateLayout()
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.maxX == 316)
    }
}
