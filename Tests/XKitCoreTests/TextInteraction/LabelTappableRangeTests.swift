import Testing
@testable import XKitCore

@MainActor
@Suite struct LabelTappableRangeTests {
    // "hello world" at 13 pt: 10 pt a character, 13 pt a line; in a 200×40 label the text sits at y 13.

    @Test func aTapOnARangeRunsItsHandlerNotTheLabelsOwnTap() {
        let b = LabelBench("hello world")
        var taps: [String] = []
        var labelTaps = 0
        b.label.addGestureRecognizer(TapGestureRecognizer { _ in labelTaps += 1 })
        b.label.addTapHandler(for: "world") { taps.append($0.text) }
        b.click(Point(x: 85, y: 19))
        #expect(taps == ["world"])
        #expect(labelTaps == 0)
        b.pause()
        b.click(Point(x: 25, y: 19))
        #expect(taps == ["world"])
        #expect(labelTaps == 1, "a tap outside every range goes to the label's own tap")
    }

    @Test func aTapOutsideTheGlyphsIsAMiss() {
        let b = LabelBench("hello world")
        var taps = 0
        b.label.addTapHandler(for: "world") { _ in taps += 1 }
        b.click(Point(x: 115, y: 19)) // right of the last glyph
        b.pause()
        b.click(Point(x: 85, y: 10)) // above the line, still inside the label
        b.pause()
        b.click(Point(x: 85, y: 27)) // below it
        #expect(taps == 0)
        #expect(b.label.tappableRange(at: Point(x: 109, y: 19))?.text == "world")
        #expect(b.label.tappableRange(at: Point(x: 110, y: 19)) == nil)
    }

    @Test func rangesFollowVerticalCentringAndAlignment() {
        // Two lines of 50 pt right-aligned in 60 pt, 26 pt tall centred in 100 pt: origin y 37.
        let b = LabelBench("hello world", frame: Rect(x: 20, y: 30, width: 60, height: 100), alignment: .right)
        var taps: [String] = []
        b.label.addTapHandler(for: "world") { taps.append($0.text) }
        let range = b.label.tappableRanges[0].range
        #expect(b.label.rects(for: range) == [Rect(x: 10, y: 50, width: 50, height: 13)])
        #expect(b.label.textOrigin == Point(x: 0, y: 37))
        b.click(Point(x: 12, y: 52))
        #expect(taps == ["world"])
        b.pause()
        b.click(Point(x: 8, y: 55)) // left of the right-aligned line
        #expect(taps == ["world"])
    }

    @Test func aRangeCrossingLinesHasARectPerLineAndTapsOnEither() {
        let b = LabelBench("hello world", frame: Rect(x: 20, y: 30, width: 60, height: 26))
        var taps = 0
        b.label.addTapHandler(for: "lo wo") { _ in taps += 1 }
        let range = b.label.tappableRanges[0].range
        // "lo" ends line 0 (the space hangs and has no rect), "wo" starts line 1.
        #expect(b.label.rects(for: range) == [Rect(x: 30, y: 0, width: 20, height: 13), Rect(x: 0, y: 13, width: 20, height: 13)])
        b.click(Point(x: 35, y: 5))
        b.pause()
        b.click(Point(x: 15, y: 20))
        b.pause()
        b.click(Point(x: 55, y: 5)) // the hanging space: no glyph
        #expect(taps == 2)
    }

    @Test func substringHandlersCoverAllOrTheFirstOccurrence() {
        let b = LabelBench("ab ab ab")
        b.label.addTapHandler(for: "ab") { _ in }
        #expect(b.label.tappableRanges.map { b.offset($0.range.lowerBound) } == [0, 3, 6])
        let c = LabelBench("ab ab ab")
        c.label.addTapHandler(for: "ab", occurrence: .first) { _ in }
        #expect(c.label.tappableRanges.map { c.offset($0.range.lowerBound) } == [0])
    }

