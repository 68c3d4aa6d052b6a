import Testing
@_spi(Platform) @_spi(Testing) @testable import XKitCore
import XKitHeadless

/// The tag input as a collection view: chips are reused cells of a flow layout, the field is the last item.
@MainActor
@Suite(.serialized) struct TagInputCollectionTests {
    @Test func chipsAreCellsOfAFlowLayoutAndTheFieldIsTheLastItem() throws {
        let f = TagInputFixture(titles: ["alpha", "beta", "gamma"])
        let list = f.input.collectionView
        #expect(list.collectionViewLayout is CollectionViewFlowLayout)
        #expect(list.numberOfItems(inSection: 0) == 4)
        let first = try #require(list.cellForItem(at: IndexPath(item: 0, section: 0)) as? TagChipCell)
        #expect(first.chip.tag.title == "alpha")
        let field = try #require(list.cellForItem(at: IndexPath(item: 3, section: 0)) as? TagFieldCell)
        #expect(f.field.superview === field.contentView)
        // The field takes the rest of the last row, after gamma.
        let gamma = f.input.contentFrame(of: f.input.visibleChips[2])
        let slot = f.input.contentFrame(of: f.field)
        #expect(slot.minX == gamma.maxX + 8 && slot.midY == gamma.midY)
        #expect(slot.maxX == 400 - 8)
    }

    @Test func addingAndRemovingATagKeepsTheOtherChipsInTheirCells() throws {
        let f = TagInputFixture(titles: ["a", "b", "c", "d"])
        let before = Dictionary(uniqueKeysWithValues: f.input.visibleChips.map { ($0.tag.title, ObjectIdentifier($0)) })
        let fieldCell = f.field.superview
        f.input.addTag("e")
        f.root.layoutIfNeeded()
        let after = Dictionary(uniqueKeysWithValues: f.input.visibleChips.map { ($0.tag.title, ObjectIdentifier($0)) })
        for title in ["a", "b", "c", "d"] { #expect(after[title] == before[title], "\(title) kept its chip") }
        #expect(after["e"] != nil)
        #expect(f.field.superview === fieldCell)
        f.input.removeTag(id: f.input.tags[1].id)
        f.root.layoutIfNeeded()
        let removed = Dictionary(uniqueKeysWithValues: f.input.visibleChips.map { ($0.tag.title, ObjectIdentifier($0)) })
        #expect(removed.keys.sorted() == ["a", "c", "d", "e"])
        for title in ["a", "c", "d", "e"] { #expect(removed[title] == after[title], "\(title) kept its chip") }
        #expect(f.input.collectionView.numberOfItems(inSection: 0) == 5)
        #expect(f.input.chipViewCount == 5, "the removed tag's cell waits in the reuse pool")
    }

    @Test func rightToLeftChipsStartAtTheRightAndTheArrowsFollowThem() throws {
        let f = TagInputFixture(titles: ["one", "two", "three"])
        f.input.baseWritingDirection = .rightToLeft
        f.root.layoutIfNeeded()
        let chips = f.input.visibleChips.map { f.input.contentFrame(of: $0) }
        try #require(chips.count == 3)
        #expect(chips[0].maxX == 400 - 8)
        #expect(chips[1].maxX == chips[0].minX - 8 && chips[1].minY == chips[0].minY)
        let field = f.input.contentFrame(of: f.field)
        #expect(field.minX == 8 && field.maxX == chips[2].minX - 8, "the field ends the row on the left")
        #expect(f.field.baseWritingDirection == .rightToLeft)
        f.input.focusField()
        f.key(.right)
        #expect(f.input.focusedTag?.title == "three", "right goes from the field to the last chip")
        f.key(.left)
        #expect(f.field.isFirstResponder, "left from the last chip is the field")
        f.input.focusChip(at: 1)
        f.key(.right)
        #expect(f.input.focusedTag?.title == "one")
    }

    @Test func theFocusedFieldKeepsItsCellWhenTheChipsScrollAway() {
        let f = TagInputFixture(titles: TagInputScalingTests.manyTitles, height: 300)
        f.input.focusField()
        f.input.setContentOffset(0)
        f.root.layoutIfNeeded()
        #expect(f.input.contentOffset == 0)
        #expect(f.field.isFirstResponder)
        #expect(f.field.window != nil && f.field.superview?.superview?.isHidden == false)
        f.type("zz")
        f.key(.enter)
        #expect(f.input.tags.last?.title == "zz")
        #expect(f.input.chipViewCount < 120)
    }

    @Test func aFocusedChipScrolledOutOfSightKeepsFocusAndItsTag() {
        let f = TagInputFixture(titles: TagInputScalingTests.manyTitles, height: 300)
        f.input.focusChip(at: 3)
        f.input.setContentOffset(8_000)
        f.root.layoutIfNeeded()
        #expect(f.input.focusedTag?.title == "tag3")
        f.key(.right)
        #expect(f.input.focusedTag?.title == "tag4")
        #expect(f.input.contentOffset < 300, "moving on scrolls the chip back into sight")
    }
}
