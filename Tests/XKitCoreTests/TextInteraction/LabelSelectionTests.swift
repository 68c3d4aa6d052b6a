import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

@MainActor
@Suite struct LabelSelectionTests {
    /// A selectable label with a recording clipboard installed.
    private func bench(_ text: String, frame: Rect = Rect(x: 20, y: 30, width: 200, height: 40)) -> (LabelBench, RecordingClipboard) {
        let b = LabelBench(text, frame: frame)
        b.label.isSelectable = true
        return (b, RecordingClipboard(platform: b.host.platform))
    }

    @Test func draggingSelectsAndSetsPrimaryWithTheReleaseTime() {
        let (b, clipboard) = bench("hello world")
        b.down(Point(x: 62, y: 19)) // caret before "w"
        b.move(Point(x: 80, y: 19))
        #expect(b.label.selectedText == "wo")
        b.move(Point(x: 108, y: 19)) // past the middle of "d"
        #expect(b.label.selectedText == "world")
        #expect(clipboard.sets.isEmpty, "PRIMARY is set once, on release")
        b.up(Point(x: 108, y: 19))
        #expect(clipboard.primary == ["world"])
        #expect(clipboard.sets.last?.time == b.serverTime)
        #expect(b.label.isFirstResponder, "so Ctrl+C copies the selection")
        #expect(b.label.focusedTappableRange == nil)
    }

    @Test func draggingBackwardsAndAcrossLinesSelects() {
        let (b, clipboard) = bench("hello world", frame: Rect(x: 20, y: 30, width: 60, height: 26))
        b.down(Point(x: 28, y: 20)) // line 1, caret after "wor"
        b.move(Point(x: 22, y: 5)) // line 0, caret after "he"
        b.up(Point(x: 22, y: 5))
        #expect(clipboard.primary == ["llo wor"])
    }

    @Test func doubleClickSelectsAWordAndTripleClickAParagraph() {
        let (b, clipboard) = bench("xin chào\nthế giới", frame: Rect(x: 20, y: 30, width: 200, height: 40))
        let second = Point(x: 45, y: 20) // "giới" on the second line (y 7..<33 for two lines)
        b.click(second)
        b.click(second)
        #expect(b.label.selectedText == "giới")
        b.click(second)
        #expect(b.label.selectedText == "thế giới")
        #expect(clipboard.primary == ["giới", "thế giới"])
    }

    @Test func aDoubleClickRightOfAShortLineSelectsItsLastWord() {
        let (b, _) = bench("hello world")
        b.click(Point(x: 150, y: 19))
        b.click(Point(x: 150, y: 19))
        #expect(b.label.selectedText == "world")
    }

    @Test func slowClicksDoNotMakeADoubleClick() {
        let (b, clipboard) = bench("hello world")
        b.click(Point(x: 25, y: 19))
        b.pause()
        b.click(Point(x: 25, y: 19))
        #expect(b.label.selectedText == nil)
        #expect(clipboard.sets.isEmpty)
    }

    @Test func theSelectionIsDrawnBehindTheGlyphs() {
        let (b, _) = bench("hello world")
        b.label.selectedRange = 6..<11
        let log = OrderedDrawLog()
        b.label.draw(in: log)
        let fill = log.calls.firstIndex(of: .fill(Rect(x: 60, y: 13, width: 50, height: 13), b.label.selectionColor))
        #expect(fill != nil)
        #expect((fill ?? .max) < (log.firstTextCall ?? -1))
    }

    @Test func copyTakesTheSelectionOrElseTheWholeText() {
        let (b, clipboard) = bench("hello world")
        b.label.becomeFirstResponder()
        b.key(.character("c"), .control)
        #expect(clipboard.clipboard == ["hello world"])
        b.label.selectedRange = 0..<5
        b.key(.character("c"), .control)
        #expect(clipboard.clipboard == ["hello world", "hello"])
        #expect(b.label.canPerformAction(.copy, sender: nil))
        #expect(b.label.sendAction(.copy, sender: nil))
        #expect(clipboard.clipboard.last == "hello")
        #expect(clipboard.primary.isEmpty, "setting the selection in code leaves PRIMARY alone")
    }

