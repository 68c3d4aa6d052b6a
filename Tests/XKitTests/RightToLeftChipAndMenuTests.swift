import Testing
@_spi(Platform) import XKit
@testable import XKitCore
import XKitTesting

/// Tag chips with Arabic and Hebrew titles, display-free (joined Arabic letters measure 6, others 10).
@MainActor
@Suite struct RightToLeftTagChipTests {
    private func tagInput(_ titles: [String], in scene: HeadlessScene) -> TagInputView {
        let input = TagInputView(titles: titles)
        input.frame = Rect(x: 0, y: 0, width: 400, height: 200)
        scene.root.addSubview(input)
        scene.platform.displayPass()
        return input
    }

    private func chip(_ title: String, of input: TagInputView) throws -> TagChip {
        try #require(input.visibleChips.first { $0.tag.title == title })
    }

    @Test func anArabicChipIsAsWideAsItsShapedTitleAndDrawsItRightToLeft() throws {
        let scene = HeadlessScene.rightToLeft()
        let input = tagInput(["مرحبا"], in: scene)
        let chip = try chip("مرحبا", of: input)
        // Five joined letters: 30 wide (letter by letter they would be 50), + 2 × 10 padding + 4 + 16 for the ×.
        #expect(chip.frame.width == 70)
        #expect(chip.titleLabel.textLayout.truncatedRange == nil)
        let frame = chip.convert(chip.bounds, to: nil)
        let texts = drawnLines(scene.drawing(of: chip))
        // Drawn as one shaped word at the same padding as a Latin title, left of the ×.
        #expect(texts.map(\.0) == ["مرحبا"])
        let x = try #require(texts.first?.1)
        #expect(x == frame.minX + 10)
        #expect(x + 30 <= frame.minX + chip.removeButtonRect.minX - 4)
    }

    @Test func aMixedListFlowsInOrderWithEachChipSizedToItsShapedTitle() throws {
        let scene = HeadlessScene.rightToLeft()
        let titles = ["alpha", "مرحبا", "beta", "שלום עולם", "سلام"]
        let input = tagInput(titles, in: scene)
        let chips = try titles.map { try input.contentFrame(of: chip($0, of: input)) }
        #expect(chips.map(\.width) == [90, 70, 80, 130, 64])
        // One left-to-right flow in the list's order: 8 apart on a row, a new row from the left.
        for (a, b) in zip(chips, chips.dropFirst()) {
            let next = b.minY == a.minY ? b.minX == a.maxX + 8 : b.minY > a.minY && b.minX == 8
            #expect(next, "\(b) follows \(a)")
        }
    }

    @Test func selectingAnArabicChipThenBackspaceOrDeleteRemovesExactlyThatTag() throws {
        let scene = HeadlessScene.rightToLeft()
        let input = tagInput(["one", "مرحبا", "שלום", "two"], in: scene)
        let arabic = try chip("مرحبا", of: input)
        let frame = arabic.convert(arabic.bounds, to: nil)
        scene.click(at: Point(x: frame.minX + 20, y: frame.midY))
        #expect(arabic.isSelected)
        scene.key(.backspace)
        #expect(input.tags.map(\.title) == ["one", "שלום", "two"])
        // The chips after it slide over the gap; click Hebrew where it comes to rest.
        scene.platform.advance(by: 1)
        let hebrew = try chip("שלום", of: input)
        let hebrewFrame = hebrew.convert(hebrew.bounds, to: nil)
        scene.click(at: Point(x: hebrewFrame.minX + 20, y: hebrewFrame.midY))
        scene.key(.delete)
        #expect(input.tags.map(\.title) == ["one", "two"])
    }

    @Test func backspaceInTheEmptyFieldSelectsThenDeletesTheLastRightToLeftChip() throws {
        let scene = HeadlessScene.rightToLeft()
        let input = tagInput(["one", "مرحبا"], in: scene)
        input.focusField()
        scene.key(.backspace)
        #expect(input.tags.count == 2)
        #expect(try chip("مرحبا", of: input).isSelected)
        scene.key(.backspace)
        #expect(input.tags.map(\.title) == ["one"])
    }

    @Test func typedArabicWithTheArabicCommaAndAPastedMixedListAddTags() async {
        let scene = HeadlessScene.rightToLeft()
        let input = tagInput([], in: scene)
        input.focusField()
        scene.type("سلام")
        scene.key(.character("،"), text: "،")  // Shift+K on the Arabic layout
        #expect(input.tags.map(\.title) == ["سلام"])
        #expect(input.textField.text.isEmpty)
        scene.platform.clipboard.contents = "أحمد، שרה, Bob\nمحمد علي"
        #expect(await input.textField.paste(from: .clipboard))
        #expect(input.tags.map(\.title) == ["سلام", "أحمد", "שרה", "Bob", "محمد علي"])
    }
}

