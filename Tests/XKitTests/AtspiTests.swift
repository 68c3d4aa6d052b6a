import Foundation
import Testing
import XKit
import XKitTesting

/// The AT-SPI2 bridge driven by real AT-SPI clients (pyatspi, dogtail, raw Gio) in other processes,
/// against the demo on the test Xvfb inside a private session bus with the AT-SPI bus launcher.
/// Run on the bare server only: the bridge does not depend on a window manager, and the second
/// pass under openbox would double the suite's slowest tests (a flood of 10,000 requests among them).
@Suite(.serialized, .enabled(if: (try? TestWindowManager.requested()) == nil))
struct AtspiTests {
    /// The buses, and the demo on them with the bridge forced on.
    private func start(_ arguments: [String]) throws -> (AtspiSession, AppProcess) {
        let server = try XvfbServer.shared()
        let session = try AtspiSession(server: server)
        var env = session.environment
        env["XKIT_ACCESSIBILITY"] = "1"
        let app = try AppProcess("xkit-demo", arguments: arguments, environment: env)
        _ = try app.waitForEvent(named: "accessibility.started")
        _ = try app.waitForEvent(named: "window.mapped")
        _ = app.waitForQuiescence()
        return (session, app)
    }

    /// Runs a client script and parses the JSON object on its last stdout line.
    private func run(_ script: String, in session: AtspiSession, environment: [String: String] = [:]) throws -> [String: Any] {
        let result = try session.python(script, timeout: 30, environment: environment)
        let last = result.stdoutString.split(separator: "\n").last.map(String.init) ?? ""
        let object = try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        return try #require(object, "the client printed no result: \(result)")
    }

