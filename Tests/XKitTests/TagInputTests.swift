import Foundation
import Testing
import XKit
import XKitTesting

/// The tag input under a real X server, driven with XTest through the gallery and the tags scene.
@Suite(.serialized)
struct TagInputTests {
    /// Starts `xkit-demo` with `arguments` and clicks into its first text field (the tag field).
    static func startWithFieldFocused(_ arguments: [String], environment: [String: String] = [:]) throws
        -> (app: AppProcess, driver: XTestDriver, field: TraceView) {
        _ = try XvfbServer.shared()
        let app = try AppProcess("xkit-demo", arguments: arguments, environment: environment)
        _ = try app.waitForEvent(named: "window.mapped")
        let driver = try XTestDriver.shared()
        let field = try #require(app.latestViews().first { $0.type == "TextField" })
        driver.click(at: field.center)
        driver.waitUntilIdle()
        _ = app.waitForQuiescence()
        return (app, driver, field)
    }

    /// Starts the gallery and clicks into the tag field.
    private func startGallery() throws -> (AppProcess, XTestDriver) {
        let (app, driver, _) = try Self.startWithFieldFocused(["--scene", "gallery"])
        return (app, driver)
    }

    private func tags(_ event: TraceEvent) -> [String] { event["tags"] as? [String] ?? [] }

    /// A key redraws only the field's text area (its border and rounded corners are left out of
    /// the redraw): a letter and a BackSpace must leave the field and what surrounds it exactly as
    /// the full redraw of the focused field drew them.
    @Test func aLetterAndBackSpaceLeaveTheFieldAsAFullRedrawDrewIt() throws {
        let (app, driver, field) = try Self.startWithFieldFocused(["--scene", "tags", "--tags", "10"], environment: ["XKIT_CARET_BLINK": "0"])
        defer { _ = app.terminate() }
        let area = field.frame.insetBy(dx: -6, dy: -6)
        let before = try Screenshot.capture(rect: area)
        var mark = app.mark()
        try driver.type("a")
        _ = try app.waitForView(since: mark) { $0.type == "TextField" && $0.text == "a" }
        #expect(app.waitForQuiescence())
        let typed = try Screenshot.capture(rect: area)
        #expect(!ImageDiff.compare(before, typed).matches(), "the letter was drawn")
        mark = app.mark()
        try driver.key("BackSpace")
        _ = try app.waitForView(since: mark) { $0.type == "TextField" && $0.text == "" }
        #expect(app.waitForQuiescence())
        let diff = ImageDiff.compare(before, try Screenshot.capture(rect: area))
        #expect(diff.matches(), "after BackSpace: \(diff)")
    }

    @Test func typingThenEnterAddsAChipAndACommaCommits() throws {
        let (app, driver) = try startGallery()
        defer { _ = app.terminate() }
        var mark = app.mark()
        try driver.type("swift-ui")
        try driver.key("Return")
        let added = try app.waitForEvent(named: "tags.changed", since: mark)
        #expect(tags(added).last == "swift-ui")
        let chip = try app.waitForView(since: mark) { $0.type == "TagChip" && $0.text == "swift-ui" }
        #expect(chip.frame.width > 0)
        mark = app.mark()
        try driver.type("linux,")
        let comma = try app.waitForEvent(named: "tags.changed", since: mark)
        #expect(tags(comma).last == "linux")
    }

    @Test func nonASCIITypedThroughTheInputMethodArrivesIntact() throws {
        let (app, driver) = try startGallery()
        defer { _ = app.terminate() }
        let mark = app.mark()
        try driver.type("Đà Lạt")
        try driver.key("Return")
        let added = try app.waitForEvent(named: "tags.changed", since: mark)
        #expect(tags(added).last == "Đà Lạt")
    }

    @Test(.disabled(if: Sanitizer.isActive, "xdotool rebinds a keycode 40 ms after using it; an app slowed by a sanitizer reads the later binding"))
    func xdotoolTypingRemapsKeysOnTheFlyAndTheTextArrivesIntact() throws {
        let (app, driver) = try startGallery()
        defer { _ = app.terminate() }
        let mark = app.mark()
        // xdotool binds each missing keysym to a spare keycode as it types (MappingNotify each time).
        let typed = try runProcess(["xdotool", "type", "--delay", "40", "Москва 東京 서울"],
                                   environment: try XvfbServer.shared().environment)
        #expect(typed.succeeded, "\(typed.stderrString)")
        try driver.key("Return")
        let added = try app.waitForEvent(named: "tags.changed", since: mark)
        #expect(tags(added).last == "Москва 東京 서울")
    }

    @Test func aDuplicateIsRejected() throws {
        let (app, driver) = try startGallery()
        defer { _ = app.terminate() }
        let mark = app.mark()
        try driver.type("SWIFT")
        try driver.key("Return")
        let rejected = try app.waitForEvent(named: "tags.rejected", since: mark)
        #expect(rejected.string("reason") == "duplicate")
        #expect(app.waitForQuiescence())
        #expect(app.isResponsive(), "still handling events, so the missing change is no hang")
        #expect(!app.events.dropFirst(mark).contains { $0.name == "tags.changed" })
    }

    @Test func backspaceTwiceRemovesTheLastChip() throws {
        let (app, driver) = try startGallery()
        defer { _ = app.terminate() }
        let mark = app.mark()
        try driver.key("BackSpace")
        _ = try app.waitForEvent(named: "tags.selected", since: mark)
        try driver.key("BackSpace")
        let removed = try app.waitForEvent(named: "tags.changed", since: mark)
        #expect(tags(removed).count == 11)
        #expect(!tags(removed).contains("태그"))
    }

