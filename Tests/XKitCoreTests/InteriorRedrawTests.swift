import Testing
@testable import XKitCore
import XKitHeadless

/// A redraw inside a rounded, bordered view (a key typed in a field) draws neither the border nor
/// the rounded corners, which the clip would remove anyway; one that reaches them draws both.
@MainActor
@Suite struct InteriorRedrawTests {
    private let box = Rect(x: 0, y: 0, width: 200, height: 30)

    @Test func aRectClearOfTheEdgesAndArcsIsInterior() {
        #expect(Rect(x: 6, y: 4, width: 188, height: 22).liesWithin(roundedRect: box, radius: 6, margin: 2))
        // Near a corner but inside its arc: (5, 4) is 2.2 from the arc's centre (6, 6).
        #expect(Rect(x: 5, y: 4, width: 10, height: 10).liesWithin(roundedRect: box, radius: 6, margin: 2))
        #expect(Rect(x: 50, y: 2, width: 10, height: 26).liesWithin(roundedRect: box, radius: 6, margin: 2))
    }

    @Test func aRectTouchingTheBorderOrACornerIsNot() {
        #expect(!Rect(x: 50, y: 1, width: 10, height: 10).liesWithin(roundedRect: box, radius: 6, margin: 2), "in the top border")
        #expect(!Rect(x: 189, y: 5, width: 10, height: 10).liesWithin(roundedRect: box, radius: 6, margin: 2), "in the right border")
        // (2.5, 2.5) is inside the inset rect but 4.9 from the arc's centre, beyond 6 − 2.
        #expect(!Rect(x: 2.5, y: 2.5, width: 10, height: 10).liesWithin(roundedRect: box, radius: 6, margin: 2), "in the top-left arc")
        #expect(!Rect(x: 187, y: 18, width: 10.5, height: 9.5).liesWithin(roundedRect: box, radius: 6, margin: 2), "in the bottom-right arc")
        #expect(!box.liesWithin(roundedRect: box, radius: 6, margin: 2))
        #expect(!Rect.zero.liesWithin(roundedRect: box, radius: 6, margin: 2), "an empty rect")
    }

    @Test func squareCornersNeedOnlyTheMargin() {
        #expect(Rect(x: 2, y: 2, width: 196, height: 26).liesWithin(roundedRect: box, radius: 0, margin: 2))
        #expect(!Rect(x: 1, y: 2, width: 10, height: 10).liesWithin(roundedRect: box, radius: 0, margin: 2))
    }

    /// A window with a bordered, rounded field, drawn once.
    private func fieldScene() -> (HeadlessScene, TextField) {
        let scene = HeadlessScene()
        return (scene, scene.show(TextField(placeholder: "Name"), at: Rect(x: 20, y: 20, width: 200, height: 28)))
    }

    @Test func aKeyTypedInAFieldRedrawsItsTextAreaWithoutTheBorder() throws {
        let (scene, field) = fieldScene()
        scene.click(at: Point(x: 100, y: 34))
        scene.platform.displayPass()
        let surface = try #require(scene.platform.surface(of: scene.window))
        scene.key(.character("a"), text: "a")
        scene.platform.displayPass()
        let dirty = try #require(surface.lastPresentedDirty)
        let fieldInWindow = field.frame
        #expect(dirty.liesWithin(roundedRect: fieldInWindow, radius: field.cornerRadius, margin: field.borderWidth + 1),
                "the redraw \(dirty) stays inside the field's border")
        let strokes = surface.recorder.calls.filter { if case .stroke = $0 { true } else { false } }
        #expect(strokes.isEmpty, "no border or focus ring is drawn: \(strokes)")
        #expect(surface.recorder.texts.contains("a"))
        // The field's background is still filled under the text, as a plain rect.
        #expect(surface.recorder.calls.contains(.fill(fieldInWindow, .controlBackground)))
    }

    @Test func aRedrawOfTheWholeFieldStillDrawsItsBorder() throws {
        let (scene, field) = fieldScene()
        field.setNeedsDisplay()
        scene.platform.displayPass()
        let surface = try #require(scene.platform.surface(of: scene.window))
        #expect(surface.recorder.calls.contains(.stroke(field.frame, .separator)))
    }
}