    @Test func pyatspiPressesTheCounterReadsRussianTypesATagAndHearsFocusMove() throws {
        let (session, app) = try start(["--scene", "gallery"])
        defer { _ = app.terminate(); session.stop() }
        let out = try run(AtspiScripts.gallery, in: session)
        #expect(out["errors"] == nil, "\(out["errors"] ?? "")")
        #expect(out["app"] as? String == "xkit-demo")
        #expect(out["button_actions"] as? [String] == ["click"])
        #expect(out["button_after"] as? String == "Clicked 1 time")
        let russian = "Любую надпись в приложении можно скопировать: удерживайте метку, выберите «Копировать» и вставьте текст в любую другую программу на вашем X-дисплее."
        #expect(out["ru_role"] as? String == "label")
        #expect((out["ru_text"] as? String).map { Array($0.utf8) } == Array(russian.utf8))
        #expect(out["ru_count"] as? Int == russian.unicodeScalars.count)
        #expect((out["list_interfaces"] as? [String])?.contains("Selection") == true)
        #expect((out["entry_states"] as? [String])?.contains("editable") == true)
        #expect(out["entry_text"] as? String == "atspi")
        let before = out["tags_before"] as? [String] ?? []
        let after = out["tags_after"] as? [String] ?? []
        #expect(after == before + ["atspi"])

        let received = out["events"] as? [[String: Any]] ?? []
        func events(_ type: String) -> [[String: Any]] { received.filter { ($0["type"] as? String) == type } }
        #expect(events("object:property-change:accessible-name").contains { $0["data"] as? String == "Clicked 1 time" })
        #expect(events("object:text-changed:insert").contains { $0["role"] as? String == "entry" && $0["data"] as? String == "atspi" })
        #expect(events("object:text-caret-moved").contains { $0["role"] as? String == "entry" && $0["detail1"] as? Int == 2 },
                "caret moves without an edit are announced")
        // Focus leaving the window and coming back: the frame is deactivated, then activated.
        let deactivated = received.firstIndex { ($0["type"] as? String) == "window:deactivate" && $0["role"] as? String == "frame" }
        let activated = received.lastIndex { ($0["type"] as? String) == "window:activate" && $0["role"] as? String == "frame" }
        #expect(deactivated.flatMap { d in activated.map { d < $0 } } == true,
                "window events: \(received.compactMap { $0["type"] as? String }.filter { $0.hasPrefix("window:") })")
        #expect(events("object:children-changed:add").contains { $0["role"] as? String == "list" && $0["data"] as? String == "atspi" })
        let focused = events("focus:").compactMap { $0["name"] as? String }
        #expect(Set(focused).count >= 2, "Tab moved focus \(focused)")
        #expect(events("object:state-changed:focused").contains { $0["detail1"] as? Int == 0 })
        #expect((out["frame_states"] as? [String])?.contains("active") == true, "the window has keyboard focus")
        #expect((out["frame_extents"] as? [Int])?[2] ?? 0 > 100)
        #expect(out["selected_child"] as? Bool == true)
        #expect(out["n_selected"] as? Int == 1)
        #expect(events("object:state-changed:selected").contains { $0["role"] as? String == "list item" && $0["detail1"] as? Int == 1 })
    }

    @Test func copyThroughTheLongPressMenuAndADogtailScriptClickingAButton() throws {
        let (session, app) = try start(["--scene", "gallery"])
        defer { _ = app.terminate(); session.stop() }
        let out = try run(AtspiScripts.menuCopy, in: session)
        #expect(out["errors"] == nil, "\(out["errors"] ?? "")")
        #expect(out["menu_window_role"] as? String == "window")
        #expect(out["items"] as? [String] == ["Copy", "Share…"])
        #expect(out["copy_actions"] as? [String] == ["click"])
        #expect(out["clipboard"] as? String == "$19.99")
        #expect(out["items_after"] as? Int == 0)
        // A post's tappable ranges are links: Hypertext on the label, Hyperlink and Action on each.
        let links = out["links"] as? [[String]] ?? []
        #expect(links.count >= 2 && links.allSatisfy { !$0[0].isEmpty }, "\(links)")
        #expect((out["link_roles"] as? [String])?.allSatisfy { $0 == "link" } == true)
        #expect(out["link_action"] as? String == "jump")
        let linkName = try #require(out["link_name"] as? String)
        _ = try app.waitForEvent(named: "text.tap") { $0.string("text") == linkName }

        // dogtail refuses to run unless the desktop says accessibility is on; this is how CI scripts say it.
        let dogtail = try run(AtspiScripts.dogtail, in: session, environment: ["GTK_MODULES": "gail:atk-bridge"])
        #expect(dogtail["found"] as? String == "push button")
        #expect(dogtail["after"] as? String == "Every label copyable: on")
    }

    @Test func tenThousandTagsARemovedChipAFloodAndTheBusVanishing() async throws {
        let (session, app) = try start(["--scene", "tags", "--tags", "10000"])
        defer { _ = app.terminate(); session.stop() }
        let out = try run(AtspiScripts.tenThousandTags, in: session)
        #expect(out["errors"] == nil, "\(out["errors"] ?? "")")
        // Only chips that exist as views (those in sight) are children; nothing for the other 9,900 tags.
        let children = try #require(out["list_children"] as? Int)
        #expect(children > 10 && children < 300)
        #expect(out["chip_actions"] as? [String] == ["remove", "select"])
        #expect((out["removed_call"] as? String)?.contains("it was removed") == true, "\(out["removed_call"] ?? "")")
        #expect(out["first_after"] as? String != out["first_name"] as? String)

        // Input stays prompt while a client floods the app with 10,000 requests.
        let driver = try XTestDriver.shared()
        let typed = app.mark()
        if let field = app.latestViews().first(where: { $0.type == "TextField" }) { driver.click(at: field.center) }
        await driver.waitUntilIdle()
        // The first key scrolls the field into sight (it follows the last of 10,000 tags); the field's
        // frame on the screen is read after it.
        try await driver.type("q")
        let field = try app.waitForView(since: typed, timeout: 5) { $0.type == "TextField" && $0.text == "q" }
        _ = app.waitForQuiescence()
        let quiet = try keyLatency(typing: "w", expecting: "qw", field: field.frame, app: app, driver: driver)
        let bus = try #require(app.events.last { $0.name == "accessibility.started" }?.string("bus_name"))
        let script = AtspiScripts.flood
        let flood = Task.detached { try session.python(script, timeout: 60, environment: ["APP_BUS_NAME": bus]) }
        try await Task.sleep(nanoseconds: 300_000_000)
        let busy = try keyLatency(typing: "e", expecting: "qwe", field: field.frame, app: app, driver: driver)
        let flooded = try await flood.value
        let counts = try #require(try? JSONSerialization.jsonObject(with: Data((flooded.stdoutString.split(separator: "\n").last ?? "").utf8)) as? [String: Any],
                                  "\(flooded)")
        #expect(counts["ok"] as? Int == 9000)
        #expect(counts["errors"] as? Int == 1000)
        print("atspi: key to frame \(Int(quiet * 1000)) ms idle, \(Int(busy * 1000)) ms under a 10,000-request flood; flood answered in \(counts["seconds"] ?? "?") s")
        #expect(Sanitizer.isActive || busy < 0.1)

        // The accessibility bus goes away: the app keeps running and answering input.
        let mark = app.mark()
        session.stopAccessibilityBus()
        _ = try await app.waitForEvent(named: "warning", since: mark) { ($0.string("message") ?? "").contains("went away") }
        _ = try keyLatency(typing: "r", expecting: "qwer", field: field.frame, app: app, driver: driver)
        #expect(app.isRunning)
    }

    /// Seconds from an XTest key press until the field's pixels on the screen change (the frame that
    /// shows the key), then checks in the trace that the field holds `text`.
    ///
    /// Pixels, not the `views` trace, mark the frame: the trace is throttled to a share of the main
    /// thread's time (`ViewsTraceThrottle`), so with 10,000 tags it can come well after the frame. The
    /// caret is steady in tests (`XKIT_CARET_BLINK=0`), so only the key changes the field.
    private func keyLatency(typing key: String, expecting text: String, field: Rect, app: AppProcess, driver: XTestDriver) throws -> Double {
        let before = try Screenshot.capture(rect: field)
        let mark = app.mark()
        let start = Date()
        try driver.type(key)
        var drawn: Double?
        while drawn == nil, Date().timeIntervalSince(start) < 5 {
            if try Screenshot.capture(rect: field) != before { drawn = Date().timeIntervalSince(start) } else { usleep(500) }
        }
        _ = try app.waitForView(since: mark, timeout: 5) { $0.type == "TextField" && $0.text == text }
        guard let drawn else { throw XKitTestingError("the field's pixels did not change within 5 s of typing \(key)") }
        return drawn
    }
}

/// The bridge starts only when the desktop asks for it.
@Suite(.serialized)
struct AtspiStartupTests {
    @Test func theBridgeStartsOnlyWhenTheSessionSaysAccessibilityIsEnabled() throws {
        let session = try AtspiSession(server: try XvfbServer.shared())
        defer { session.stop() }
        let off = try AppProcess("xkit-demo", arguments: ["--scene", "hello"], environment: session.environment)
        _ = try off.waitForEvent(named: "window.mapped")
        _ = off.waitForQuiescence(quiet: 0.5)
        #expect(!off.events.contains { $0.name == "accessibility.started" }, "org.a11y.Status.IsEnabled is false")
        _ = off.terminate()

        let enable = try runProcess(["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                                     "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", "string:IsEnabled",
                                     "variant:boolean:true"], environment: session.environment)
        #expect(enable.succeeded, "\(enable)")
        let on = try AppProcess("xkit-demo", arguments: ["--scene", "hello"], environment: session.environment)
        defer { _ = on.terminate() }
        _ = try on.waitForEvent(named: "accessibility.started")
        // Killed before its window is managed, it can leave openbox a record of a dead window.
        _ = try on.waitForEvent(named: "window.mapped")
    }
}
