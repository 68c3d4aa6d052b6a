import Foundation
import Testing
import XKit
import XKitTesting

/// Tappable ranges and selection in the demo's post labels (`--scene post`), clicked with XTest out of process.
/// Rects come from the `views` trace (root coordinates), taps from `text.tap` and the demo's
/// `demo.post` events (the label's own tap).
@Suite(.serialized)
struct TextInteractionTests {
    /// One tappable range of a traced label.
    struct TracedRange {
        let text: String
        let rects: [Rect]
    }

    /// The post scene, mapped, with the two post labels' frames and ranges.
    final class Gallery: @unchecked Sendable {
        let app: AppProcess
        let driver: XTestDriver
        init() throws {
            _ = try XvfbServer.shared()
            driver = try XTestDriver.shared()
            app = try AppProcess("xkit-demo", arguments: ["--scene", "post"])
            _ = try app.waitForEvent(named: "window.mapped")
            _ = try app.waitForView { $0.id == "post.right" && $0.fields["ranges"] != nil }
        }
        deinit { app.terminate() }

        func label(_ id: String) throws -> TraceView {
            try #require(app.latestViews().first { $0.id == id })
        }

        func ranges(_ id: String) throws -> [TracedRange] {
            let list = try #require(try label(id).fields["ranges"] as? [[String: Any]])
            return list.map { dict in
                let rects = (dict["rects"] as? [Any] ?? []).compactMap { TracedRangeRect.parse($0) }
                return TracedRange(text: dict["text"] as? String ?? "", rects: rects)
            }
        }

        /// Clicks, then waits out the double-click interval so the next click stands alone.
        func click(_ point: Point) {
            driver.click(at: point)
            Thread.sleep(forTimeInterval: 0.5)
        }

        /// The `text.tap` texts and `demo.post` parts since a mark, once a `demo.post` or `text.tap` arrived.
        func outcome(since mark: Int, of id: String) throws -> (taps: [String], labelTaps: [String]) {
            _ = try app.waitForEvent(named: "demo.post", since: mark) { $0.string("id") == id }
            let events = app.events.dropFirst(mark)
            return (events.filter { $0.name == "text.tap" && $0.string("id") == id }.compactMap { $0.string("text") },
                    events.filter { $0.name == "demo.post" && $0.string("id") == id }.compactMap { $0.string("part") })
        }
    }

    enum TracedRangeRect {
        static func parse(_ value: Any) -> Rect? {
            guard let a = value as? [NSNumber], a.count == 4 else { return nil }
            return Rect(x: a[0].doubleValue, y: a[1].doubleValue, width: a[2].doubleValue, height: a[3].doubleValue)
        }
    }

    @Test(arguments: ["post.left", "post.right"])
    func clickingTheUsernameFiresItsHandler(id: String) throws {
        let g = try Gallery()
        let name = try #require(try g.ranges(id).first)
        #expect(name.text == "avatar1")
        let rect = try #require(name.rects.first)
        let mark = g.app.mark()
        g.click(rect.center)
        let result = try g.outcome(since: mark, of: id)
        #expect(result.taps == ["avatar1"])
        #expect(result.labelTaps.allSatisfy { $0.hasPrefix("name") }, "\(result.labelTaps)")
    }

    @Test(arguments: ["post.left", "post.right"])
    func clickingTheBodyFiresTheLabelsHandler(id: String) throws {
        let g = try Gallery()
        let name = try #require(try g.ranges(id).first?.rects.first)
        // The body follows the name on its line: 40 px right of the name's end is Korean text.
        let mark = g.app.mark()
        g.click(Point(x: name.maxX + 40, y: name.midY))
        let result = try g.outcome(since: mark, of: id)
        #expect(result.taps.isEmpty)
        #expect(result.labelTaps == ["text"])
    }

    @Test(arguments: ["post.left", "post.right"])
    func clickingBesideAShortLineFiresNoRange(id: String) throws {
        let g = try Gallery()
        let label = try g.label(id)
        let lastLine = try #require(try g.ranges(id).last?.rects.last) // the URL's last line
        // Right of a left-aligned short line, left of a right-aligned one: inside the label, no glyphs.
        let x = id == "post.left" ? (lastLine.maxX + label.frame.maxX) / 2 : (label.frame.minX + lastLine.minX) / 2
        #expect(label.frame.contains(Point(x: x, y: lastLine.midY)))
        let mark = g.app.mark()
        g.click(Point(x: x, y: lastLine.midY))
        let result = try g.outcome(since: mark, of: id)
        #expect(result.taps.isEmpty)
        #expect(result.labelTaps == ["text"], "the label's own tap, not a range")
    }

    @Test func theLabelsAreSelectableInTheTrace() throws {
        let g = try Gallery()
        #expect(try g.label("post.left").fields["selectable"] as? Bool == true)
        #expect(try g.ranges("post.left").map(\.text) == ["avatar1", "#swift", "#xkit", "https://example.org/avatar1"])
    }

    @Test func dragSelectingAWordPutsExactlyThatWordOnPrimary() throws {
        let g = try Gallery()
        let name = try #require(try g.ranges("post.left").first?.rects.first)
        let mark = g.app.mark()
        g.driver.drag(from: Point(x: name.minX + 1, y: name.midY), to: Point(x: name.maxX - 1, y: name.midY))
        let selected = try g.app.waitForEvent(named: "text.select", since: mark)
        #expect(selected.string("text") == "avatar1")
        let primary = try ClipboardReader().xclip(.primary)
        #expect(primary.stdoutString == "avatar1")
    }
}
