import CX11
import Foundation
import Testing
import XKit
import XKitTesting

/// Copyable labels in the demo gallery, driven with real XTest input; what lands on the CLIPBOARD
/// is read back by `xclip` in another process.
@Suite(.serialized)
struct CopyableLabelTests {
    private let app: AppProcess
    private let driver: XTestDriver

    init() throws {
        _ = try XvfbServer.shared()
        driver = try XTestDriver.shared()
        app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery"])
        _ = try app.waitForEvent(named: "window.mapped")
        _ = try app.waitForView { $0.id == "copyable.ko" }
    }

    private func view(_ id: String) throws -> TraceView {
        try #require(app.latestViews().first { $0.id == id }, "no view \(id) in the trace")
    }

    private func menuItem(_ title: String, in menu: TraceEvent) throws -> Rect {
        let items = try #require(menu.fields["items"] as? [[String: Any]])
        let item = try #require(items.first { $0["title"] as? String == title })
        let frame = try #require(item["frame"] as? [Any])
        let n = frame.compactMap { ($0 as? NSNumber)?.doubleValue }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// Right-clicks at a point and waits for the menu to appear.
    @discardableResult
    private func rightClickMenu(at point: Point, since mark: Int) throws -> TraceEvent {
        driver.click(at: point, button: 3)
        return try app.waitForEvent(named: "menu.shown", since: mark)
    }

    /// Presses Escape and waits for the menu to close.
    private func escapeMenu(since mark: Int) throws {
        try driver.key("Escape")
        _ = try app.waitForEvent(named: "menu.hidden", since: mark)
    }

    /// Clicks the menu's Copy item and waits for the copy.
    @discardableResult
    private func chooseCopy(in menu: TraceEvent, since mark: Int) throws -> TraceEvent {
        driver.click(at: try menuItem("Copy", in: menu).center)
        return try app.waitForEvent(named: "copied", since: mark)
    }

    /// Moves the gallery window to 0, 0 (a window manager puts its frame there) and waits for the trace
    /// to report the views at their new root position.
    private func moveWindowToTheTop() throws {
        let xid = try #require(app.events.first { $0.name == "window.mapped" }?.int("xid")).asWindowID
        let finder = try WindowFinder()
        try finder.move(xid, to: Point(x: 0, y: 0))
        let top = Double(finder.frameExtents(of: xid).top)
        let moved = waitUntil(timeout: 5) { ((try? view("gallery.header"))?.frame.minY ?? .infinity) <= top + 8 }
        #expect(moved, "the header did not move to the top: \(app.tail(3))")
    }

    private func clipboard() throws -> String? {
        try ClipboardReader().text(.clipboard)
    }

    /// No `name` event for `seconds`, and the app provably still handling events afterwards: it
    /// answers a ping, so a hung or dead app cannot pass by staying quiet.
    private func noEvent(named name: String, since mark: Int, within seconds: TimeInterval) -> Bool {
        Thread.sleep(forTimeInterval: seconds)
        let alive = app.isResponsive()
        #expect(alive, "the app stopped handling events during the quiet period")
        return alive && !app.events[mark...].contains { $0.name == name }
    }

    @Test func longPressThenCopyPutsTheExactTextOnTheClipboard() throws {
        let label = try view("copyable.ru")
        #expect(label.fields["copyable"] as? Bool == true)
        let mark = app.mark()
        driver.pressAndHold(at: label.center, duration: 0.6)
        let menu = try app.waitForEvent(named: "menu.shown", since: mark)
        let copied = try chooseCopy(in: menu, since: mark)
        #expect(copied.string("id") == "copyable.ru")
        let text = try #require(label.text)
        #expect(text.hasPrefix("Любую надпись"))
        #expect(try clipboard() == text)
        #expect(copied.int("bytes") == text.utf8.count)
    }

    @Test func rightClickOpensAContextMenuAtThePointerAndCopyTextOverridesTheText() throws {
        let label = try view("copyable.top")
        let mark = app.mark()
        let menu = try rightClickMenu(at: label.center, since: mark)
        #expect(menu.string("style") == "context")
        #expect(menu.string("placement") == "down-right")
        let frame = try #require(menu.rect("frame"))
        #expect(abs(frame.minX - label.center.x) <= 1 && abs(frame.minY - label.center.y) <= 1, "top-left at the pointer")
        let copy = try menuItem("Copy", in: menu), share = try menuItem("Share…", in: menu)
        #expect(share.minY > copy.maxY && abs(share.minX - copy.minX) < 1, "a vertical list")
        try chooseCopy(in: menu, since: mark)
        #expect(try clipboard() == "$19.99")
    }

    @Test func theMenuKeyOpensTheMenuForTheFocusedLabel() throws {
        let label = try view("copyable.ja")
        // A click focuses the label; the Menu key then opens the same menu.
        var mark = app.mark()
        try rightClickMenu(at: label.center, since: mark)
        try escapeMenu(since: mark)
        mark = app.mark()
        try driver.key("Menu")
        let shown = try app.waitForEvent(named: "menu.shown", since: mark)
        #expect(shown.string("style") == "context")
        // From the keyboard it hangs below the label's text, not at the pointer.
        #expect(try #require(shown.rect("frame")).minY >= label.frame.minY + 4)
        try escapeMenu(since: mark)
        mark = app.mark()
        try driver.key("shift+F10")
        let menu = try app.waitForEvent(named: "menu.shown", since: mark)
        try chooseCopy(in: menu, since: mark)
        #expect(try clipboard() == label.text)
    }

    @Test func theKeyboardMovesThroughTheContextMenuAndEnterChooses() throws {
        let label = try view("copyable.price")
        let mark = app.mark()
        try rightClickMenu(at: label.center, since: mark)
        try driver.key("Down")
        try driver.key("Down")
        try driver.key("Up")
        try driver.key("Return")
        let action = try app.waitForEvent(named: "menu.action", since: mark)
        #expect(action.string("title") == "Copy")
        _ = try app.waitForEvent(named: "copied", since: mark)
        #expect(try clipboard() == label.text)
    }

    @Test func theKeyboardMovesThroughTheCalloutAndEnterChooses() throws {
        let label = try view("copyable.price")
        let mark = app.mark()
        driver.pressAndHold(at: label.center, duration: 0.6)
        let menu = try app.waitForEvent(named: "menu.shown", since: mark)
        #expect(menu.string("style") == "callout")
        try driver.key("Right")
        try driver.key("Right")
        try driver.key("Left")
        try driver.key("Return")
        let action = try app.waitForEvent(named: "menu.action", since: mark)
        #expect(action.string("title") == "Copy")
        _ = try app.waitForEvent(named: "copied", since: mark)
        #expect(try clipboard() == label.text)
    }

    @Test func theItemUnderThePointerIsHighlighted() throws {
        let label = try view("copyable.price")
        let mark = app.mark()
        let menu = try rightClickMenu(at: label.center, since: mark)
        let share = try menuItem("Share…", in: menu)
        let copy = try menuItem("Copy", in: menu)
        driver.move(to: share.center)
        driver.waitUntilIdle()
        Thread.sleep(forTimeInterval: 0.2)
        // The accent highlight fills the hovered item only.
        let accent = RGBImage.Pixel(hex: 0x0A64D8)
        let hovered = try Screenshot.capture(rect: share)
        let other = try Screenshot.capture(rect: copy)
        #expect(hovered.count(of: accent) > Int(share.width * share.height) / 3)
        #expect(other.count(of: accent) == 0)
        try escapeMenu(since: mark)
    }

    @Test func losingKeyboardFocusClosesTheMenu() throws {
        let label = try view("copyable.price")
        let mark = app.mark()
        try rightClickMenu(at: label.center, since: mark)
        // Another client moves the focus away, as a window manager does when the user switches apps.
        let display = try #require(XOpenDisplay(XvfbServer.shared().display))
        defer { XCloseDisplay(display) }
        XSetInputFocus(display, XDefaultRootWindow(display), RevertToParent, Time(0))
        XSync(display, 0)
        _ = try app.waitForEvent(named: "menu.hidden", since: mark)
        #expect(noEvent(named: "copied", since: mark, within: 0.1))
    }

    @Test func aShortPressShowsNoMenu() throws {
        let label = try view("copyable.vi")
        let mark = app.mark()
        driver.pressAndHold(at: label.center, duration: 0.3)
        #expect(noEvent(named: "menu.shown", since: mark, within: 0.6))
    }

    @Test func movingTwentyPointsDuringThePressShowsNoMenu() throws {
        let label = try view("copyable.vi")
        let mark = app.mark()
        driver.press(at: label.center)
        driver.move(to: Point(x: label.center.x + 20, y: label.center.y))
        Thread.sleep(forTimeInterval: 0.7)
        driver.release()
        #expect(noEvent(named: "menu.shown", since: mark, within: 0.3))
    }

    @Test func escapeAndAClickOutsideCloseTheMenu() throws {
        let label = try view("copyable.price")
        var mark = app.mark()
        try rightClickMenu(at: label.center, since: mark)
        try escapeMenu(since: mark)
        mark = app.mark()
        try rightClickMenu(at: label.center, since: mark)
        driver.click(at: Point(x: 700, y: 700))
        _ = try app.waitForEvent(named: "menu.hidden", since: mark)
        #expect(noEvent(named: "copied", since: mark, within: 0.2))
    }

    /// Long-presses at a point and waits for the callout.
    private func longPressMenu(at point: Point, since mark: Int) throws -> TraceEvent {
        driver.pressAndHold(at: point, duration: 0.6)
        let menu = try app.waitForEvent(named: "menu.shown", since: mark)
        #expect(menu.string("style") == "callout")
        return menu
    }

    @Test func theCalloutFlipsBelowALabelNearTheTopEdgeAndPointsAtCentredText() throws {
        // Under a window manager the window starts lower; ask for the top, where its frame leaves it
        // just under the title bar. The menu must then follow the label's new root position.
        try moveWindowToTheTop()
        let header = try view("gallery.header")
        var mark = app.mark()
        var menu = try longPressMenu(at: Point(x: header.frame.minX + 40, y: header.center.y), since: mark)
        #expect(menu.string("placement") == "below")
        #expect(try #require(menu.rect("frame")).minY >= header.frame.maxY - 4)
        try escapeMenu(since: mark)

        let centred = try view("copyable.centered")
        mark = app.mark()
        menu = try longPressMenu(at: centred.center, since: mark)
        let frame = try #require(menu.rect("frame"))
        #expect(menu.string("placement") == "above")
        #expect(abs(frame.midX - centred.frame.midX) <= 2)
        #expect(frame.maxY <= centred.frame.minY + 8)
        try escapeMenu(since: mark)
    }

    @Test func theAppWideSwitchSparesControlTitlesAndTheirClicks() throws {
        let toggle = try view("copyable.toggle")
        var mark = app.mark()
        driver.click(at: toggle.center)
        let after = try app.waitForView(since: mark) { $0.id == "fonts.regular" && $0.fields["copyable"] as? Bool == true }
        #expect(after.type == "Label")
        // Title labels inside controls (buttons, tag chips) stay out of it, while plain labels joined.
        let views = app.latestViews()
        let controls = views.filter { $0.type == "Button" || $0.type == "TagChip" }
        let owned = views.filter { label in
            label.type == "Label" && controls.contains { $0.frame.contains(label.center) && $0.text == label.text }
        }
        #expect(owned.count >= controls.count - 1, "each control's title label appears in the trace")
        #expect(owned.allSatisfy { $0.fields["copyable"] == nil }, "\(owned.filter { $0.fields["copyable"] != nil })")
        #expect(views.filter { $0.type == "Label" }.filter { $0.fields["copyable"] as? Bool == true }.count > owned.count)

        let counter = try view("controls.counter")
        mark = app.mark()
        driver.pressAndHold(at: counter.center, duration: 0.6)
        _ = try app.waitForView(since: mark) { $0.id == "controls.counter" && $0.text == "Clicked 1 time" }
        #expect(noEvent(named: "menu.shown", since: mark, within: 0.2))

        // Every plain label copies now, such as a sample in the fonts card.
        let plain = try view("fonts.light")
        mark = app.mark()
        let menu = try rightClickMenu(at: plain.center, since: mark)
        try chooseCopy(in: menu, since: mark)
        #expect(try clipboard() == plain.text)

        mark = app.mark()
        driver.click(at: toggle.center)
        _ = try app.waitForView(since: mark) { $0.id == "fonts.regular" && $0.fields["copyable"] == nil }
    }

    @Test func aLabelThatIsNotCopyableShowsNothing() throws {
        let label = try view("fonts.bold")
        #expect(label.fields["copyable"] == nil)
        let mark = app.mark()
        driver.click(at: label.center, button: 3)
        driver.pressAndHold(at: label.center, duration: 0.6)
        #expect(noEvent(named: "menu.shown", since: mark, within: 0.3))
    }
}