    @Test func rangesAreWholeCharacters() {
        // "e" does not match the e of a decomposed "é"; a range inside the family emoji widens to all of it.
        let b = LabelBench("cafe\u{301} a👨‍👩‍👧b")
        b.label.addTapHandler(for: "e") { _ in }
        #expect(b.label.tappableRanges.isEmpty)
        let text = b.label.text ?? ""
        let inside = text.utf8.index(text.utf8.startIndex, offsetBy: 9)..<text.utf8.index(text.utf8.startIndex, offsetBy: 12)
        b.label.addTapHandler(for: inside) { _ in }
        #expect(b.label.tappableRanges.map(\.text) == ["👨‍👩‍👧"])
    }

    @Test func aRangeHiddenByTruncationHasNoRectAndNoTap() {
        // One line in 80 pt: "hello w…"; "rld" is cut off.
        let b = LabelBench("hello world", frame: Rect(x: 20, y: 30, width: 80, height: 40), lines: 1)
        var taps = 0
        b.label.addTapHandler(for: "rld") { _ in taps += 1 }
        #expect(b.label.rects(for: b.label.tappableRanges[0].range) == [])
        b.click(Point(x: 75, y: 19)) // on the "…"
        #expect(taps == 0)
    }

    @Test func aPressHighlightsTheRangeUntilReleaseOrLeaving() {
        let b = LabelBench("hello world")
        var taps = 0
        b.label.addTapHandler(for: "world") { _ in taps += 1 }
        let range = b.label.tappableRanges[0].range
        b.down(Point(x: 85, y: 19))
        #expect(b.label.pressedTappableRange == range)
        b.move(Point(x: 115, y: 19)) // off the glyphs
        #expect(b.label.pressedTappableRange == nil)
        b.move(Point(x: 90, y: 19)) // back
        #expect(b.label.pressedTappableRange == range)
        b.up(Point(x: 90, y: 19))
        #expect(b.label.pressedTappableRange == nil)
        #expect(taps == 1)
        b.pause()
        b.down(Point(x: 85, y: 19))
        b.move(Point(x: 40, y: 19))
        b.up(Point(x: 40, y: 19))
        #expect(taps == 1, "released off the range")
        #expect(b.label.pressedTappableRange == nil)
    }

    @Test func theHighlightIsATintDrawnUnderTheText() {
        let b = LabelBench("hello world")
        b.label.addTapHandler(for: "world") { _ in }
        b.down(Point(x: 85, y: 19))
        let log = OrderedDrawLog()
        b.label.draw(in: log)
        let tint = b.label.tappableHighlightColor
        let fill = log.calls.firstIndex(of: .fill(Rect(x: 58, y: 13, width: 54, height: 13), tint))
        #expect(fill != nil)
        #expect((fill ?? .max) < (log.firstTextCall ?? -1))
        b.up(Point(x: 85, y: 19))
        let after = OrderedDrawLog()
        b.label.draw(in: after)
        #expect(after.fills.isEmpty)
    }

    @Test func linkRunsGoToTheLabelsLinkHandler() {
        let b = LabelBench("")
        var text = AttributedText("see ")
        text.append(AttributedText("docs", font: .system, color: .accent, underline: true, link: "https://x.org/docs"))
        b.label.attributedText = text
        #expect(b.label.tappableRanges.isEmpty, "links are tappable once there is a handler")
        var got: [String] = []
        b.label.onLinkTap = { link, text in got.append(link + " " + text) }
        #expect(b.label.tappableRanges.map(\.kind) == [.link("https://x.org/docs")])
        b.click(Point(x: 45, y: 19))
        #expect(got == ["https://x.org/docs docs"])
    }

    @Test func removingAHandlerStopsItsTaps() {
        let b = LabelBench("hello world")
        var taps = 0
        let token = b.label.addTapHandler(for: "hello") { _ in taps += 1 }
        b.label.removeTapHandler(token)
        b.click(Point(x: 15, y: 19))
        #expect(taps == 0)
        #expect(b.label.tappableRanges.isEmpty)
    }

