import Testing
@_spi(Platform) @_spi(Testing) @testable import XKitCore
import XKitHeadless

/// The one set of pointer-selection rules that `TextField` and `TextView` share: the rules alone,
/// then the same double click and word drag in each view.
@MainActor
@Suite struct PointerSelectionTests {
    // Words of "alpha beta gamma": 0..<5, 5..<6 (space), 6..<10, 10..<11, 11..<16.
    private static func word(at offset: Int) -> Range<Int> {
        switch offset {
        case ..<5: 0..<5
        case 5: 5..<6
        case 6..<10: 6..<10
        case 10: 10..<11
        default: 11..<16
        }
    }

    @Test func aWordDragExtendsByWordsBothWaysAndShrinksBackToThePressedWord() {
        var rules = PointerSelection()
        var s = rules.press(clickCount: 2, caret: 7, extendingFrom: nil) { _ in Self.word(at: 7) }
        #expect(s == (6, 10))
        s = rules.drag(caret: 13, anchor: s.anchor) { _ in Self.word(at: 13) }
        #expect(s == (6, 16), "forward: to the end of the word reached")
        s = rules.drag(caret: 8, anchor: s.anchor) { _ in Self.word(at: 8) }
        #expect(s == (6, 10), "back onto the pressed word: just it again")
        s = rules.drag(caret: 2, anchor: s.anchor) { _ in Self.word(at: 2) }
        #expect(s == (10, 0), "backward: anchored at the pressed word's end")
    }

    @Test func aSingleClickPlacesTheCaretShiftExtendsAndADragFollowsThePointer() {
        var rules = PointerSelection()
        #expect(rules.press(clickCount: 1, caret: 4, extendingFrom: nil) { _ in 0..<0 } == (4, 4))
        #expect(rules.press(clickCount: 1, caret: 9, extendingFrom: 4) { _ in 0..<0 } == (4, 9))
        #expect(rules.drag(caret: 2, anchor: 4) { _ in 0..<0 } == (4, 2))
        #expect(rules.press(clickCount: 3, caret: 9, extendingFrom: nil) { unit in unit == .paragraph ? 0..<16 : 0..<0 } == (0, 16))
    }

    @Test func segmentRangesAreCharacterOffsetsClampedToTheText() {
        let text = "xin chào 세계"
        let segmenter = BasicTextSegmenter.shared
        #expect(TextWords.segmentRange(in: text, at: 5, segmenter: segmenter) == 4..<8)
        #expect(TextWords.segmentRange(in: text, at: 99, segmenter: segmenter) == 9..<11, "past the end: the last word")
        #expect(TextWords.segmentRange(in: "", at: 3, segmenter: segmenter) == 3..<3)
    }

    // MARK: In the views

    private func drag(_ scene: HeadlessScene, to point: Point) {
        scene.platform.send(PointerEvent(kind: .moved, location: point, buttonsDown: [.primary], time: scene.platform.clock.now),
                            to: scene.window)
    }

    @Test func inATextViewADoubleClickOnAWordsLastHalfCharacterSelectsThatWordAndADragBackShrinks() {
        let scene = HeadlessScene(size: Size(width: 300, height: 200), measurer: FixedAdvanceMeasurer(), origin: .zero)
        let view = TextView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        scene.root.addSubview(view)
        scene.platform.displayPass()
        view.text = "alpha beta gamma"
        let end = view.caretRect(forOffset: 10), start = view.caretRect(forOffset: 9)
        // The trailing half of "beta"'s last letter: its insertion offset is 10, past the word.
        let onA = Point(x: (start.minX + 3 * end.minX) / 4, y: end.midY)
        scene.click(at: onA)
        scene.press(at: onA)
        #expect(view.selectedText == "beta")
        drag(scene, to: Point(x: view.caretRect(forOffset: 13).minX, y: end.midY))
        #expect(view.selectedText == "beta gamma")
        drag(scene, to: Point(x: view.caretRect(forOffset: 7).minX, y: end.midY))
        #expect(view.selectedText == "beta", "dragging back onto the pressed word shrinks to it")
        scene.release(at: onA)
    }

    @Test func inATextFieldTheSameDoubleClickAndDragDoTheSame() {
        let scene = HeadlessScene(size: Size(width: 300, height: 60), measurer: FixedAdvanceMeasurer(), origin: .zero)
        let field = TextField(frame: Rect(x: 0, y: 0, width: 300, height: 28))
        scene.root.addSubview(field)
        field.text = "alpha beta gamma"
        scene.platform.displayPass()
        func x(_ offset: Int) -> Double {
            field.editing.moveCaret(to: offset)
            return field.convert(field.caretRect, to: nil).minX
        }
        let onA = Point(x: (x(9) + 3 * x(10)) / 4, y: 14)
        scene.click(at: onA)
        scene.press(at: onA)
        #expect(field.selectedText == "beta")
        drag(scene, to: Point(x: x(13), y: 14))
        #expect(field.selectedText == "beta gamma")
        drag(scene, to: Point(x: x(7), y: 14))
        #expect(field.selectedText == "beta")
        scene.release(at: onA)
    }
}
