import Foundation
import Testing
@testable import XKit
import XKitTesting

/// The Menu key on X, in a freshly started gallery: with nothing focused it opens the context
/// menu of the label under the pointer, at the pointer; after a click, the focused label's, at the label.
@Suite(.serialized)
struct MenuKeyXTests {
    @Test func theMenuKeyOpensTheMenuUnderThePointerThenTheFocusedViewsAtIt() throws {
        _ = try XvfbServer.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery"])
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        let label = try app.waitForView { $0.id == "copyable.price" }
        let driver = try XTestDriver.shared()
        let point = Point(x: label.frame.minX + 30, y: label.center.y)
        driver.move(to: point)
        Thread.sleep(forTimeInterval: 0.3)
        var mark = app.mark()
        try driver.key("Menu")
        let menu = try app.waitForEvent(named: "menu.shown", since: mark)
        #expect(menu.string("style") == "context")
        let frame = try #require(menu.rect("frame"))
        #expect(abs(frame.minX - point.x) <= 2 && abs(frame.minY - point.y) <= 2, "at the pointer: \(frame) for \(point)")
        try driver.key("Escape")
        _ = try app.waitForEvent(named: "menu.hidden", since: mark)

        // After a click focuses it, Shift+F10 opens the label's menu below its text, wherever the pointer is.
        driver.click(at: point)
        Thread.sleep(forTimeInterval: 0.5)
        driver.move(to: Point(x: 5, y: 5))
        Thread.sleep(forTimeInterval: 0.2)
        mark = app.mark()
        try driver.key("shift+F10")
        let second = try app.waitForEvent(named: "menu.shown", since: mark)
        let hanging = try #require(second.rect("frame"))
        #expect(hanging.minY >= label.frame.minY && hanging.minY <= label.frame.maxY + 2, "below the label: \(hanging), label \(label.frame)")
        try driver.key("Escape")
        _ = try app.waitForEvent(named: "menu.hidden", since: mark)
    }
}
