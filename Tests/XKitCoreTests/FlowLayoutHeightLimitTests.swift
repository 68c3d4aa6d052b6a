import Testing
@testable import XKitCore

/// A sizing pass that only asks whether content passes a height stops at the first row below it,
/// and agrees with the full pass whenever the content fits.
@Suite struct FlowLayoutHeightLimitTests {
    let chip = Size(width: 40, height: 20)

    @Test func aPassStopsAtTheFirstRowBelowTheLimit() {
        let sizes = Array(repeating: chip, count: 10_000)
        let flow = FlowLayout(interitemSpacing: 8, lineSpacing: 4)
        let full = flow.layout(sizes, width: 200)
        let stopped = flow.layout(sizes, width: 200, trailing: nil, stoppingAbove: 100)
        // Four chips a row, 24 points a row: the fifth row's bottom (116) is the first past 100.
        #expect(stopped.frames.count == 20)
        #expect(stopped.contentSize.height == 116)
        #expect(stopped.contentSize.height > 100)
        #expect(full.contentSize.height > stopped.contentSize.height)
        #expect(Array(full.frames.prefix(20)) == stopped.frames)
    }

    @Test func aLimitTheContentFitsUnderChangesNothing() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let sizes = (0..<Int.random(in: 0...60, using: &generator)).map { _ in
                Size(width: Double.random(in: 1...120, using: &generator), height: Double.random(in: 10...30, using: &generator))
            }
            let flow = FlowLayout(interitemSpacing: 6, lineSpacing: 5, sectionInsets: EdgeInsets(top: 3, left: 4, bottom: 5, right: 6))
            let trailing = FlowLayout.TrailingItem(minimumWidth: 50, height: 20)
            let full = flow.layout(sizes, width: 300, trailing: trailing)
            let limited = flow.layout(sizes, width: 300, trailing: trailing, stoppingAbove: full.contentSize.height)
            #expect(limited == full)
            // Any lower limit gives a height above it, and never above the full height.
            let limit = Double.random(in: 0..<max(1, full.contentSize.height), using: &generator)
            let partial = flow.layout(sizes, width: 300, trailing: trailing, stoppingAbove: limit)
            #expect(partial.contentSize.height > limit || partial == full)
            #expect(partial.contentSize.height <= full.contentSize.height)
        }
    }

    @MainActor @Test func aSizingCollectionLayoutStopsAcrossSections() {
        final class Context: CollectionViewLayoutContext {
            var numberOfSections: Int { 3 }
            func numberOfItems(inSection section: Int) -> Int { 1_000 }
            var layoutWidth: Double { 200 }
            var visibleBounds: Rect { .zero }
            var isRightToLeft: Bool { false }
            func sizeForItem(at indexPath: IndexPath) -> Size? { Size(width: 40, height: 20) }
            func sizesForItems(inSection section: Int) -> [Size]? { nil }
        }
        let context = Context()
        let full = CollectionViewFlowLayout()
        full.context = context
        let sizing = CollectionViewFlowLayout()
        sizing.context = context
        sizing.sizingHeightLimit = 500
        let height = sizing.collectionViewContentSize.height
        #expect(height > 500)
        #expect(height < full.collectionViewContentSize.height / 10)
        sizing.sizingHeightLimit = .infinity
        #expect(sizing.collectionViewContentSize.height == full.collectionViewContentSize.height)
    }
}
