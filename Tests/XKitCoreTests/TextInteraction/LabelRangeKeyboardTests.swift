import Testing
@testable import XKitCore

@MainActor
@Suite struct LabelRangeKeyboardTests {
    /// A label with three ranges and a button after it.
    private func bench() -> (LabelBench, Button, () -> [String]) {
        let b = LabelBench("one two three four")
        var log: [String] = []
        for word in ["one", "three", "four"] { b.label.addTapHandler(for: word) { log.append($0.text) } }
        let button = Button(title: "after")
        button.frame = Rect(x: 20, y: 100, width: 80, height: 24)
        b.root.addSubview(button)
        return (b, button, { log })
    }

    @Test func tabFocusesTheFirstRangeThenEachRangeThenTheNextView() {
        let (b, button, _) = bench()
        b.key(.tab)
        #expect(b.label.isFirstResponder)
        #expect(b.label.focusedTappableRange?.text == "one")
        b.key(.tab)
        #expect(b.label.focusedTappableRange?.text == "three")
        b.key(.tab)
        #expect(b.label.focusedTappableRange?.text == "four")
        b.key(.tab)
        #expect(button.isFirstResponder)
        #expect(b.label.focusedTappableRange == nil)
        b.key(.tab, .shift)
        #expect(b.label.isFirstResponder)
        b.key(.tab, .shift)
        #expect(button.isFirstResponder, "Shift+Tab from the first range leaves the label")
    }

    @Test func arrowsCycleAndEnterOrSpaceActivate() {
        let (b, _, log) = bench()
        b.key(.tab)
        b.key(.left)
        #expect(b.label.focusedTappableRange?.text == "four")
        b.key(.enter)
        b.key(.right)
        b.key(.space)
        #expect(log() == ["four", "one"])
    }

    @Test func theFocusedRangeGetsTheRingAndTheLabelDoesNot() {
        let (b, _, _) = bench()
        b.key(.tab)
        #expect(!b.label.drawsFocusRing)
        let log = OrderedDrawLog()
        b.label.draw(in: log)
        // "one" is 30 pt wide at (0, 13), ringed 2 pt out sideways and 1 pt up and down.
        #expect(log.strokes.map(\.0) == [Rect(x: 0, y: 12, width: 32, height: 15)])
        #expect(log.strokes.map(\.1) == [b.label.focusRingColor])
    }

    @Test func aSelectableLabelWithoutRangesIsATabStopRingedAsAWhole() {
        let b = LabelBench("plain")
        b.label.isSelectable = true
        b.key(.tab)
        #expect(b.label.isFirstResponder)
        let log = OrderedDrawLog()
        b.label.draw(in: log)
        #expect(log.strokes.map(\.0) == [b.label.bounds.insetBy(dx: 1, dy: 1)])
    }

    @Test func aPlainLabelIsNoTabStop() {
        let b = LabelBench("plain")
        b.key(.tab)
        #expect(!b.label.isFirstResponder)
    }

    @Test func aClickFocusesTheLabelWithoutRingingARange() {
        let (b, _, log) = bench()
        b.click(Point(x: 15, y: 19))
        #expect(log() == ["one"])
        #expect(b.label.isFirstResponder)
        #expect(b.label.focusedTappableRange == nil)
        b.key(.tab)
        #expect(b.label.focusedTappableRange?.text == "one", "the keyboard takes over from there")
        b.router.handle(PointerEvent(kind: .down, location: b.window(Point(x: 95, y: 19)), button: .secondary,
                                     buttonsDown: [.secondary], time: b.clock.now))
        #expect(b.label.focusedTappableRange == nil)
    }
}
