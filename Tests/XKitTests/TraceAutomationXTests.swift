import Foundation
import Testing
import XKit
import XKitTesting

/// The trace as an automation API, under a real X server with XTest input: focus moves are traced,
/// recycled rows are marked hidden, and a 10,000-chip scene still ends on its latest tree.
@Suite(.serialized)
struct TraceAutomationXTests {
    private let driver: XTestDriver

    init() throws {
        _ = try XvfbServer.shared()
        driver = try XTestDriver.shared()
    }

    private func view(_ value: Any?) -> [String: Any]? { value as? [String: Any] }

    private func rect(_ value: Any?) -> Rect? {
        guard let n = (value as? [Any])?.compactMap({ ($0 as? NSNumber)?.doubleValue }), n.count == 4 else { return nil }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    @Test func tabAndAClickWriteFocusChangedWithTheViewsIdAndFrame() throws {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery"])
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        _ = app.waitForQuiescence()
        // Tab until a view with an id takes the focus; each step must be traced.
        var withID: TraceEvent?
        for _ in 0..<12 where withID == nil {
            let mark = app.mark()
            try driver.key("Tab")
            let event = try app.waitForEvent(named: "focus.changed", since: mark)
            let focused = try #require(view(event["view"]), "Tab focused nothing: \(event)")
            let frame = try #require(rect(focused["frame"]))
            // The next tree agrees: the node at that frame is the focused one, of that type.
            let node = try app.waitForView(since: mark) { ($0.fields["states"] as? [String])?.contains("focused") == true }
            #expect(node.type == focused["type"] as? String)
            #expect(node.frame == frame)
            if let id = event.string("id") {
                #expect(node.id == id && focused["id"] as? String == id)
                withID = event
            }
        }
        #expect(withID != nil, "no view with an id took the focus in 12 Tabs")

        let field = try #require(app.latestViews().first { $0.type == "TextField" })
        let mark = app.mark()
        driver.click(at: field.center)
        let clicked = try app.waitForEvent(named: "focus.changed", since: mark)
        #expect(view(clicked["view"])?["type"] as? String == "TextField")
        #expect(view(clicked["previous"])?["type"] as? String == view(withID?["view"])?["type"] as? String,
                "the previous view is the one Tab had focused")
    }

    @Test func aRecycledRowAndEverythingInItIsListedHidden() throws {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "contacts", "--rows", "500"])
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        let list = try app.waitForView { $0.type == "CollectionView" }
        // Scroll far enough that rows leave the screen and go back to the pool.
        let mark = app.mark()
        driver.scroll(at: list.center, dy: 15)
        _ = try app.waitForEvent(named: "views", since: mark) { event in
            event.views.contains { $0.type == "CollectionViewCell" && $0.fields["hidden"] as? Bool == true }
        }
        _ = app.waitForQuiescence()
        // Only a cell's own subtree (deeper than the cell, up to the next node at its depth or above) is
        // inside it: a sticky header that follows a cell in the flat list is its sibling.
        var hiddenCellDepth: Int?, checked = 0
        for node in app.latestViews() {
            let depth = try #require(node.fields["depth"] as? Int, "every node has its depth")
            if let cellDepth = hiddenCellDepth, depth > cellDepth {
                checked += 1
                #expect(node.fields["hidden"] as? Bool == true, "\(node) is inside a recycled row but looks live")
                continue
            }
            hiddenCellDepth = node.type == "CollectionViewCell" && node.fields["hidden"] as? Bool == true ? depth : nil
        }
        #expect(checked > 0, "the recycled rows have labels to check")
    }

    @Test func tenThousandChipsWithTheTraceOnStillEndOnTheLatestTree() throws {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "tags", "--tags", "10000"])
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        _ = app.waitForQuiescence()
        // The field sits after the 10,000th chip, out of sight: a click in the tag input's padding
        // focuses it and scrolls it into view (as xkit-bench keylat does).
        let input = try #require(app.latestViews().first { $0.type == "TagInputView" })
        let focusMark = app.mark()
        driver.click(at: Point(x: input.frame.minX + 3, y: input.frame.minY + 3))
        _ = try app.waitForView(since: focusMark, timeout: 15) { $0.type == "TextField" && $0.fields["focused"] as? Bool == true }
        let mark = app.mark()
        let typed = String(repeating: "abcdefghij", count: 6)
        try driver.type(typed)
        // However the writes were spaced, the last tree written shows everything typed.
        let field = try app.waitForView(since: mark, timeout: 15) { $0.type == "TextField" && $0.text == typed }
        #expect(field.text == typed)
        let written = app.events[mark...].filter { $0.name == "views" }.count
        #expect(written >= 1 && written < typed.count / 2, "\(typed.count) keys wrote \(written) trees of 10,000 chips")
    }
}
