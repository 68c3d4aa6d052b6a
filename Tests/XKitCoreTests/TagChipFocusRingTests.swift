import Testing
@_spi(Platform) import XKitCore
import XKitHeadless

/// Keyboard focus on a chip is always visible: after a click into the field hid the ring, the arrows bring it back.
@MainActor
@Suite struct TagChipFocusRingTests {
    @Test func arrowingFromTheFieldToAChipShowsTheFocusRing() {
        let scene = HeadlessScene(size: Size(width: 400, height: 200))
        let tags = TagInputView(titles: ["one", "two", "three"])
        tags.frame = Rect(x: 10, y: 10, width: 380, height: 120)
        scene.root.addSubview(tags)
        scene.platform.displayPass()
        let field = tags.textField.convert(tags.textField.bounds, to: nil)
        scene.click(at: Point(x: field.midX, y: field.midY))
        #expect(tags.textField.isFirstResponder)
        #expect(!scene.eventRouter.showsFocusRing, "a click hides the ring")
        scene.key(.left)
        let chip = scene.eventRouter.firstResponder as? TagChip
        #expect(chip?.tag.title == "three")
        #expect(chip?.drawsFocusRing == true)
        #expect(scene.eventRouter.showsFocusRing, "the chip reached by the keyboard shows its ring")
        scene.key(.left)
        #expect((scene.eventRouter.firstResponder as? TagChip)?.tag.title == "two")
        #expect(scene.eventRouter.showsFocusRing)
    }
}
