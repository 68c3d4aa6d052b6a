import Foundation
import Testing
import XKit
import XKitTesting

/// The desktop context menu on a real server: per-label items with a submenu, the target's tint
/// and the text field's edit group, copied out through `xclip` in another process.
@Suite(.serialized)
struct ContextMenuXTests {
    private func start(_ scene: String, waitFor id: String) throws -> (AppProcess, XTestDriver) {
        _ = try XvfbServer.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", scene])
        _ = try app.waitForEvent(named: "window.mapped")
        _ = try app.waitForView { $0.id == id || $0.type == id }
        return (app, try XTestDriver.shared())
    }

    private func items(_ menu: TraceEvent) -> [[String: Any]] { menu.fields["items"] as? [[String: Any]] ?? [] }

    private func item(_ title: String, in menu: TraceEvent) throws -> (frame: Rect, fields: [String: Any]) {
        let entry = try #require(items(menu).first { $0["title"] as? String == title }, "no \(title) in \(items(menu))")
        let n = (entry["frame"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
        try #require(n.count == 4)
        return (Rect(x: n[0], y: n[1], width: n[2], height: n[3]), entry)
    }

    @Test func aLabelsOwnSubmenuCopiesThroughItsHandler() throws {
        let (app, driver) = try start("gallery", waitFor: "copyable.vi")
        defer { app.terminate() }
        let label = try #require(app.latestViews().first { $0.id == "copyable.vi" })
        var mark = app.mark()
        driver.click(at: label.center, button: 3)
        let menu = try app.waitForEvent(named: "menu.shown", since: mark)
        let titles = items(menu).map { $0["separator"] as? Bool == true ? "-" : $0["title"] as? String ?? "?" }
        #expect(titles == ["Copy", "-", "Copy As", "Translate…", "-", "Share…"])
        #expect(try item("Copy As", in: menu).fields["submenu"] as? Bool == true)
        #expect(try item("Translate…", in: menu).fields["enabled"] as? Bool == false)

        // A click on the disabled item does nothing; the menu stays open.
        mark = app.mark()
        driver.click(at: try item("Translate…", in: menu).frame.center)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(!app.events[mark...].contains { $0.name == "menu.hidden" || $0.name == "menu.action" })

        driver.click(at: try item("Copy As", in: menu).frame.center)
        let panel = try app.waitForEvent(named: "menu.panel", since: mark)
        #expect(panel.string("submenu") == "Copy As")
        driver.click(at: try item("Quoted", in: panel).frame.center)
        _ = try app.waitForEvent(named: "copied", since: mark)
        let text = try #require(label.text)
        #expect(try ClipboardReader().text(.clipboard) == "“\(text)”")
    }

    @Test func theTargetIsTintedWhileItsMenuIsOpen() throws {
        let (app, driver) = try start("gallery", waitFor: "copyable.centered")
        defer { app.terminate() }
        let label = try #require(app.latestViews().first { $0.id == "copyable.centered" })
        // The label's top-left corner, clear of its text and of the menu (which opens at its centre).
        let corner = Rect(x: label.frame.minX + 2, y: label.frame.minY + 2, width: 6, height: 4)
        let before = try Screenshot.capture(rect: corner)
        let mark = app.mark()
        driver.click(at: label.center, button: 3)
        _ = try app.waitForEvent(named: "menu.shown", since: mark)
        let during = try Screenshot.capture(rect: corner)
        try driver.key("Escape")
        _ = try app.waitForEvent(named: "menu.hidden", since: mark)
        driver.waitUntilIdle()
        Thread.sleep(forTimeInterval: 0.1)
        let after = try Screenshot.capture(rect: corner)
        let (b, d) = (before[1, 1], during[1, 1])
        #expect(d.b > d.r && Int(b.r) - Int(d.r) >= 10, "tinted towards the accent: \(b) → \(d)")
        #expect(after[1, 1] == b, "the tint goes with the menu")
    }

    @Test func theTextFieldsMenuCutsCopiesAndSelectsAllThroughTheResponderChain() throws {
        let (app, driver) = try start("gallery", waitFor: "TextField")
        defer { app.terminate() }
        let field = try #require(app.latestViews().first { $0.type == "TextField" })
        driver.click(at: field.center)
        driver.waitUntilIdle()
        _ = app.waitForQuiescence()
        try driver.type("hello")
        _ = try app.waitForView { $0.type == "TextField" && $0.text == "hello" }

        var mark = app.mark()
        driver.click(at: field.center, button: 3)
        var menu = try app.waitForEvent(named: "menu.shown", since: mark)
        #expect(menu.string("style") == "context")
        let disabled = items(menu).filter { $0["enabled"] as? Bool == false }.compactMap { $0["title"] as? String }
        #expect(disabled == ["Redo", "Cut", "Copy", "Delete"], "nothing selected, nothing undone: \(items(menu))")
        driver.click(at: try item("Select All", in: menu).frame.center)
        _ = try app.waitForEvent(named: "menu.hidden", since: mark)

        mark = app.mark()
        driver.click(at: field.center, button: 3)
        menu = try app.waitForEvent(named: "menu.shown", since: mark)
        #expect(items(menu).filter { $0["enabled"] as? Bool == false }.compactMap { $0["title"] as? String } == ["Redo"],
                "with a selection all but Redo are enabled")
        driver.click(at: try item("Copy", in: menu).frame.center)
        _ = try app.waitForEvent(named: "menu.hidden", since: mark)
        driver.waitUntilIdle()
        #expect(try ClipboardReader().text(.clipboard) == "hello")
    }
}
