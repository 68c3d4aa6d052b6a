import Testing
@_spi(Platform) @_spi(Testing) @testable import XKitCore
import XKitHeadless

/// Dragging out of a text field, a text view and a tag chip: past the drag threshold a press on the
/// selection (or the chip) starts one drag carrying the text, a click places the caret, and the
/// text is never changed by the drag.
@MainActor
@Suite struct DragOutTests {
    private func move(_ scene: HeadlessScene, to point: Point) {
        scene.platform.send(PointerEvent(kind: .moved, location: point, buttonsDown: [.primary], time: scene.platform.clock.now),
                            to: scene.window)
    }

    private func plainText(_ drag: HeadlessDrag?) throws -> String? {
        guard let bytes = try drag?.item.data(forType: PasteboardType.plainTextUTF8) else { return drag?.item.string }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func fieldScene(_ text: String) -> (HeadlessScene, TextField, (Int) -> Double) {
        let scene = HeadlessScene(size: Size(width: 300, height: 60), measurer: FixedAdvanceMeasurer(), origin: .zero)
        let field = TextField(frame: Rect(x: 0, y: 0, width: 300, height: 28))
        scene.root.addSubview(field)
        field.text = text
        scene.platform.displayPass()
        let x = { (offset: Int) -> Double in
            let saved = field.editing
            field.editing.moveCaret(to: offset)
            defer { field.editing = saved }
            return field.convert(field.caretRect, to: nil).minX
        }
        return (scene, field, x)
    }

    @Test func aPressOnATextFieldsSelectionDragsItOutAsRichTextAndKeepsTheText() throws {
        let (scene, field, x) = fieldScene("xin chào thế giới")
        scene.platform.offersDragging = true
        field.select(9..<17)
        let on = Point(x: (x(11) + x(12)) / 2, y: 14)
        scene.press(at: on)
        move(scene, to: Point(x: on.x + 2, y: on.y))
        #expect(scene.platform.drags.isEmpty, "within the threshold nothing starts")
        #expect(field.selectedText == "thế giới", "and the selection is held, not replaced")
        move(scene, to: Point(x: on.x + 40, y: on.y + 20))
        let drag = try #require(scene.platform.drags.last)
        #expect(scene.platform.drags.count == 1)
        #expect(try plainText(drag) == "thế giới")
        #expect(drag.item.types.contains(PasteboardType.html), "with the field's font and colour as text/html")
        #expect(drag.hasImage)
        move(scene, to: Point(x: on.x + 80, y: on.y + 30))
        scene.release(at: Point(x: on.x + 80, y: on.y + 30))
        scene.platform.endDrag(.copy)
        #expect(scene.platform.drags.count == 1, "one drag per press")
        #expect(field.text == "xin chào thế giới" && field.selectedText == "thế giới", "a copy leaves the text and the selection")
    }

    @Test func aClickOnTheSelectionPlacesTheCaretThereAndAPressElsewhereSelectsAsBefore() {
        let (scene, field, x) = fieldScene("alpha beta gamma")
        scene.platform.offersDragging = true
        field.select(6..<10)
        scene.click(at: Point(x: x(8), y: 14))
        #expect(scene.platform.drags.isEmpty)
        #expect(field.selectedRange == 8..<8, "a click on the selection is a click: the caret goes there")
        field.select(6..<10)
        scene.press(at: Point(x: x(1), y: 14))
        move(scene, to: Point(x: x(4), y: 14))
        scene.release(at: Point(x: x(4), y: 14))
        #expect(scene.platform.drags.isEmpty, "a press off the selection drags out a new selection, not the old one")
        #expect(field.selectedRange == 1..<4)
    }

    @Test func withoutDragAndDropAPressOnTheSelectionSelectsAgain() {
        let (scene, field, x) = fieldScene("alpha beta gamma")
        field.select(6..<10)
        scene.press(at: Point(x: x(7), y: 14))
        move(scene, to: Point(x: x(13), y: 14))
        scene.release(at: Point(x: x(13), y: 14))
        #expect(scene.platform.drags.isEmpty)
        #expect(field.selectedRange == 7..<13)
    }

    @Test func aReadOnlyTextViewsSelectionDragsOutWhileTheTextStays() throws {
        let scene = HeadlessScene(size: Size(width: 300, height: 200), measurer: FixedAdvanceMeasurer(), origin: .zero)
        scene.platform.offersDragging = true
        let view = TextView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        view.isEditable = false
        scene.root.addSubview(view)
        view.text = "Привет, мир\n안녕하세요"
        scene.platform.displayPass()
        view.selectedRange = 12..<17
        let a = view.caretRect(forOffset: 13), b = view.caretRect(forOffset: 14)
        let on = Point(x: (a.minX + b.minX) / 2, y: a.midY)
        scene.press(at: on)
        move(scene, to: Point(x: on.x + 30, y: on.y - 30))
        #expect(try plainText(scene.platform.drags.last) == "안녕하세요")
        scene.release(at: Point(x: on.x + 30, y: on.y - 30))
        scene.platform.endDrag(.cancel)
        #expect(view.text == "Привет, мир\n안녕하세요" && view.selectedText == "안녕하세요")
    }

    @Test func aTagChipDragsItsTitleOutAndItsCrossDoesNot() throws {
        let scene = HeadlessScene(size: Size(width: 400, height: 120), measurer: FixedAdvanceMeasurer(), origin: .zero)
        scene.platform.offersDragging = true
        let input = TagInputView(titles: ["東京", "Hà Nội"])
        input.frame = Rect(x: 0, y: 0, width: 400, height: 100)
        scene.root.addSubview(input)
        scene.platform.displayPass()
        let chip = try #require(input.visibleChips.first { $0.tag.title == "Hà Nội" })
        let cross = chip.convert(chip.removeButtonRect, to: nil).center
        scene.press(at: cross)
        move(scene, to: Point(x: cross.x + 30, y: cross.y + 30))
        scene.release(at: Point(x: cross.x + 30, y: cross.y + 30))
        #expect(scene.platform.drags.isEmpty, "a press on the × never drags")
        let title = chip.convert(chip.titleLabel.frame, to: nil).center
        scene.press(at: title)
        move(scene, to: Point(x: title.x + 30, y: title.y + 40))
        #expect(try plainText(scene.platform.drags.last) == "Hà Nội")
        #expect(!chip.isHighlighted, "the chip's press ended when the drag took it")
        scene.release(at: Point(x: title.x + 30, y: title.y + 40))
        scene.platform.endDrag(.copy)
        #expect(input.tags.map(\.title) == ["東京", "Hà Nội"], "a copied tag stays")
    }
}