/// Menus with Arabic and Hebrew titles, and the copy menu's target in mixed-direction labels.
@MainActor
@Suite struct RightToLeftMenuTests {
    /// The lines of text a popup drew, with their leftmost x in the popup.
    private func drawnTitles(_ scene: HeadlessScene) throws -> [(String, Double)] {
        let popup = try #require(scene.menuWindow)
        let surface = try #require(scene.platform.surface(of: popup))
        popup.contentView.setNeedsDisplay()
        scene.platform.displayPass()
        return drawnLines(surface.recorder.calls)
    }

    @Test func contextMenuTitlesInArabicAndHebrewSitAtTheRightOfTheTitleColumn() throws {
        let scene = HeadlessScene.rightToLeft()
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        view.menuItems = [MenuItem(title: "Share…") { _ in }, MenuItem(title: "نسخ الرابط") { _ in },
                          MenuItem(title: "שתף") { _ in }]
        scene.root.addSubview(view)
        scene.click(at: Point(x: 20, y: 20), button: .secondary)
        let menu = try #require(scene.app.menuController.contextMenuView)
        let columnEnd = menu.layout.metrics.horizontalPadding + menu.layout.titleWidth + 0.5
        let drawn = try drawnTitles(scene)
        // "نسخ الرابط": 3 + 6 joined letters and a space, 64 wide, its second word leftmost.
        #expect(drawn.map(\.0) == ["Share…", "الرابط نسخ", "שתף"])
        #expect(drawn[0].1 == 14, "Latin from the left")
        #expect(drawn[1].1 + 64 == columnEnd, "Arabic ends at the column's right")
        #expect(drawn[2].1 + 30 == columnEnd, "Hebrew too")
        #expect(scene.chooseMenuItem("نسخ الرابط"))
    }

    @Test func calloutItemsWithRightToLeftTitlesDrawInsideTheirFrames() throws {
        let scene = HeadlessScene.rightToLeft()
        let label = Label(text: "abc")
        label.frame = Rect(x: 10, y: 40, width: 200, height: 20)
        label.isCopyable = true
        label.menuItems = [MenuItem(title: "مشاركة") { _ in }, MenuItem(title: "שתף") { _ in }]
        scene.root.addSubview(label)
        scene.longPress(at: Point(x: 20, y: 50))
        let menu = try #require(scene.app.menuController.menuView)
        #expect(menu.items.map(\.title) == ["Copy", "مشاركة", "שתף"])
        let popup = try #require(scene.menuWindow)
        popup.contentView.setNeedsDisplay()
        scene.platform.displayPass()
        let calls = try #require(scene.platform.surface(of: popup)).recorder.calls
        let drawn = drawnPieces(calls).map { ($0.0, $0.1.x) }
        #expect(drawn.map(\.0) == ["Copy", "مشاركة", "שתף"])
        for (i, title) in menu.layout.titleFrames.enumerated() {
            let frame = title.offsetBy(dx: menu.placement.bodyRect.minX, dy: menu.placement.bodyRect.minY)
            #expect(drawn[i].1 >= frame.minX && drawn[i].1 <= frame.minX + 1, "item \(i) starts in its frame")
        }
    }

    @Test func theCopyMenuPointsAtTheTextOfARightToLeftLabelOnTheRight() throws {
        let scene = HeadlessScene.rightToLeft()
        let label = Label(text: "مرحبا abc")  // RTL paragraph: 30 + 10 + 30 = 70 wide
        label.frame = Rect(x: 10, y: 40, width: 300, height: 20)
        label.isCopyable = true
        scene.root.addSubview(label)
        scene.longPress(at: Point(x: 280, y: 50))
        let menus = scene.app.menuController
        let rect = try #require(menus.targetRect)
        #expect(rect.minX == 230 && rect.maxX == 300, "the text's rect, at the right of the label")
        let placement = try #require(menus.menuView?.placement)
        let screen = label.convertToScreen(rect)
        #expect(placement.frame.minX + placement.arrowX == screen.midX, "the arrow points at the text's centre")
        #expect(scene.chooseMenuItem("Copy"))
        #expect(scene.platform.clipboard.contents == "مرحبا abc")

        // A left-to-right label with a Hebrew word: the rect stays on the left, as wide as the text.
        let mixed = Label(text: "Call אבא now")
        mixed.frame = Rect(x: 10, y: 100, width: 300, height: 20)
        mixed.isCopyable = true
        scene.root.addSubview(mixed)
        scene.platform.advance(by: 1)
        scene.longPress(at: Point(x: 40, y: 110))
        #expect(menus.targetRect.map { [$0.minX, $0.width] } == [0, 120])
    }
}
