import Testing
@_spi(Platform) import XKitCore
import XKitHeadless

/// The Menu key and Shift+F10, as GTK does: the focused view's context menu at the view; with
/// nothing focused, the menu of the view under the pointer, at the pointer.
@MainActor
@Suite struct MenuKeyTargetTests {
    private func scene() -> (HeadlessScene, Label, Label) {
        let scene = HeadlessScene()
        let first = Label(text: "first copyable")
        first.frame = Rect(x: 20, y: 20, width: 200, height: 24)
        first.isCopyable = true
        let second = Label(text: "second copyable")
        second.frame = Rect(x: 20, y: 80, width: 200, height: 24)
        second.isCopyable = true
        scene.root.addSubview(first)
        scene.root.addSubview(second)
        scene.platform.displayPass()
        return (scene, first, second)
    }

    private func hover(_ scene: HeadlessScene, at point: Point) {
        scene.platform.send(PointerEvent(kind: .moved, location: point, time: scene.platform.clock.now), to: scene.window)
    }

    @Test(arguments: [(Key.menu, Modifiers()), (Key.function(10), Modifiers.shift)])
    func withNothingFocusedTheKeyOpensTheMenuOfTheViewUnderThePointerAtThePointer(key: Key, modifiers: Modifiers) throws {
        let (scene, _, second) = scene()
        #expect(scene.window.eventRouter.firstResponder == nil)
        hover(scene, at: Point(x: 60, y: 90))
        scene.key(key, modifiers: modifiers)
        #expect(scene.app.menuController.isShowingMenu(for: second))
        let popup = try #require(scene.menuWindow)
        #expect(abs(popup.screenOrigin.x - (scene.window.screenOrigin.x + 60)) <= 1)
        #expect(abs(popup.screenOrigin.y - (scene.window.screenOrigin.y + 90)) <= 1)
    }

    @Test func theFocusedViewWinsOverThePointerAndTheMenuHangsAtTheView() throws {
        let (scene, first, _) = scene()
        #expect(first.becomeFirstResponder())
        hover(scene, at: Point(x: 60, y: 90))
        scene.key(.menu)
        #expect(scene.app.menuController.isShowingMenu(for: first))
        let popup = try #require(scene.menuWindow)
        #expect(popup.screenOrigin.y >= scene.window.screenOrigin.y + 20 + 12, "below the focused label's text, not at the pointer")
        #expect(popup.screenOrigin.y < scene.window.screenOrigin.y + 80)
    }

    @Test func withNothingFocusedAndThePointerOutsideTheKeyDoesNothing() {
        let (scene, _, _) = scene()
        scene.key(.menu)
        #expect(scene.menuWindow == nil)
    }
}
