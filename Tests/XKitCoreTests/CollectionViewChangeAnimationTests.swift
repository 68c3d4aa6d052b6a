import Testing
@_spi(Platform) @_spi(Testing) @testable import XKitCore
import XKitHeadless

/// An animated change in a collection view, as the tag input's removal uses it, display-free on
/// the manual clock: the deleted item's cell fades where it was, taking no clicks and gone for
/// tools at once, while the cells after it slide back over the gap.
@MainActor
@Suite struct CollectionViewChangeAnimationTests {
    private func scene(_ titles: [String]) -> (HeadlessScene, TagInputView) {
        let scene = HeadlessScene(size: Size(width: 400, height: 300))
        let input = TagInputView(frame: Rect(x: 0, y: 0, width: 400, height: 120))
        _ = input.addTags(titles)
        scene.root.addSubview(input)
        scene.platform.displayPass()
        return (scene, input)
    }

    private func chip(_ title: String, in input: TagInputView) throws -> TagChip {
        try #require(input.visibleChips.first { $0.tag.title == title })
    }

    @Test func aRemovedChipFadesWhereItWasAndTheNextChipsSlideOverTheGap() throws {
        let (scene, input) = scene(["alpha", "beta", "gamma", "delta"])
        let beta = try chip("beta", in: input), gamma = try chip("gamma", in: input)
        let betaFrame = input.contentFrame(of: beta), gammaFrame = input.contentFrame(of: gamma)
        let betaCell = try #require(beta.superview?.superview as? TagChipCell)
        input.removeTag(id: beta.tag.id)
        scene.platform.displayPass()

        #expect(betaCell.isLeaving && !betaCell.isHidden && betaCell.superview === input.collectionView)
        #expect(input.visibleChips.map(\.tag.title) == ["alpha", "gamma", "delta"], "gone for the API at once")
        #expect(input.chipViewCount == 4, "the fading chip still exists")
        let centre = input.collectionView.convert(Point(x: betaFrame.midX, y: betaFrame.midY), to: nil)
        #expect(scene.window.contentView.hitTest(centre).map { $0 === betaCell || $0.isDescendant(of: betaCell) } != true,
                "a fading chip takes no clicks")
        #expect(AccessibilityNode(view: beta).states.contains(.hidden) == false, "the chip itself is not hidden…")
        #expect(AccessibilityNode(view: betaCell).states.contains(.hidden), "…but its leaving cell is, for tools")
        #expect(!AccessibilityNode.exposedChildren(of: input.collectionView).contains { $0 === betaCell || $0.isDescendant(of: betaCell) },
                "assistive technology no longer sees it")

        scene.platform.advance(by: 0.1)
        #expect(betaCell.alpha > 0 && betaCell.alpha < 1, "half faded: \(betaCell.alpha)")
        let midX = input.contentFrame(of: gamma).minX
        #expect(midX < gammaFrame.minX && midX > betaFrame.minX, "gamma slides left: \(gammaFrame.minX) → \(midX) → \(betaFrame.minX)")

        scene.platform.advance(by: 0.15)
        #expect(input.contentFrame(of: gamma).minX == betaFrame.minX, "gamma ends where beta was")
        #expect(betaCell.isHidden && !betaCell.isLeaving && betaCell.alpha == 1, "pooled, reset for reuse")
        #expect(input.chipViewCount == 4)
        #expect(!scene.app.frameClock.isTicking)
    }

    @Test func withMotionOffARemovalLandsAtOnce() throws {
        let (scene, input) = scene(["alpha", "beta", "gamma"])
        scene.app.frameClock.animationsEnabledOverride = false
        let beta = try chip("beta", in: input)
        let betaFrame = input.contentFrame(of: beta)
        let betaCell = try #require(beta.superview?.superview as? TagChipCell)
        input.removeTag(id: beta.tag.id)
        scene.platform.displayPass()
        #expect(betaCell.isHidden && !betaCell.isLeaving)
        #expect(input.contentFrame(of: try chip("gamma", in: input)).minX == betaFrame.minX)
    }

    @Test func removingTwoChipsInQuickSuccessionEndsWithEveryChipInItsPlace() throws {
        let (scene, input) = scene(["one", "two", "three", "four", "five"])
        let start = input.contentFrame(of: try chip("two", in: input)).minX
        input.removeTag(id: try chip("two", in: input).tag.id)
        scene.platform.displayPass()
        scene.platform.advance(by: 0.05)
        input.removeTag(id: try chip("three", in: input).tag.id)
        scene.platform.displayPass()
        scene.platform.advance(by: 0.5)
        #expect(input.visibleChips.map(\.tag.title) == ["one", "four", "five"])
        #expect(input.contentFrame(of: try chip("four", in: input)).minX == start)
        #expect(input.collectionView.subviews.allSatisfy { !$0.isLeaving })
    }
}
