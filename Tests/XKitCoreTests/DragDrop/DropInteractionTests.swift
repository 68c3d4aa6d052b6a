import Testing
@testable import XKitCore
import XKitHeadless

/// Drops routed to views without a display: which view takes a drag, what it proposes, what it does with the data.
@MainActor
struct DropInteractionTests {
    private func session(_ types: [String], text: String) -> DropSession {
        DropSession(types: types) { type in types.contains(type) ? Array(text.utf8) : nil }
    }

    /// Runs the drop and waits for its loads (Tasks on the main actor).
    private func drop(_ session: DropSession, on window: Window) async -> DropOperation {
        await withCheckedContinuation { continuation in
            window.dropRouter.performDrop(session) { continuation.resume(returning: $0) }
        }
    }

    @Test func textDroppedOnAFieldIsInsertedAtTheDropPointAndKeepsWhatWasThere() async {
        let scene = HeadlessScene()
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 24))
        field.text = "abcdef"
        field.select(0..<2)
        scene.root.addSubview(field)
        scene.root.layoutIfNeeded()
        let offset3 = Point(x: field.frame.x + field.textOrigin.x + field.caretX(forOffset: 3), y: field.frame.midY)
        let drag = session(["UTF8_STRING"], text: "XY")
        let answer = scene.window.dropRouter.update(drag, at: offset3)
        #expect(answer.operation == .copy)
        #expect(answer.stableRect == nil, "a field's caret follows the pointer, so every position is wanted")
        #expect(field.subviews.contains { $0 is DropHighlightView }, "the field is ringed while the drag hovers")
        #expect(await drop(drag, on: scene.window) == .copy)
        #expect(field.text == "abcXYdef")
        #expect(!field.subviews.contains { $0 is DropHighlightView })
    }

    @Test func aTagInputTakesItsFieldsDropsAndAddsOneTagPerLineMergingDuplicates() async {
        let scene = HeadlessScene()
        let input = TagInputView(titles: ["swift"])
        input.frame = Rect(x: 0, y: 0, width: 380, height: 120)
        scene.root.addSubview(input)
        scene.root.layoutIfNeeded()
        input.textField.text = "typed"
        let drag = session(["text/plain;charset=utf-8"], text: "linux\n  swift \n\nx11\r\n")
        let answer = scene.window.dropRouter.update(drag, at: input.textField.convert(Point(x: 2, y: 2), to: nil))
        #expect(answer.operation == .copy)
        #expect(answer.stableRect == input.convert(input.bounds, to: nil), "anywhere over the input means the same")
        #expect(await drop(drag, on: scene.window) == .copy)
        #expect(input.tags.map(\.title) == ["swift", "linux", "x11"])
        #expect(input.textField.text == "typed", "the field's text is not lost")
    }

    @Test func aURIListBecomesOneTagPerURIWithoutComments() async {
        let scene = HeadlessScene()
        let input = TagInputView()
        input.frame = Rect(x: 0, y: 0, width: 380, height: 120)
        scene.root.addSubview(input)
        scene.root.layoutIfNeeded()
        let drag = session(["text/uri-list"], text: "# comment\r\nfile:///tmp/a.txt\r\nhttps://example.org/b\r\n")
        _ = scene.window.dropRouter.update(drag, at: Point(x: 20, y: 20))
        _ = await drop(drag, on: scene.window)
        #expect(input.tags.map(\.title) == ["file:///tmp/a.txt", "https://example.org/b"])
    }

    @Test func anAppViewOptsInWithADelegateAndImagesAloneAreRefusedByText() async {
        final class Recorder: DropInteractionDelegate {
            var events: [String] = []
            func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
                session.hasItemsConforming(toTypeIdentifiers: ["image/png"])
            }
            func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) { events.append("enter") }
            func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) { events.append("exit") }
            func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
                session.loadData(forType: "image/png") { self.events.append("data \($0?.count ?? -1)") }
            }
        }
        let scene = HeadlessScene()
        let well = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let field = TextField(frame: Rect(x: 0, y: 150, width: 200, height: 24))
        scene.root.addSubview(well)
        scene.root.addSubview(field)
        let recorder = Recorder()
        well.addInteraction(DropInteraction(delegate: recorder))
        let image = session(["image/png"], text: "PNG")
        #expect(scene.window.dropRouter.update(image, at: Point(x: 160, y: 160)).operation == .cancel, "a field wants text")
        #expect(scene.window.dropRouter.update(image, at: Point(x: 50, y: 50)).operation == .copy)
        #expect(recorder.events == ["enter"])
        #expect(await drop(image, on: scene.window) == .copy)
        #expect(recorder.events == ["enter", "data 3"])
        // A drag that leaves is told so.
        let again = session(["image/png"], text: "PNG")
        _ = scene.window.dropRouter.update(again, at: Point(x: 50, y: 50))
        scene.window.dropRouter.exit(again)
        #expect(recorder.events.suffix(2) == ["enter", "exit"])
    }

    @Test func invalidUTF8IsRefusedAndNothingIsInserted() async {
        let scene = HeadlessScene()
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 24))
        field.text = "kept"
        scene.root.addSubview(field)
        let bad = DropSession(types: ["UTF8_STRING"]) { _ in [0x66, 0xFF, 0xFE] }
        _ = scene.window.dropRouter.update(bad, at: Point(x: 5, y: 5))
        _ = await drop(bad, on: scene.window)
        #expect(field.text == "kept")
    }
}
