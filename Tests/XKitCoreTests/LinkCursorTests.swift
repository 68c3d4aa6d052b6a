import Testing
@testable import XKitCore
import XKitHeadless

/// The pointer over a label's tappable ranges: a hand over the link, the label's own cursor elsewhere.
@MainActor
@Suite struct LinkCursorTests {
    @Test func thePointerIsAHandOverALinkAndAnArrowOverThePlainTextAroundIt() throws {
        let scene = HeadlessScene()
        let text = "see https://example.com now"
        let label = Label(text: text)
        label.frame = Rect(x: 10, y: 10, width: 400, height: 30)
        label.detectors = [.urls]
        scene.root.addSubview(label)
        let surface = try #require(scene.platform.surface(of: scene.window))
        func hover(_ p: Point) {
            scene.platform.send(PointerEvent(kind: .moved, location: p, time: scene.platform.clock.now), to: scene.window)
        }
        let url = try #require(text.firstRange(of: "https://example.com"))
        let linkRect = try #require(label.rects(for: url).first)
        let plainRect = try #require(label.rects(for: text.firstRange(of: "see")!).first)
        hover(label.convert(linkRect.center, to: nil))
        #expect(surface.cursor == .pointingHand)
        hover(label.convert(plainRect.center, to: nil))
        #expect(surface.cursor == .arrow)
        label.isSelectable = true
        hover(label.convert(plainRect.center, to: nil) + Point(x: 1, y: 0))
        #expect(surface.cursor == .iBeam)
        hover(label.convert(linkRect.center, to: nil))
        #expect(surface.cursor == .pointingHand)
    }
}
