import Testing
@_spi(Platform) import XKitCore
import XKitHeadless

/// The headless platform records what each surface kind needs, as the X backend does it.
@MainActor
@Suite struct SurfaceKindTests {
    @Test func aDialogBelongsToItsParentAndRecordsModality() throws {
        let scene = HeadlessScene()
        let dialog = Window(title: "Delete?", size: Size(width: 100, height: 50), kind: .dialog(parent: scene.window, modal: true), app: scene.app)
        let surface = try #require(scene.platform.surface(of: dialog))
        #expect(surface.role == .dialog && surface.isModal && !surface.bypassesWindowManager)
        #expect(surface.transientOwner === scene.platform.surface(of: scene.window))
        #expect(dialog.contentView.backgroundColor == .windowBackground, "a dialog is painted like a window")
        let loose = Window(title: "Find", size: Size(width: 100, height: 50), kind: .dialog(parent: nil, modal: false), app: scene.app)
        let looseSurface = try #require(scene.platform.surface(of: loose))
        #expect(!looseSurface.isModal && looseSurface.transientOwner == nil)
    }

    @Test func aDragImageBypassesTheWindowManagerAndTakesNoInput() throws {
        let scene = HeadlessScene()
        let image = Window(title: "drag", size: Size(width: 40, height: 20), kind: .dragImage, app: scene.app)
        let surface = try #require(scene.platform.surface(of: image))
        #expect(surface.role == .dragImage && surface.bypassesWindowManager && surface.isTransparentToInput)
        image.show()
        scene.platform.displayPass()
        #expect(surface.isVisible && !surface.isGrabbing, "only popups grab")
    }

    @Test func aPopupGrabsOnceOnItsFirstMapWithTheTriggersTimeAndReleasesOnClose() throws {
        let scene = HeadlessScene()
        let trigger = PointerEvent(kind: .down, location: .zero, button: .primary, time: 1, timestamp: PlatformTimestamp(4242))
        let outline = [[Point(x: 0, y: 0), Point(x: 50, y: 0), Point(x: 50, y: 30)]]
        let popup = Window(title: "popup", size: Size(width: 50, height: 30), kind: .popup(owner: scene.window, outline: outline, trigger: trigger),
                           app: scene.app)
        let surface = try #require(scene.platform.surface(of: popup))
        #expect(surface.shape == outline, "cut at creation")
        #expect(surface.transientOwner === scene.platform.surface(of: scene.window))
        #expect(!surface.isGrabbing, "no grab before the map")
        popup.show()
        scene.platform.displayPass()
        #expect(surface.isGrabbing && surface.grabTrigger == PlatformTimestamp(4242) && surface.grabCount == 1)
        popup.hide()
        popup.show()
        scene.platform.displayPass()
        #expect(surface.grabCount == 1, "the grab is taken on the first map only")
        popup.close()
        #expect(!surface.isGrabbing && surface.isDestroyed)
    }

    @Test func aPressOutsideOrTheOwnerLosingFocusDismissesThePopupAndAPressInsideDoesNot() throws {
        let scene = HeadlessScene()
        let popup = Window(title: "popup", size: Size(width: 50, height: 30), kind: .popup(owner: scene.window, outline: [], trigger: nil),
                           app: scene.app)
        var dismissed = 0
        popup.onDismiss = { dismissed += 1 }
        popup.show()
        scene.platform.displayPass()
        let surface = try #require(scene.platform.surface(of: popup))
        scene.press(at: Point(x: 10, y: 10), in: popup)
        scene.release(at: Point(x: 10, y: 10), in: popup)
        #expect(dismissed == 0)
        scene.press(at: Point(x: 80, y: 10), in: popup)
        #expect(dismissed == 1 && surface.dismissCount == 1)
        scene.platform.surface(of: scene.window)?.loseFocus()
        #expect(dismissed == 2, "the owner's focus loss dismisses it too")
        popup.close()
        scene.platform.surface(of: scene.window)?.loseFocus()
        #expect(dismissed == 2, "a closed popup hears nothing")
    }
}
