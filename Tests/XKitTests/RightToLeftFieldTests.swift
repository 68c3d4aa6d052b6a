import Testing
@_spi(Platform) import XKit
import XKitTesting

/// A label's explicit paragraph direction, display-free, with the X11 backend's bidi (FriBidi).
@MainActor
@Suite struct RightToLeftLabelTests {
    private func label(_ text: String, in scene: HeadlessScene) -> Label {
        let label = Label(text: text)
        label.frame = Rect(x: 0, y: 0, width: 200, height: 20)
        scene.root.addSubview(label)
        return label
    }

    @Test func aHebrewFirstParagraphForcedLeftToRightSitsOnTheLeft() {
        let scene = HeadlessScene.rightToLeft()
        let label = label("שלום abc", in: scene)
        #expect(label.textLayout.lines[0].rect.maxX == 200, "natural: the first strong character makes it RTL")
        label.baseWritingDirection = .leftToRight
        let line = label.textLayout.lines[0]
        #expect(line.rect.minX == 0 && line.rect.width == 80)
        #expect(label.textLayout.baseDirection(ofLine: 0) == .leftToRight)
        // Visual order of an LTR paragraph: the Hebrew word (itself right to left) first, then " abc".
        let runs = line.fragments.sorted { $0.x < $1.x }
        #expect(runs.map(\.text) == ["שלום", " abc"])
        #expect(runs.map(\.isRightToLeft) == [true, false])
        #expect(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1).minX == 0)
        #expect(label.traceFields().contains { $0.0 == "direction" && "\($0.1)".contains("ltr") })
    }

    @Test func aLatinParagraphForcedRightToLeftSitsOnTheRightWithItsNeutralsReordered() {
        let scene = HeadlessScene.rightToLeft()
        let label = label("abc 123!", in: scene)
        #expect(label.textLayout.lines[0].rect.minX == 0)
        label.baseWritingDirection = .rightToLeft
        let line = label.textLayout.lines[0]
        #expect(line.rect.maxX == 200 && line.rect.minX == 120)
        // The "!" ends an RTL paragraph, so it resolves right to left and is drawn leftmost;
        // "abc 123" keeps its order.
        let runs = line.fragments.sorted { $0.x < $1.x }
        #expect(runs.map(\.text) == ["!", "abc 123"])
        #expect(runs.first?.x == 120)
        let used = label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1)
        #expect(used.minX == 120 && used.width == 80, "the copy menu points here")
        // sizeThatFits measures the same text.
        #expect(label.sizeThatFits(Size(width: 0, height: 0)).width == 80)
        label.text = ""
        #expect(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1).minX == 200, "empty: at the start edge, the right")
    }

    @Test func aButtonWithAnArabicTitleSizesToTheShapedTitleAndDrawsItRightToLeft() {
        let scene = HeadlessScene.rightToLeft()
        let button = Button(title: "إرسال")  // five joined letters (in this measurer): 30 wide
        scene.root.addSubview(button)
        button.sizeToFit()  // measured in the window, with its measurer
        #expect(button.frame.width == 30 + 28)
        let texts = drawnPieces(scene.drawing(of: button)).map { ($0.0, $0.1.x) }
        #expect(texts.map(\.0) == ["إرسال"], "one shaped word")
        #expect(texts.first?.1 == 14, "centred: the padding on each side")
        button.titleLabel.baseWritingDirection = .leftToRight
        #expect(button.titleLabel.textLayout.baseDirection(ofLine: 0) == .leftToRight)
    }

    @Test func withoutBidiSupportAnExplicitRightToLeftStillAlignsRight() {
        // The headless default segmenter does no bidi; the override still decides the side.
        let scene = HeadlessScene()
        let label = Label(text: "abc")
        label.frame = Rect(x: 0, y: 0, width: 200, height: 20)
        scene.root.addSubview(label)
        label.baseWritingDirection = .rightToLeft
        #expect(label.textLayout.lines[0].rect.maxX == 200)
    }
}

