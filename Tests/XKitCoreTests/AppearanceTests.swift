import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// Semantic colours, trait collections, overrides and change notifications, with no display.
@MainActor
@Suite struct AppearanceTests {
    private let dark = TraitCollection(userInterfaceStyle: .dark)
    private let light = TraitCollection(userInterfaceStyle: .light)

    final class Probe: View {
        var drawnWith: [TraitCollection] = []
        var changes: [UserInterfaceStyle] = []
        var colourSeen: Color?
        override func draw(in context: GraphicsContext) {
            drawnWith.append(TraitCollection.current)
            colourSeen = Color(red: Color.label.redComponent, green: Color.label.greenComponent, blue: Color.label.blueComponent)
        }
        override func traitCollectionDidChange(_ previous: TraitCollection?) {
            changes.append(traitCollection.userInterfaceStyle)
        }
    }

    final class Controller: ViewController {
        var changes = 0
        override func traitCollectionDidChange(_ previous: TraitCollection?) { changes += 1 }
    }

    @Test func semanticColoursResolvePerAppearanceAndContrast() {
        #expect(Color.label.resolvedColor(with: light) == Color(hex: 0x1C1C1E))
        #expect(Color.label.resolvedColor(with: dark) == Color(hex: 0xF2F2F7))
        #expect(Color.label.resolvedColor(with: TraitCollection(userInterfaceStyle: .dark, accessibilityContrast: .high)) == Color(hex: 0xFFFFFF))
        #expect(Color.systemBackground.resolvedColor(with: dark) == Color(hex: 0x1C1C1E))
        #expect(Color.windowBackground.resolvedColor(with: TraitCollection(accessibilityContrast: .high)) == Color(hex: 0xFFFFFF))
        // Every text colour keeps contrast with the background it sits on, in both styles.
        for traits in [light, dark] {
            let bg = Color.windowBackground.resolvedColor(with: traits).redComponent
            let ink = Color.label.resolvedColor(with: traits).redComponent
            #expect(abs(bg - ink) > 0.7)
        }
        #expect(Color.red.resolvedColor(with: dark) == .red)
        #expect(!Color.red.isSemantic && Color.label.isSemantic)
    }

    @Test func alphaAndBlendsKeepAColourSemantic() {
        let faded = Color.label.withAlpha(0.5)
        #expect(faded.isSemantic)
        #expect(faded.resolvedColor(with: dark) == Color(hex: 0xF2F2F7, alpha: 0.5))
        let pressed = Color.tint.blended(with: .black, fraction: 0.5)
        #expect(pressed.isSemantic)
        #expect(pressed.resolvedColor(with: dark).blueComponent < Color.tint.resolvedColor(with: dark).blueComponent)
        #expect(Color.tint.blended(with: .black, fraction: .nan) == Color.tint)
    }

    @Test func componentsReadTheTraitsBeingDrawn() {
        dark.performAsCurrent { #expect(Color.label.redComponent == Color(hex: 0xF2F2F7).redComponent) }
        light.performAsCurrent { #expect(Color.label.redComponent == Color(hex: 0x1C1C1E).redComponent) }
    }

    @Test func theDesktopsAppearanceReachesEveryViewAndController() {
        let scene = HeadlessScene()
        let probe = Probe(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let controller = Controller()
        scene.window.rootViewController = controller
        controller.view.addSubview(probe)
        scene.platform.displayPass()
        #expect(probe.drawnWith.last?.userInterfaceStyle == .light)
        scene.app.desktopTraitCollectionDidChange(dark)
        scene.platform.displayPass()
        #expect(probe.changes == [.dark])
        #expect(controller.changes == 1)
        #expect(probe.drawnWith.last?.userInterfaceStyle == .dark)
        #expect(probe.colourSeen == Color(hex: 0xF2F2F7))
        #expect(scene.window.traitCollection.userInterfaceStyle == .dark)
        // The same appearance again changes nothing.
        scene.app.desktopTraitCollectionDidChange(dark)
        #expect(probe.changes == [.dark])
    }

    @Test func overridesWinPerWindowAndPerSubtree() {
        let scene = HeadlessScene()
        let outer = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let inner = Probe(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let sibling = Probe(frame: Rect(x: 50, y: 50, width: 50, height: 50))
        outer.addSubview(inner)
        scene.root.addSubview(outer)
        scene.root.addSubview(sibling)
        outer.overrideUserInterfaceStyle = .dark
        #expect(inner.traitCollection.userInterfaceStyle == .dark)
        #expect(inner.changes == [.dark])
        #expect(sibling.changes.isEmpty)
        scene.platform.displayPass()
        #expect(inner.drawnWith.last?.userInterfaceStyle == .dark)
        #expect(sibling.drawnWith.last?.userInterfaceStyle == .light)
        // The desktop going dark changes only the views that follow it.
        scene.app.desktopTraitCollectionDidChange(dark)
        #expect(inner.changes == [.dark])
        #expect(sibling.changes == [.dark])
        // A window that forces light wins over the desktop; the subtree's override still wins inside it.
        scene.window.overrideUserInterfaceStyle = .light
        #expect(sibling.traitCollection.userInterfaceStyle == .light)
        #expect(inner.traitCollection.userInterfaceStyle == .dark)
        outer.overrideUserInterfaceStyle = .unspecified
        #expect(inner.traitCollection.userInterfaceStyle == .light)
    }

    @Test func theViewsTraceNamesEachWindowsAppearance() {
        let scene = HeadlessScene()
        scene.app.desktopTraitCollectionDidChange(TraitCollection(userInterfaceStyle: .dark, accessibilityContrast: .high))
        let fields = AccessibilityNode.traceFields(of: scene.window)
        guard case .string(let name)? = fields.first(where: { $0.0 == "appearance" })?.1 else {
            Issue.record("no appearance field")
            return
        }
        #expect(name == "dark-high-contrast")
    }
}
