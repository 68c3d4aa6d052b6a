import Testing
import XKitCore

@MainActor
@Suite struct ThenTests {
    @Test func thenConfiguresAViewAndReturnsTheSameObject() {
        let view = View()
        let configured = view.then {
            $0.accessibilityIdentifier = "box"
            $0.frame = Rect(x: 1, y: 2, width: 3, height: 4)
        }
        #expect(configured === view)
        #expect(view.accessibilityIdentifier == "box")
        #expect(view.frame == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func thenKeepsTheSubclassType() {
        let tracking = TrackingView().then { $0.yieldsToTaps = false }
        #expect(tracking.yieldsToTaps == false)
    }

    @Test func thenCanReadMainActorState() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        let child = View().then { $0.frame = parent.bounds.insetBy(dx: 10, dy: 10) }
        #expect(child.frame == Rect(x: 10, y: 10, width: 80, height: 30))
    }

    @Test func withReturnsAModifiedCopyOfAValue() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        let wider = rect.with { $0.size.width = 20 }
        #expect(wider.width == 20)
        #expect(rect.width == 10)
        #expect(EdgeInsets.zero.with { $0.left = 4 } == EdgeInsets(top: 0, left: 4, bottom: 0, right: 0))
    }

    struct Oops: Error {}

    @Test func throwingClosuresRethrow() {
        #expect(throws: Oops.self) { try Point.zero.with { _ in throw Oops() } }
        #expect(throws: Oops.self) { try View().then { _ in throw Oops() } }
    }

    @Test func gestureRecognizersConfigureWithThen() {
        let tap = TapGestureRecognizer().then { $0.numberOfTapsRequired = 2 }
        #expect(tap.numberOfTapsRequired == 2)
    }
}