    @Test func newTextDropsExplicitRangesAndKeepsSubstrings() {
        let b = LabelBench("hello world")
        let text = b.label.text ?? ""
        b.label.addTapHandler(for: text.startIndex..<text.index(text.startIndex, offsetBy: 5)) { _ in }
        b.label.addTapHandler(for: "world") { _ in }
        #expect(b.label.tappableRanges.map(\.text) == ["hello", "world"])
        b.label.textColor = .red // same string: ranges stay
        #expect(b.label.tappableRanges.map(\.text) == ["hello", "world"])
        b.label.text = "world, hello world"
        #expect(b.label.tappableRanges.map(\.text) == ["world", "world"])
    }

    @Test func overlapsGoToTheRangeAddedLast() {
        let b = LabelBench("hello world")
        b.label.detectors = [.hashtags]
        b.label.addTapHandler(for: "hello world") { _ in }
        b.label.addTapHandler(for: "world") { _ in }
        #expect(b.label.tappableRanges.map(\.text) == ["world"])
    }

    @Test func aLabelWithOnlyRangesLetsOtherClicksThroughToWhatIsBeneath() {
        let b = LabelBench("hello world")
        let beneath = View(frame: b.label.frame)
        b.root.insertSubview(beneath, at: 0)
        var beneathTaps = 0, rangeTaps = 0
        beneath.addGestureRecognizer(TapGestureRecognizer { _ in beneathTaps += 1 })
        b.label.addTapHandler(for: "world") { _ in rangeTaps += 1 }
        #expect(b.label.isUserInteractionEnabled)
        b.click(Point(x: 85, y: 19))
        b.pause()
        b.click(Point(x: 25, y: 19))
        b.pause()
        b.click(Point(x: 150, y: 19))
        #expect(rangeTaps == 1)
        #expect(beneathTaps == 2)
    }

    @Test func aTappableAncestorGetsClicksOffTheRanges() {
        let b = LabelBench("hello world")
        var cardTaps = 0, rangeTaps = 0
        b.root.addGestureRecognizer(TapGestureRecognizer { _ in cardTaps += 1 })
        b.label.addTapHandler(for: "world") { _ in rangeTaps += 1 }
        b.click(Point(x: 85, y: 19))
        b.pause()
        b.click(Point(x: 25, y: 19))
        #expect(rangeTaps == 1)
        #expect(cardTaps == 1)
    }

    @Test func aLongPressOnARangeTakesOverAndClearsTheHighlight() {
        let b = LabelBench("hello world")
        var taps = 0, began = 0
        b.label.addTapHandler(for: "world") { _ in taps += 1 }
        b.label.addGestureRecognizer(LongPressGestureRecognizer { r in if r.state == .began { began += 1 } })
        b.down(Point(x: 85, y: 19))
        #expect(b.label.pressedTappableRange != nil)
        b.clock.advance(by: 0.6)
        b.router.tick(now: b.clock.now)
        #expect(began == 1)
        #expect(b.label.pressedTappableRange == nil)
        b.up(Point(x: 85, y: 19))
        #expect(taps == 0)
    }

    @Test func aTapIsTracedWithTheRangeTextAndTheViewsEventListsRects() {
        let b = LabelBench("hello world")
        b.label.accessibilityIdentifier = "post"
        b.label.addTapHandler(for: "world") { _ in }
        let fields = b.label.traceFields().map { "\($0.0)=\($0.1.serialized)" }
        // The label sits at (20, 30); "world" at x 60, y 13 inside it.
        #expect(fields.contains("ranges=[{\"text\":\"world\",\"kind\":\"handler\",\"rects\":[[80,43,50,13]]}]"))
        #expect(!fields.contains { $0.hasPrefix("selectable") })
    }
}
