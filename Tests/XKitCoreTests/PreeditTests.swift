import Testing
@_spi(Platform) @_spi(Testing) import XKitCore
import XKitHeadless

/// The input method's composition in the core: routed by the window to the focused field, drawn
/// inline, traced, committed or dropped, and given room in the tag input. No display involved.
@MainActor
@Suite(.serialized) struct PreeditTests {
    @Test func theWindowGivesTheCompositionToTheFocusedFieldWhichShowsItInPlaceOfTheSelection() {
        let f = TagInputFixture()
        f.input.focusField()
        f.type("ab")
        f.field.select(1..<2)
        f.host.scene.platform.surface(of: f.host.scene.window)?.changePreedit(Preedit(text: "한국", caret: 1, highlights: [0..<1]))
        #expect(f.field.preedit?.text == "한국")
        #expect(f.field.text == "ab", "nothing is in the text before the commit")
        #expect(f.field.textLayout.attributedText.string == "a한국")
        // The caret is the input method's: after 한, 10 + 20 points in with the fixed measurer.
        #expect(f.field.caretRect.minX == f.field.textOrigin.x + 30)
        let trace = Dictionary(f.field.traceFields(), uniquingKeysWith: { a, _ in a })
        #expect(trace["preedit"]?.serialized == "\"한국\"")
        #expect(trace["preeditCaret"]?.serialized == "1")

        f.host.scene.platform.surface(of: f.host.scene.window)?.changePreedit(nil)
        #expect(f.field.preedit == nil)
        #expect(f.field.textLayout.attributedText.string == "ab")
        #expect(f.field.selectedRange == 1..<2, "a cancelled composition gives the selection back")
        #expect(!f.field.traceFields().contains { $0.0 == "preedit" })
    }

    @Test func theCompositionIsDrawnUnderlinedWithTheHighlightBehindItAndTheCaretInside() {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 24))
        let host = MeasuringHost(root: root)
        let field = TextField(placeholder: "Add a tag")
        field.frame = Rect(x: 0, y: 0, width: 200, height: 24)
        root.addSubview(field)
        defer { _ = host }
        field.setPreedit(Preedit(text: "にほん", caret: 3, highlights: [0..<2]))
        let recorder = DrawRecorder()
        field.draw(in: recorder)
        #expect(recorder.texts.map(\.text) == ["にほん"], "the placeholder gives way to the composition")
        let origin = field.textOrigin
        let lineHeight = FixedAdvanceMeasurer().metrics(for: field.font).lineHeight
        let highlight = recorder.fills.first { $0.color == .selection }
        #expect(highlight?.rect == Rect(x: origin.x, y: origin.y, width: 40, height: lineHeight))
        let underline = recorder.fills.first { $0.rect.height == 1 && $0.rect.width == 60 }
        #expect(underline?.rect.minY == origin.y + lineHeight - 1)
    }

    @Test func clickingTheFieldFinishesTheCompositionAndKeepsWhatTheMethodCommitted() throws {
        let f = TagInputFixture()
        f.input.focusField()
        let window = f.host.scene.window
        let surface = try #require(f.platform.surfaces.first)
        surface.changePreedit(Preedit(text: "한"))
        surface.textOnFinishingComposition = "한"
        let field = f.field.convert(f.field.bounds, to: nil)
        f.click(Point(x: field.minX + 2, y: field.midY))
        #expect(surface.finishCompositionCount == 1)
        #expect(f.field.preedit == nil)
        #expect(f.field.text == "한")
    }

    @Test func movingFocusAwayFinishesTheCompositionIntoTheFieldItBelongsTo() throws {
        let f = TagInputFixture(titles: ["a", "b"])
        f.input.focusField()
        let surface = try #require(f.platform.surfaces.first)
        f.host.scene.platform.surface(of: f.host.scene.window)?.changePreedit(Preedit(text: "日本"))
        surface.textOnFinishingComposition = "日本"
        f.input.focusChip(at: 0)
        #expect(f.field.text == "日本")
        #expect(f.field.preedit == nil)
        #expect(surface.finishCompositionCount == 1)
        // An IM that drops rather than commits: nothing is inserted.
        f.input.focusField()
        f.host.scene.platform.surface(of: f.host.scene.window)?.changePreedit(Preedit(text: "x"))
        f.input.focusChip(at: 0)
        #expect(f.field.text == "日本")
    }

    @Test func theCaretGoesToThePlatformInWindowCoordinatesWhenItMoves() throws {
        let f = TagInputFixture(titles: ["alpha"])
        f.input.focusField()
        let surface = try #require(f.platform.surfaces.first)
        f.platform.displayPass()
        let first = try #require(surface.textInputCaret)
        #expect(first == f.field.convert(f.field.caretRect, to: nil))
        f.type("ab")
        f.platform.displayPass()
        #expect(surface.textInputCaret?.minX == first.minX + 20)
    }

    @Test func aLongCompositionMovesTheFieldToARowWideEnoughAndBackWhenItEnds() throws {
        let f = TagInputFixture(titles: ["one", "two", "three"], width: 400)
        f.input.focusField()
        let before = f.input.contentFrame(of: f.field)
        try #require(before.width < 8 * 20, "the test needs a short last row: \(before)")
        f.host.scene.platform.surface(of: f.host.scene.window)?.changePreedit(Preedit(text: String(repeating: "가", count: 8)))
        f.root.layoutIfNeeded()
        #expect(f.input.contentFrame(of: f.field).width >= 8 * 20)
        #expect(f.input.contentFrame(of: f.field).minY > before.minY, "the field wraps to a row of its own")
        f.host.scene.platform.surface(of: f.host.scene.window)?.changePreedit(nil)
        f.root.layoutIfNeeded()
        #expect(f.input.contentFrame(of: f.field) == before)
    }
}
