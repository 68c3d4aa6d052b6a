import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// Menus fade in over the screen behind them and out again, display-free on the manual clock:
/// keys reach a menu from its first frame, it is reported shown once whole, and once hidden its
/// clicks pass through at once while only its pixels fade.
@MainActor
@Suite struct PopupFadeTests {
    private func scene() -> (HeadlessScene, View) {
        let scene = HeadlessScene()
        let card = View(frame: Rect(x: 10, y: 10, width: 200, height: 100))
        card.menuItems = [MenuItem(title: "Edit Card") { _ in }, MenuItem(title: "Share") { _ in }]
        scene.root.addSubview(card)
        scene.platform.displayPass()
        return (scene, card)
    }

    private func openPopup(in scene: HeadlessScene, shown: @escaping () -> Void) -> (Popup, View) {
        let content = View(frame: Rect(x: 0, y: 0, width: 120, height: 80))
        content.backgroundColor = .white
        content.isFocusable = true
        let popup = Popup(content: content, owner: scene.window)
        popup.open(frame: Rect(x: 150, y: 150, width: 120, height: 80), outline: [], trigger: nil, onShown: shown)
        scene.platform.displayPass()
        return (popup, content)
    }

    @Test func aPopupFadesInOverTheBackdropAndIsReportedShownOnlyWhenWhole() throws {
        let (scene, _) = scene()
        var shown = 0
        let (popup, content) = openPopup(in: scene) { shown += 1 }
        let window = try #require(content.window)
        let surface = try #require(scene.platform.surface(of: window))
        #expect(surface.hasBackdrop, "the screen behind is taken before the first map")
        #expect(content.alpha == 0 && window.hasDrawnFirstFrame)
        #expect(content.isFirstResponder, "keys reach the menu from its first frame, before the fade ends")
        #expect(shown == 0)
        scene.platform.advance(by: 0.06)
        #expect(content.alpha > 0.2 && content.alpha < 1, "half-way through: \(content.alpha)")
        #expect(shown == 0, "a tool told the menu is shown sees the whole menu")
        scene.platform.advance(by: 0.1)
        #expect(content.alpha == 1)
        #expect(shown == 1)
        #expect(!scene.app.frameClock.isTicking, "the clock sleeps once the fade is over")
        withExtendedLifetime(popup) {}
    }

    @Test func aFadeRedrawsTheMenuOnceAndThenOnlyCompositesIt() throws {
        let (scene, _) = scene()
        let (popup, content) = openPopup(in: scene) {}
        let window = try #require(content.window)
        let surface = try #require(scene.platform.surface(of: window))
        for _ in 0..<8 { scene.platform.advance(by: 0.02) }
        let frames = surface.compositedFrames
        #expect(frames.count >= 6, "one composite per frame: \(frames.count)")
        #expect(frames.first?.dirty == Rect(x: 0, y: 0, width: 120, height: 80), "the first frame draws the whole menu")
        // Only the focus ring, drawn once the menu takes the keys after its first frame, is redrawn.
        let redrawn = frames.dropFirst().filter { $0.dirty != nil }
        #expect(redrawn.count <= 1, "the alpha alone changes: nothing else is redrawn: \(redrawn)")
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.opacity <= $1.opacity } && frames.last?.opacity == 1)
        // A change inside the menu redraws only that part into the layer.
        let part = Rect(x: 40, y: 30, width: 20, height: 10)
        content.setNeedsDisplay(part)
        scene.platform.displayPass()
        let last = try #require(surface.compositedFrames.last?.dirty)
        #expect(last.union(part) == last && last.width < 60, "\(last)")
        // Moved to another window as its own closes, the view is no longer the layer: its alpha
        // redraws it there.
        content.removeFromSuperview()
        window.close()
        scene.root.addSubview(content)
        scene.platform.displayPass()
        let owner = try #require(scene.platform.surface(of: scene.window))
        let presented = owner.presentCount
        content.alpha = 0.5
        scene.platform.displayPass()
        #expect(owner.presentCount == presented + 1, "the alpha redraws the view in its new window")
        withExtendedLifetime(popup) {}
    }

    @Test func aHiddenMenuLetsClicksThroughAtOnceAndItsWindowClosesWhenTheFadeEnds() throws {
        let (scene, _) = scene()
        let menus = scene.app.menuController
        var hidden = 0
        menus.menuDidHide = { hidden += 1 }
        scene.click(at: Point(x: 30, y: 30), button: .secondary)
        scene.platform.displayPass()
        scene.platform.advance(by: 0.2)
        let window = try #require(scene.menuWindow)
        let content = try #require(menus.contextMenuView)
        let surface = try #require(scene.platform.surface(of: window))
        #expect(content.alpha == 1 && surface.isGrabbing)

        menus.hideMenu()
        #expect(hidden == 1, "hidden as soon as the grab is gone, not when the pixels are")
        #expect(surface.hasStoppedReceivingInput && !surface.isGrabbing && surface.isTransparentToInput)
        #expect(!window.isClosed && scene.menuWindow == nil)
        scene.platform.advance(by: 0.05)
        #expect(content.alpha > 0 && content.alpha < 1, "fading out: \(content.alpha)")
        scene.platform.advance(by: 0.1)
        #expect(window.isClosed && surface.isDestroyed)
    }

    @Test func aClickDuringTheFadeOutOpensTheNextMenuWhileTheOldOneFinishesFading() throws {
        let (scene, card) = scene()
        let menus = scene.app.menuController
        scene.click(at: Point(x: 30, y: 30), button: .secondary)
        scene.platform.displayPass()
        scene.platform.advance(by: 0.2)
        let first = try #require(scene.menuWindow)
        scene.key(.escape, in: first)
        scene.platform.displayPass()
        #expect(!menus.isMenuVisible && !first.isClosed)
        scene.click(at: Point(x: 40, y: 40), button: .secondary)
        scene.platform.displayPass()
        let second = try #require(scene.menuWindow)
        #expect(second !== first && menus.targetView === card)
        scene.platform.advance(by: 0.2)
        #expect(first.isClosed && !second.isClosed && menus.isMenuVisible)
    }

    @Test func withMotionOffAMenuNeitherFadesInNorOut() throws {
        let (scene, _) = scene()
        scene.app.frameClock.animationsEnabledOverride = false
        var shown = 0
        let (popup, content) = openPopup(in: scene) { shown += 1 }
        let window = try #require(content.window)
        #expect(content.alpha == 1 && shown == 1, "whole on the first frame")
        var closed = false
        popup.close { closed = true }
        #expect(closed && window.isClosed, "gone at once")
        #expect(scene.platform.surface(of: window)?.hasStoppedReceivingInput == false)
    }

    @Test func theSlowdownStretchesAFadeAndABadValueCountsAsOne() throws {
        let (scene, _) = scene()
        let clock = scene.app.frameClock
        clock.slowdown = 10
        let (popup, content) = openPopup(in: scene) {}
        defer { withExtendedLifetime(popup) {} }
        scene.platform.advance(by: Popup.fadeInDuration + 0.02)
        #expect(content.alpha < 0.5, "ten times slower: \(content.alpha)")
        scene.platform.advance(by: Popup.fadeInDuration * 10)
        #expect(content.alpha == 1)
        for bad in [Double.nan, -2, 0, .infinity] {
            clock.slowdown = bad
            #expect(clock.slowdown == 1, "\(bad)")
        }
    }
}
