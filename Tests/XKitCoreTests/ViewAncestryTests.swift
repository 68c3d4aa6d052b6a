import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// A view keeps the window and traits it found above it; every change above it must show at once.
@MainActor
@Suite struct ViewAncestryTests {
    private func tree(in scene: HeadlessScene) -> (outer: View, leaf: View) {
        let outer = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        let inner = View(frame: Rect(x: 0, y: 0, width: 80, height: 40))
        let leaf = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        scene.root.addSubview(outer)
        outer.addSubview(inner)
        inner.addSubview(leaf)
        return (outer, leaf)
    }

    @Test func keptTraitsFollowEveryChangeAboveTheView() {
        let scene = HeadlessScene()
        let (outer, leaf) = tree(in: scene)
        #expect(leaf.traitCollection.userInterfaceStyle == .light)
        outer.overrideUserInterfaceStyle = .dark
        #expect(leaf.traitCollection.userInterfaceStyle == .dark, "an ancestor's override")
        let other = View(frame: Rect(x: 0, y: 60, width: 100, height: 30))
        scene.root.addSubview(other)
        other.addSubview(leaf)
        #expect(leaf.traitCollection.userInterfaceStyle == .light, "moved out from under the override")
        scene.window.overrideUserInterfaceStyle = .dark
        #expect(leaf.traitCollection.userInterfaceStyle == .dark, "the window's override")
        scene.window.overrideUserInterfaceStyle = .unspecified
        #expect(leaf.traitCollection.userInterfaceStyle == .light)
        scene.app.desktopTraitCollectionDidChange(TraitCollection(userInterfaceStyle: .dark))
        #expect(leaf.traitCollection.userInterfaceStyle == .dark, "the desktop's appearance")
        scene.app.desktopTraitCollectionDidChange(TraitCollection(userInterfaceStyle: .dark, layoutDirection: .rightToLeft))
        #expect(leaf.traitCollection.layoutDirection == .rightToLeft, "the desktop's direction")
        other.semanticContentAttribute = .forceLeftToRight
        #expect(leaf.traitCollection.layoutDirection == .leftToRight, "an ancestor's forced direction")
    }

    @Test func aViewInNoWindowFollowsTheCurrentTraitsWhileDrawing() {
        let scene = HeadlessScene()
        let (_, leaf) = tree(in: scene)
        _ = leaf.traitCollection
        leaf.removeFromSuperview()
        #expect(leaf.window == nil)
        TraitCollection(userInterfaceStyle: .dark).performAsCurrent {
            #expect(leaf.traitCollection.userInterfaceStyle == .dark)
        }
        TraitCollection(userInterfaceStyle: .light).performAsCurrent {
            #expect(leaf.traitCollection.userInterfaceStyle == .light)
        }
    }

    @Test func keptWindowFollowsTheViewInAndOutOfWindows() {
        let scene = HeadlessScene(), second = HeadlessScene()
        let (outer, leaf) = tree(in: scene)
        #expect(leaf.window === scene.window)
        outer.removeFromSuperview()
        #expect(leaf.window == nil, "its branch left the window")
        second.root.addSubview(outer)
        #expect(leaf.window === second.window, "its branch joined another window")
        second.window.close()
        #expect(leaf.window == nil, "its window closed")
    }
}