    @Test func aPlainClickClearsTheSelectionAndReachesTheLabelsTap() {
        let (b, clipboard) = bench("hello world")
        var taps = 0
        b.label.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        b.label.selectedRange = 0..<5
        b.click(Point(x: 85, y: 19))
        #expect(b.label.selectedText == nil)
        #expect(taps == 1)
        #expect(clipboard.sets.isEmpty)
    }

    @Test func aDragStartingOnARangeSelectsInsteadOfTapping() {
        let (b, clipboard) = bench("hello world")
        var taps = 0
        b.label.addTapHandler(for: "world") { _ in taps += 1 }
        b.down(Point(x: 62, y: 19))
        b.move(Point(x: 110, y: 19))
        #expect(b.label.pressedTappableRange == nil)
        b.up(Point(x: 110, y: 19))
        #expect(taps == 0)
        #expect(clipboard.primary == ["world"])
        b.pause()
        b.click(Point(x: 85, y: 19))
        #expect(taps == 1, "a click on the range still taps it")
    }

    @Test func selectableLabelsSayTheyAreSelectableInTheTrace() {
        let (b, _) = bench("hello")
        #expect(b.label.traceFields().contains { $0.0 == "selectable" && $0.1.serialized == "true" })
        b.label.isSelectable = false
        #expect(!b.label.traceFields().contains { $0.0 == "selectable" })
        #expect(!b.label.canPerformAction(.copy, sender: nil))
    }

    @Test func newTextClearsTheSelection() {
        let (b, _) = bench("hello world")
        b.label.selectedRange = 0..<5
        b.label.text = "other"
        #expect(b.label.selectedRange.isEmpty && b.label.selectedTextRange == nil)
    }

    @Test func aCopyableLabelsCopyPrefersTheSelection() {
        let (b, clipboard) = bench("hello world")
        b.label.isCopyable = true
        b.label.copyToClipboard()
        b.label.selectedRange = 6..<11
        b.label.copyToClipboard()
        #expect(clipboard.clipboard == ["hello world", "world"])
    }

    @Test func onTapHandlersAreTheLabelsOwnTap() {
        let (b, _) = bench("hello world")
        var ranges = 0, own = 0
        b.label.addTapHandler(for: "world") { _ in ranges += 1 }
        b.label.onTap { _ in own += 1 }
        b.click(Point(x: 85, y: 19))
        b.pause()
        b.click(Point(x: 25, y: 19))
        #expect(ranges == 1)
        #expect(own == 1)
    }
}

/// `Label.selectedRange` counts characters (grapheme clusters) as `TextField` and `TextView` do.
@MainActor
@Suite struct LabelSelectedRangeOffsetTests {
    @Test func offsetsCountGraphemesClampToTheTextAndMatchATextFields() {
        // "ễ" as e + combining circumflex + combining tilde: one character, three scalars.
        let text = "Nguye\u{302}\u{303}n Văn 안녕"
        let label = Label(text: text)
        label.isSelectable = true
        label.selectedRange = 7..<10
        #expect(label.selectedText == "Văn")
        label.selectedRange = 11..<99
        #expect(label.selectedText == "안녕" && label.selectedRange == 11..<13, "clamped to the text's 13 characters")
        let field = TextField(placeholder: nil, text: text)
        field.sendAction(.selectAll, sender: nil, event: nil)
        let same: Range<Int> = label.selectedRange
        #expect(type(of: same) == type(of: field.selectedRange))
        #expect(field.selectedRange == 0..<13, "a field counts the same characters")
        label.selectedRange = 3..<3
        #expect(label.selectedTextRange == nil && label.selectedText == nil, "an empty range selects nothing")
    }
}