    @Test func clickingASuggestionAddsItAndTheCrossRemovesAChip() throws {
        let (app, driver) = try startGallery()
        defer { _ = app.terminate() }
        var mark = app.mark()
        let suggestion = try #require(app.latestViews().first { $0.type == "TagSuggestion" && $0.text == "desktop" })
        driver.click(at: suggestion.center)
        let added = try app.waitForEvent(named: "tags.changed", since: mark)
        #expect(tags(added).last == "desktop")
        // Adding scrolls the chips (the card's maximum height); read the frames after that settles.
        _ = app.waitForQuiescence()
        mark = app.mark()
        let chip = try #require(app.latestViews().first { $0.type == "TagChip" && $0.text == "태그" })
        // The × sits at the chip's right end: 16 points wide, 5 from the edge.
        driver.click(at: Point(x: chip.frame.maxX - 13, y: chip.frame.midY))
        let removed = try app.waitForEvent(named: "tags.changed", since: mark)
        #expect(!tags(removed).contains("태그"))
    }

    @Test func aClickSelectsAChip() throws {
        let (app, driver) = try startGallery()
        defer { _ = app.terminate() }
        let mark = app.mark()
        let chip = try #require(app.latestViews().first { $0.type == "TagChip" && $0.text == "日本語" })
        driver.click(at: Point(x: chip.frame.minX + 12, y: chip.frame.midY))
        let selected = try app.waitForEvent(named: "tags.selected", since: mark)
        #expect(selected.string("title") == "日本語")
    }

    @Test func pastingCommaSeparatedTextAddsThreeTags() throws {
        let (app, driver) = try startGallery()
        defer { _ = app.terminate() }
        let owner = try xclipOwn(Data("alpha, beta, gamma".utf8))
        defer { owner.terminate() }
        let mark = app.mark()
        try driver.key("ctrl+v")
        let added = try app.waitForEvent(named: "tags.changed", since: mark, timeout: 5)
        #expect(Array(tags(added).suffix(3)) == ["alpha", "beta", "gamma"])
    }

    @Test func pastingALongListThroughXclipAddsEveryLineAndTracesTheCount() throws {
        let (app, driver, _) = try Self.startWithFieldFocused(["--scene", "tags", "--tags", "0"])
        defer { _ = app.terminate() }
        // 20,000 distinct 80-character lines (1.6 MB, so xclip sends it INCR), a duplicate, a line of
        // NULs and a lone U+200F, which are refused, and blank lines, which are skipped.
        let n = 20_000
        var lines = (0..<n).map { i in String(String(format: "%08d", i) + String(repeating: "abcdefghij", count: 8)).prefix(80) }
        lines.insert("00000007" + String(repeating: "abcdefghij", count: 8).prefix(72), at: 500)
        lines.insert("\0\0", at: 1_000)
        lines.insert("\u{200F}", at: 2_000)
        lines.insert("   ", at: 3_000)
        let owner = try xclipOwn(Data((lines.joined(separator: "\n") + "\n\n").utf8))
        defer { owner.terminate() }
        let mark = app.mark()
        try driver.key("ctrl+v")
        let pasted = try app.waitForEvent(named: "tags.pasted", since: mark, timeout: 20)
        #expect(pasted.int("added") == n)
        #expect(pasted.int("rejected") == 3)
        #expect(pasted.bool("limited") == false)
        let changed = try app.waitForEvent(named: "tags.changed", since: mark)
        #expect(changed.int("count") == n)
        // A list this long is counted, not written out, in the trace.
        #expect(changed["tags"] == nil)
        let refusals = app.events.dropFirst(mark).filter { $0.name == "tags.rejected" }.compactMap { $0.string("reason") }
        #expect(refusals == ["duplicate", "empty", "empty"])
        // Still answering: a typed tag is added after the paste.
        try driver.type("last")
        try driver.key("Return")
        let added = try app.waitForEvent(named: "tags.changed", since: mark) { $0.int("count") == n + 1 }
        #expect(added.int("count") == n + 1)
    }

    @Test func scrollingRevealsChipsPastTheMaximumHeight() throws {
        let server = try XvfbServer.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "tags", "--tags", "2000"])
        defer { _ = app.terminate() }
        let xid = try #require(try app.waitForEvent(named: "window.mapped").int("xid"))
        // The first chip is read once the app has settled (focus, the input method, the first passes).
        _ = app.waitForQuiescence()
        let before = app.latestViews().filter { $0.type == "TagChip" }
        #expect(before.count > 50 && before.count < 400)
        let first = try #require(before.first?.text)
        let driver = try XTestDriver.shared()
        let mark = app.mark()
        // 300, 350 in the window, wherever a window manager placed it: once it stopped moving (openbox
        // may move a window after mapping it, and one failure scrolled where the window had been).
        let window = try WindowFinder(display: server.display).waitForSettledGeometry(of: XWindowID(xid))
        driver.scroll(at: Point(x: window.minX + 300, y: window.minY + 350), dy: 10)
        let scrolled: TraceEvent
        do {
            scrolled = try app.waitForEvent(named: "views", since: mark) { event in
                let views = event.views
                return views.contains { $0.type == "TagChip" } && !views.contains { $0.type == "TagChip" && $0.text == first }
            }
        } catch {
            // Say what the app showed instead, so a rare failure can be read from the log alone.
            let chips = app.latestViews().filter { $0.type == "TagChip" }
            Issue.record("the first chip was \(first); the latest views hold \(chips.count) chips, from \(chips.first?.text ?? "none")")
            throw error
        }
        #expect(scrolled.views.filter { $0.type == "TagChip" }.count < 400)
    }
}