/// The text field in Hebrew and Arabic and mixed with Latin, display-free: typing, the caret, Shift and
/// double-click selection, Backspace and copy. The field is 200 wide; its text rect runs from x 6 to 194.
@MainActor
@Suite struct RightToLeftTextFieldTests {
    private func field(in scene: HeadlessScene, text: String? = nil) -> TextField {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 24))
        scene.root.addSubview(field)
        field.becomeFirstResponder()
        if let text { scene.type(text) }
        return field
    }

    private func selectionFills(_ scene: HeadlessScene, _ field: TextField) -> [Rect] {
        scene.drawing(of: field).compactMap { if case .fill(let r, let c) = $0, c == .selection { r } else { nil } }
    }

    @Test func typedHebrewSitsOnTheRightAndLeftMovesTheCaretLogically() {
        let scene = HeadlessScene.rightToLeft()
        let field = field(in: scene, text: "שלום")
        #expect(field.text == "שלום" && field.caretOffset == 4)
        #expect(field.resolvedWritingDirection == .rightToLeft)
        // 40 wide, ending one point inside the text rect's right edge (room for the caret).
        #expect(field.textOrigin.x == 153)
        let drawn = drawnPieces(scene.drawing(of: field)).map { ($0.0, $0.1.x) }
        #expect(drawn.first?.0 == "שלום" && drawn.first?.1 == 153, "one shaped word, drawn from x 153")
        // After the last letter typed: its trailing edge, the left end of the text.
        #expect(field.caretRect.minX == 153)
        // Left goes back one character in the text, which in Hebrew is one letter to the right.
        scene.key(.left)
        #expect(field.caretOffset == 3 && field.caretRect.minX == 163)
        scene.key(.right)
        #expect(field.caretOffset == 4 && field.caretRect.minX == 153)
        scene.key(.home)
        #expect(field.caretOffset == 0 && field.caretRect.minX == 193)
        // A click left of the text is the logical end, right of it the start.
        scene.click(at: Point(x: 60, y: 12))
        #expect(field.caretOffset == 4)
        scene.platform.advance(by: 1)
        scene.click(at: Point(x: 196, y: 12))
        #expect(field.caretOffset == 0)
    }

    @Test func theCaretAtADirectionBoundaryStandsWithTheCharacterItPrecedes() {
        let scene = HeadlessScene.rightToLeft()
        // LTR paragraph: a b c ␠ then שלום drawn right to left (ם at 40..50 … ש at 70..80).
        let ltr = field(in: scene, text: "abc שלום")
        #expect(ltr.textOrigin.x == 6)
        let x = { (offset: Int) -> Double in ltr.moveCaret(to: offset); return ltr.caretRect.minX - 6 }
        #expect(x(3) == 30)  // before the space
        #expect(x(4) == 80)  // before ש: its right (leading) edge, not after the space at 40
        #expect(x(5) == 70)  // before ל
        #expect(x(8) == 40)  // the end: the trailing (left) edge of ם
        // RTL paragraph: "abc" drawn left at 0..30, the space 30..40, שלום 40..80; shifted by 107.
        let rtlScene = HeadlessScene.rightToLeft()
        let rtl = field(in: rtlScene, text: "שלום abc")
        #expect(rtl.textOrigin.x == 6 + 107)
        let y = { (offset: Int) -> Double in rtl.moveCaret(to: offset); return rtl.caretRect.minX - 113 }
        #expect(y(0) == 80)  // the paragraph's start: the right end
        #expect(y(4) == 40)  // before the space, which runs right to left here
        #expect(y(5) == 0)   // before "a": its left edge
        #expect(y(8) == 30)  // the end, after "c"
    }

    @Test func shiftSelectionAcrossADirectionChangeDrawsTwoRectsAndCopiesLogicalText() {
        let scene = HeadlessScene.rightToLeft()
        let field = field(in: scene, text: "abc שלום")
        scene.key(.home)
        scene.key(.right); scene.key(.right)
        for _ in 0..<3 { scene.key(.right, modifiers: [.shift]) }
        #expect(field.selectedRange == 2..<5 && field.selectedText == "c ש")
        // "c " at 20..40, then ש at the far (right) end of the Hebrew word, 70..80.
        #expect(field.displayedTextRects(2..<5).map { [$0.minX, $0.width] } == [[20, 20], [70, 10]])
        #expect(selectionFills(scene, field).map { [$0.minX, $0.width] } == [[26, 20], [76, 10]])
        #expect(scene.platform.primary.contents == "c ש")
        scene.key(.character("c"), text: "c", modifiers: [.control])
        #expect(scene.platform.clipboard.contents == "c ש", "the copy is in logical order")
        // Shift+Left shrinks it again, logically.
        scene.key(.left, modifiers: [.shift])
        #expect(field.selectedText == "c ")
        #expect(selectionFills(scene, field).count == 1)
    }

    @Test func doubleClickSelectsARightToLeftWordAsOneRect() throws {
        let scene = HeadlessScene.rightToLeft()
        let field = field(in: scene, text: "abc שלום def")
        // שלום is drawn at 40..80 of the text.
        scene.click(at: Point(x: 6 + 45, y: 12))
        scene.click(at: Point(x: 6 + 45, y: 12))
        #expect(field.selectedText == "שלום")
        #expect(selectionFills(scene, field).map { [$0.minX, $0.width] } == [[46, 40]])
        scene.key(.character("c"), text: "c", modifiers: [.control])
        #expect(scene.platform.clipboard.contents == "שלום")

        // Arabic, joined (6 per joined letter): the second word of an RTL paragraph.
        let arabicScene = HeadlessScene.rightToLeft()
        let arabic = self.field(in: arabicScene, text: "مرحبا بكم")
        let word = try #require(arabic.displayedTextRects(6..<9).first)
        let origin = arabic.textOrigin.x
        arabicScene.click(at: Point(x: origin + word.midX, y: 12))
        arabicScene.click(at: Point(x: origin + word.midX, y: 12))
        #expect(arabic.selectedText == "بكم")
        #expect(word.minX == 0, "the paragraph's last word is drawn leftmost")
    }

    @Test func backspaceDeletesOneGraphemeWithItsMarks() {
        let scene = HeadlessScene.rightToLeft()
        let field = field(in: scene)
        // Marks arrive as separate keys, as an input method sends them.
        for scalar in "שָׁלוֹם".unicodeScalars { scene.key(.character(Character(scalar)), text: String(scalar)) }
        #expect(field.text == "שָׁלוֹם" && field.text.count == 4 && field.caretOffset == 4)
        scene.key(.backspace)
        #expect(field.text == "שָׁלוֹ")
        scene.key(.backspace)
        #expect(field.text == "שָׁל", "ו with its holam is one grapheme")
        scene.key(.home); scene.key(.right); scene.key(.backspace)
        #expect(field.text == "ל" && field.caretOffset == 0)

        let arabic = self.field(in: HeadlessScene.rightToLeft())
        let arabicScene = HeadlessScene.rightToLeft()
        arabicScene.root.addSubview(arabic)
        arabic.becomeFirstResponder()
        for scalar in "مَرْحَبًا".unicodeScalars { arabicScene.key(.character(Character(scalar)), text: String(scalar)) }
        #expect(arabic.text.count == 5)
        arabicScene.key(.backspace); arabicScene.key(.backspace)
        #expect(arabic.text == "مَرْحَ", "بً went whole")
    }

    @Test func anEmptyFieldForcedRightToLeftPutsItsCaretAndPlaceholderOnTheRight() {
        let scene = HeadlessScene.rightToLeft()
        let field = field(in: scene)
        #expect(field.caretRect.minX == 6)
        field.baseWritingDirection = .rightToLeft
        #expect(field.caretRect.minX == 193)
        #expect(field.traceFields().contains { $0.0 == "direction" && "\($0.1)".contains("rtl") })
        field.resignFirstResponder()
        field.placeholder = "search"
        let placeholder = scene.drawing(of: field).compactMap { if case .text(let s, _, _, let p) = $0 { (s, p.x) } else { nil } }
        #expect(placeholder.map(\.0) == ["search"])
        #expect(placeholder.first.map { $0.1 } == 133, "ends at 193")
        // Natural: a Hebrew placeholder goes right by itself, a Latin one left.
        field.baseWritingDirection = nil
        field.placeholder = "חיפוש"
        let hebrew = drawnPieces(scene.drawing(of: field)).map(\.1.x)
        #expect(hebrew == [143])
    }

    @Test func latinTextForcedRightToLeftSitsOnTheRightWithItsNeutralsFirst() {
        let scene = HeadlessScene.rightToLeft()
        let field = field(in: scene, text: "abc!")
        #expect(field.textOrigin.x == 6)
        field.baseWritingDirection = .rightToLeft
        #expect(field.textOrigin.x == 193 - 40)
        let drawn = scene.drawing(of: field).compactMap { if case .text(let s, _, _, let p) = $0 { (s, p.x) } else { nil } }
        #expect(drawn.map(\.0) == ["!", "abc"])
        #expect(drawn.first?.1 == 153)
    }

    @Test func aHebrewCompositionIsUnderlinedAndHighlightedUnderItsOwnGlyphs() {
        let scene = HeadlessScene.rightToLeft()
        let field = field(in: scene, text: "שלום")
        field.setPreedit(Preedit(text: "אב", highlights: [0..<1]))
        // Shown: שלוםאב, 60 wide from x 133; the composition is its logical end, drawn leftmost
        // (ב at 0..10, א at 10..20).
        #expect(field.textOrigin.x == 133)
        let fills = scene.drawing(of: field).compactMap { if case .fill(let r, let c) = $0 { (r, c) } else { nil } }
        let underline = fills.filter { $0.0.height == 1 }.map { [$0.0.minX, $0.0.width] }
        #expect(underline == [[133, 20]])
        let highlight = fills.filter { $0.1 == .selection }.map { [$0.0.minX, $0.0.width] }
        #expect(highlight == [[143, 10]], "א, the first composed letter, is the right one")
    }

    @Test func longRightToLeftTextScrollsToKeepTheCaretInView() {
        let scene = HeadlessScene.rightToLeft()
        let field = field(in: scene, text: String(repeating: "אבגדה", count: 6))
        // 300 wide in 188: the end (the left edge) is in view after typing.
        #expect(field.scrollOffset == 0 && field.caretRect.minX == 6)
        scene.key(.home)
        #expect(field.scrollOffset == 113 && field.caretRect.minX == 193)
        scene.key(.end)
        #expect(field.scrollOffset == 0 && field.caretRect.minX == 6)
    }
}
