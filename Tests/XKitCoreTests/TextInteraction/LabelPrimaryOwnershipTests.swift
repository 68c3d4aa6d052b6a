import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// A label's highlight lasts only while PRIMARY holds its selection, as ICCCM owners clear theirs on SelectionClear.
@MainActor
@Suite struct LabelPrimaryOwnershipTests {
    @Test func selectingInASecondLabelClearsTheFirstAndAnotherAppClearsTheSecond() {
        let b = LabelBench("hello world")
        b.label.isSelectable = true
        let second = Label(frame: Rect(x: 20, y: 100, width: 200, height: 40))
        second.text = "second label"
        second.isSelectable = true
        b.root.addSubview(second)
        let clipboard = RecordingClipboard(platform: b.host.platform)

        b.down(Point(x: 62, y: 19))
        b.move(Point(x: 108, y: 19))
        b.up(Point(x: 108, y: 19))
        #expect(b.label.selectedText == "world")
        // The first label's local points, 70 below: inside the second label.
        b.down(Point(x: 2, y: 89))
        b.move(Point(x: 50, y: 89))
        b.up(Point(x: 50, y: 89))
        #expect(clipboard.primary == ["world", second.selectedText ?? "?"])
        #expect(second.selectedText?.isEmpty == false)
        #expect(b.label.selectedText == nil, "the first label lost PRIMARY, so its highlight is gone")

        // Selecting again in the same label keeps its new selection.
        b.down(Point(x: 2, y: 89))
        b.move(Point(x: 30, y: 89))
        b.up(Point(x: 30, y: 89))
        #expect(second.selectedText?.isEmpty == false)

        b.host.platform.primary.takeOwnershipElsewhere("from xclip")
        #expect(second.selectedText == nil, "another client took PRIMARY")
    }

    @Test func aPlainCopyToPrimaryAlsoEndsTheLabelsOwnership() {
        let b = LabelBench("hello world")
        b.label.isSelectable = true
        b.down(Point(x: 62, y: 19))
        b.move(Point(x: 108, y: 19))
        b.up(Point(x: 108, y: 19))
        #expect(b.label.selectedText == "world")
        b.host.platform.clipboard.setString("clipboard only", event: nil)
        #expect(b.label.selectedText == "world", "CLIPBOARD is another selection")
        b.host.platform.primary.setString("a text field's selection", event: nil)
        #expect(b.label.selectedText == nil)
    }
}
