import Foundation
import Testing
@testable import XKit
import XKitTesting

/// `xkit-demo --scene settings` out of process: the `views` trace gives each control's value and
/// the window's appearance, "Delete all tags…" asks through a real alert answered with XTest keys,
/// and About is pushed from the bar and popped with Alt+Left.
@Suite(.serialized)
@MainActor
struct SettingsSceneXTests {
    @Test func theSettingsSceneTracesItsControlsAndAsksBeforeDeletingTags() throws {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "settings"], environment: ["XKIT_APPEARANCE": "light"])
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        let xid = try #require(app.waitForEvent(named: "window.mapped").int("xid")).asWindowID
        let finder = try WindowFinder()
        // A window manager moves the window after the map: read the views once it has settled.
        let settled = try finder.waitForSettledGeometry(of: xid)
        let views = try app.waitForEvent(named: "views") { event in
            event.views.contains { $0.id == "settings.deleteTags" } && event.views.first?.frame.origin == settled.origin
        }
        #expect(views.string("appearance") == "light")
        let byID = Dictionary(views.views.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byID["settings.darkMode"]?.fields["on"] as? Bool == false)
        #expect((byID["settings.textSize"]?.fields["value"] as? NSNumber)?.doubleValue == 13)
        #expect((byID["settings.sort"]?.fields["selectedSegmentIndex"] as? NSNumber)?.intValue == 0)
        #expect((byID["settings.progress"]?.fields["progress"] as? NSNumber)?.doubleValue == 0)
        let driver = try XTestDriver.shared()
        let delete = try #require(byID["settings.deleteTags"])

        // Escape keeps the tags.
        var mark = app.mark()
        driver.click(at: delete.center)
        let shown = try app.waitForEvent(named: "alert.shown", since: mark)
        #expect(shown.string("title") == "Delete all tags?")
        #expect(shown.fields["actions"] as? [String] == ["Cancel", "Delete"])
        #expect(shown.string("preferred") == nil, "a destructive alert has no default: Return means Cancel")
        let dialog = try #require(shown.int("xid")).asWindowID
        _ = try finder.waitForSettledGeometry(of: dialog)
        if let path = ProcessInfo.processInfo.environment["XKIT_SETTINGS_ALERT_SHOT"] {
            try Screenshot.captureScreen().writePNG(to: path)
        }
        let frame = finder.frameWindow(of: dialog)
        try driver.key("Escape")
        let cancelled = try app.waitForEvent(named: "alert.dismissed", since: mark)
        #expect(cancelled.string("action") == "Cancel")
        // A window manager takes its frame down a moment later; until then it still takes clicks.
        let deadline = Date(timeIntervalSinceNow: 5)
        while finder.isViewable(frame), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }

        // Tab to Delete, then Return deletes them.
        mark = app.mark()
        driver.click(at: delete.center)
        let again = try app.waitForEvent(named: "alert.shown", since: mark)
        _ = try finder.waitForSettledGeometry(of: try #require(again.int("xid")).asWindowID)
        try driver.key("Tab")
        try driver.key("Return")
        let deleted = try app.waitForEvent(named: "alert.dismissed", since: mark)
        #expect(deleted.string("action") == "Delete" && deleted.string("actionStyle") == "destructive")
        _ = try app.waitForView(since: mark) { $0.id == "settings.tags" && $0.text == "No tags." }

        // The switch overrides the desktop: the window's appearance turns dark.
        mark = app.mark()
        let toggle = try #require(byID["settings.darkMode"])
        driver.click(at: toggle.center)
        let dark = try app.waitForEvent(named: "views", since: mark) { $0.string("appearance") == "dark" && $0.string("title") == "Settings" }
        #expect(dark.views.first { $0.id == "settings.darkMode" }?.fields["on"] as? Bool == true)

        // About from the bar, back with Alt+Left.
        mark = app.mark()
        let about = try #require(app.latestViews().first { $0.id == "settings.about" })
        driver.click(at: about.center)
        _ = try app.waitForEvent(named: "navigation.push", since: mark)
        _ = try app.waitForView(since: mark) { $0.id == "about.name" }
        try driver.key("alt+Left")
        let popped = try app.waitForEvent(named: "navigation.pop", since: mark)
        #expect(popped.string("top") == "Settings")
    }

    @Test func underAHebrewLocaleTheSceneIsMirroredAndAltRightGoesBack() throws {
        // Only the language of messages is Hebrew: the locale need not be installed for that.
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "settings"],
                                 environment: ["XKIT_APPEARANCE": "light", "LC_MESSAGES": "he_IL.UTF-8"])
        defer { _ = app.terminate() }
        let xid = try #require(app.waitForEvent(named: "window.mapped").int("xid")).asWindowID
        let settled = try WindowFinder().waitForSettledGeometry(of: xid)
        let views = try app.waitForEvent(named: "views") { event in
            event.views.contains { $0.id == "settings.sort" } && event.views.first?.frame.origin == settled.origin
        }
        #expect(views.string("layoutDirection") == "rtl")
        let byID = Dictionary(views.views.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let window = try #require(views.views.first).frame
        let sort = try #require(byID["settings.sort"]), title = try #require(byID["navigation.title"])
        #expect(sort.frame.midX < window.midX, "the row's control leads on the left")
        let about = try #require(byID["settings.about"])
        #expect(about.frame.midX < window.midX, "the bar's trailing item is on the left")
        let tabs = try #require(byID["settings.tabs"])
        #expect(tabs.fields["tabs"] as? [String] == ["Settings", "Tags"])
        if let path = ProcessInfo.processInfo.environment["XKIT_SETTINGS_RTL_SHOT"] {
            try Screenshot.captureScreen().writePNG(to: path)
        }
        let driver = try XTestDriver.shared()

        // The leftmost segment is the last one, "Count".
        var mark = app.mark()
        driver.click(at: Point(x: sort.frame.minX + sort.frame.width / 6, y: sort.frame.midY))
        _ = try app.waitForView(since: mark) { $0.id == "settings.sort" && ($0.fields["selectedSegmentIndex"] as? NSNumber)?.intValue == 2 }

        // About is pushed from the bar; Alt+Left is forward here and does nothing, Alt+Right goes back.
        mark = app.mark()
        driver.click(at: about.center)
        _ = try app.waitForEvent(named: "navigation.push", since: mark)
        let back = try app.waitForView(since: mark) { $0.id == "navigation.back" && $0.fields["hidden"] == nil }
        #expect(back.frame.midX > window.midX, "the back button is on the right")
        #expect(title.text == "Settings")
        mark = app.mark()
        try driver.key("alt+Left")
        // Nothing to wait for when a key does nothing: give it the time a pop takes to be traced.
        Thread.sleep(forTimeInterval: 0.5)
        #expect(!app.events[mark...].contains { $0.name == "navigation.pop" }, "Alt+Left did not pop")
        try driver.key("alt+Right")
        let popped = try app.waitForEvent(named: "navigation.pop", since: mark)
        #expect(popped.string("top") == "Settings")
    }

    @Test func xkitLayoutDirectionOutranksTheLocaleAndATypoIsWarnedAbout() throws {
        // (forced, language of messages, the direction the window gets, whether a warning names it)
        let cases = [("rtl", "en_US.UTF-8", "rtl", false), ("ltr", "ar_EG.UTF-8", "ltr", false), ("sideways", "ar_EG.UTF-8", "rtl", true)]
        for (forced, locale, expected, warns) in cases {
            let app = try AppProcess("xkit-demo", arguments: ["--scene", "settings"],
                                     environment: ["XKIT_APPEARANCE": "light", "LC_MESSAGES": locale, "XKIT_LAYOUT_DIRECTION": forced])
            defer { _ = app.terminate() }
            let views = try app.waitForEvent(named: "views") { event in event.views.contains { $0.id == "settings.sort" } }
            #expect(views.string("layoutDirection") == expected, "\(forced) with \(locale)")
            let warned = app.events.contains { $0.name == "warning" && ($0.string("message") ?? "").contains("XKIT_LAYOUT_DIRECTION=\(forced)") }
            #expect(warned == warns, "\(forced)")
        }
    }

    @Test func theTagsTabEditsTheSameTagsItsBadgeCountsAndTheTabKeysSwitchBack() throws {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "settings"], environment: ["XKIT_APPEARANCE": "light"])
        defer { _ = app.terminate() }
        let xid = try #require(app.waitForEvent(named: "window.mapped").int("xid")).asWindowID
        let settled = try WindowFinder().waitForSettledGeometry(of: xid)
        let views = try app.waitForEvent(named: "views") { event in event.views.contains { $0.id == "settings.tabs" } }
        let traced = try #require(views.views.first { $0.id == "settings.tabs" })
        // A window manager may move the window after the trace: place the bar by the settled origin.
        let origin = try #require(views.views.first?.frame.origin)
        let bar = (frame: Rect(x: traced.frame.minX - origin.x + settled.origin.x, y: traced.frame.minY - origin.y + settled.origin.y,
                               width: traced.frame.width, height: traced.frame.height), fields: traced.fields)
        #expect(bar.fields["tabs"] as? [String] == ["Settings", "Tags"])
        #expect((bar.fields["badges"] as? [Any])?.last as? String == "8", "the Tags tab counts the tags")
        #expect(views.string("title") == "Settings")
        let driver = try XTestDriver.shared()

        // A click on the right half of the bar: the Tags tab.
        var mark = app.mark()
        driver.click(at: Point(x: bar.frame.minX + bar.frame.width * 0.75, y: bar.frame.midY))
        let selected = try app.waitForEvent(named: "tabs.selected", since: mark)
        #expect(selected.int("index") == 1 && selected.string("title") == "Tags")
        let input = try app.waitForView(since: mark) { $0.id == "settings.tagInput" }
        #expect(app.latestViews().contains { $0.id == "settings.deleteTags" } == false, "only the selected screen is in the window")

        // Backspace in the empty field selects the last chip, a second one removes it.
        driver.click(at: Point(x: input.frame.maxX - 20, y: input.frame.maxY - 12))
        _ = try app.waitForEvent(named: "focus.changed", since: mark) { ($0.fields["view"] as? [String: Any])?["type"] as? String == "TextField" }
        try driver.key("BackSpace")
        _ = try app.waitForEvent(named: "tags.selected", since: mark) { $0.string("title") == "later" }
        try driver.key("BackSpace")
        _ = try app.waitForEvent(named: "tags.changed", since: mark) { $0.int("count") == 7 }
        _ = try app.waitForView(since: mark) { view in
            view.id == "settings.tabs" && (view.fields["badges"] as? [Any])?.last as? String == "7"
        }

        // Ctrl+Page Up goes back to Settings, which shows the same seven tags.
        mark = app.mark()
        try driver.key("ctrl+Prior")
        _ = try app.waitForEvent(named: "tabs.selected", since: mark) { $0.int("index") == 0 }
        let tags = try app.waitForView(since: mark) { $0.id == "settings.tags" }
        #expect(tags.text?.hasPrefix("7 tags:") == true, "\(tags.text ?? "nil")")
        #expect(tags.text?.contains("later") == false, "the removed tag is gone in both tabs")
        #expect(app.events.last { $0.name == "views" }?.string("title") == "Settings")
    }

    @Test func loadSpinsWhileConnectingThenFillsTheBar() throws {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "settings"], environment: ["XKIT_APPEARANCE": "light"])
        defer { _ = app.terminate() }
        let xid = try #require(app.waitForEvent(named: "window.mapped").int("xid")).asWindowID
        let settled = try WindowFinder().waitForSettledGeometry(of: xid)
        let views = try app.waitForEvent(named: "views") { event in
            event.views.contains { $0.id == "settings.load" } && event.views.first?.frame.origin == settled.origin
        }
        let load = try #require(views.views.first { $0.id == "settings.load" })
        #expect(views.views.first { $0.id == "settings.spinner" }?.fields["hidden"] as? Bool == true, "the spinner is hidden until Load")
        let mark = app.mark()
        try XTestDriver.shared().click(at: load.center)
        let spinning = try app.waitForEvent(named: "views", since: mark) { event in
            event.views.contains { $0.id == "settings.spinner" && $0.fields["animating"] as? Bool == true && $0.fields["hidden"] == nil }
        }
        #expect(spinning.views.first { $0.id == "settings.progress" }?.fields["indeterminate"] as? Bool == true)
        let done = try app.waitForView(since: mark) { $0.id == "settings.progress" && ($0.fields["progress"] as? NSNumber)?.doubleValue == 1 }
        #expect(done.fields["indeterminate"] as? Bool == false)
        let spinner = app.latestViews().first { $0.id == "settings.spinner" }
        #expect(spinner?.fields["animating"] as? Bool == false && spinner?.fields["hidden"] as? Bool == true, "hidden again once connected")
    }
}

