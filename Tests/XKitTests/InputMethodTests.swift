import Foundation
import Testing
import XKit
import XKitTesting

/// Input methods with a real XIM server (uim-xim) on a private Xvfb: the composition shows
/// inline in the tag field (on-the-spot), commits become tags, and the server may die and return.
///
/// A private server keeps uim out of the other tests: with no XMODIFIERS Xlib connects to any
/// XIM server that lists the locale.
@Suite(.serialized)
struct InputMethodTests {
    /// One private X server for the suite.
    private static let xvfb = Result { try XvfbServer(width: 800, height: 600) }

    /// A running tag scene under `engine`, the field focused and the engine switched on (Shift+Space).
    private struct Session {
        let server: InputMethodServer
        let app: AppProcess
        let driver: XTestDriver
        let display: String

        func field(since: Int) throws -> TraceView {
            try app.waitForView(since: since) { $0.type == "TextField" }
        }

        /// Waits for the field's trace to show this composition (nil: none).
        @discardableResult
        func waitForPreedit(_ text: String?, since: Int) throws -> TraceView {
            try app.waitForView(since: since) { $0.type == "TextField" && $0.fields["preedit"] as? String == text }
        }

        func stop() {
            _ = app.terminate()
            server.stop()
        }
    }

    private func start(_ kind: InputMethodServer.Kind = .uim, engine: String, locale: String,
                       extraEnvironment: [String: String] = [:]) throws -> Session {
        let xvfb = try Self.xvfb.get()
        let server: InputMethodServer
        do {
            server = try InputMethodServer(kind, engine: engine, locale: locale, display: xvfb.display)
        } catch let unavailable as InputMethodServer.Unavailable {
            try Test.cancel("no XIM server: \(unavailable.reason)")
        }
        var environment = xvfb.environment.merging(server.environment) { $1 }
        environment.merge(extraEnvironment) { $1 }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "tags", "--tags", "3"], environment: environment,
                                 display: xvfb.display)
        _ = try app.waitForEvent(named: "window.mapped")
        // The method opens on first focus (the window takes focus when mapped, there is no WM).
        _ = try app.waitForEvent(named: "im.opened") { $0.bool("fallback") == false }
        let driver = try XTestDriver(display: xvfb.display)
        try app.focusTextField(with: driver)
        try driver.key("shift+space")
        driver.waitUntilIdle()
        return Session(server: server, app: app, driver: driver, display: xvfb.display)
    }

    private func tags(_ event: TraceEvent) -> [String] { event["tags"] as? [String] ?? [] }

    @Test func koreanCompositionIsShownInlineThenReturnCommitsItAndAddsTheTag() throws {
        let s = try start(engine: "byeoru", locale: "ko_KR.UTF-8")
        defer { s.stop() }
        let before = try Screenshot.capture(rect: s.field(since: 0).frame, display: s.display)
        var mark = s.app.mark()
        try s.driver.key("g")
        try s.driver.key("k")
        try s.waitForPreedit("하", since: mark)
        try s.driver.key("s")
        let composing = try s.waitForPreedit("한", since: mark)
        #expect(composing.text == "", "the composition must not be in the text before it is committed")
        #expect(composing.fields["preeditCaret"] as? Int == 1)
        // The candidate window's spot is the caret, below it, where the composition began.
        let spot = try #require(s.app.events.last { $0.name == "im.spot" })
        #expect(composing.frame.contains(Point(x: Double(spot.int("x") ?? -1), y: Double(spot.int("y") ?? -1) - 1)))

        // On screen: the composition replaces the placeholder, highlighted as byeoru asks and underlined.
        #expect(s.app.waitForQuiescence())
        let shown = try Screenshot.capture(rect: composing.frame, display: s.display)
        #expect(before.count(of: .init(hex: 0xB3D4FF)) == 0)
        #expect(shown.count(of: .init(hex: 0xB3D4FF)) > 20, "the IM's highlight is not drawn")
        #expect(shown != before)

        mark = s.app.mark()
        try s.driver.key("Return")
        let committed = try s.app.waitForEvent(named: "tags.changed", since: mark)
        #expect(tags(committed).last == "한")
        let after = try s.app.waitForView(since: mark) {
            $0.type == "TextField" && $0.fields["preedit"] == nil && $0.text == ""
        }
        // No key lost or doubled: the Return was the IM's, so exactly one tag came of it.
        #expect(s.app.waitForQuiescence())
        #expect(s.app.events.dropFirst(mark).filter { $0.name == "tags.changed" }.count == 1)
        // The field moved past the new chip, and the spot followed its caret.
        let moved = try s.app.waitForEvent(named: "im.spot", since: mark)
        #expect(after.frame.contains(Point(x: Double(moved.int("x") ?? -1), y: Double(moved.int("y") ?? -1) - 1)),
                "spot \(moved) outside the field at \(after.frame)")
    }

    // Opt-in (XKIT_TEST_IBUS=1): ibus-hangul composes inline here, but in full-suite runs on a loaded
    // 2-core machine the app waited more than 10 s for the focused field in about 1 run in 3 (bare and
    // under openbox alike), while alone it passes every time. ibus-daemon starts inside its own
    // dbus-run-session and engine switch; uim covers the same XIM paths in every run.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["XKIT_TEST_IBUS"] == "1"))
    func ibusHangulComposesInlineToo() throws {
        let s = try start(.ibus, engine: "hangul", locale: "ko_KR.UTF-8")
        defer { s.stop() }
        let mark = s.app.mark()
        for key in ["g", "k", "s", "j", "t", "k", "d"] { try s.driver.key(key) }
        let composing = try s.waitForPreedit("상", since: mark)
        #expect(composing.text == "하너", "ibus-hangul moves the ㄴ to the next syllable and commits 하너")
        try s.driver.key("Return")
        let added = try s.app.waitForEvent(named: "tags.changed", since: mark)
        #expect(tags(added).last == "하너상")
    }

    @Test func japaneseCompositionConvertsWithSpaceAndCommitsTheKanji() throws {
        let s = try start(engine: "anthy-utf8", locale: "ja_JP.UTF-8")
        defer { s.stop() }
        var mark = s.app.mark()
        for key in ["n", "i", "h", "o", "n", "g", "o"] { try s.driver.key(key) }
        try s.waitForPreedit("にほんご", since: mark)
        try s.driver.key("space")
        // Converted: no kana or Latin left (anthy's first choice for にほんご is 日本語).
        let converted = try s.app.waitForView(since: mark) {
            $0.type == "TextField" && ($0.fields["preedit"] as? String).map { text in
                !text.isEmpty && text.unicodeScalars.allSatisfy { $0.value >= 0x4E00 }
            } == true
        }
        let kanji = try #require(converted.fields["preedit"] as? String)
        mark = s.app.mark()
        try s.driver.key("Return")
        let field = try s.waitForPreedit(nil, since: mark)
        #expect(field.text == kanji)
        try s.driver.key("Return")
        let added = try s.app.waitForEvent(named: "tags.changed", since: mark)
        #expect(tags(added).last == kanji)
    }

    @Test func escapeCancelsAnthysCompositionAndNothingReachesTheField() throws {
        let s = try start(engine: "anthy-utf8", locale: "ja_JP.UTF-8")
        defer { s.stop() }
        var mark = s.app.mark()
        for key in ["k", "a"] { try s.driver.key(key) }
        try s.waitForPreedit("か", since: mark)
        mark = s.app.mark()
        try s.driver.key("Escape")
        let cancelled = try s.waitForPreedit(nil, since: mark)
        #expect(cancelled.text == "")
        // Typing goes on normally afterwards: nothing lost, nothing doubled.
        for key in ["k", "i"] { try s.driver.key(key) }
        try s.waitForPreedit("き", since: mark)
        try s.driver.key("Return")
        let committed = try s.app.waitForView(since: mark) { $0.type == "TextField" && $0.text == "き" }
        #expect(committed.fields["preedit"] == nil)
    }

    @Test func clickingAChipMidCompositionCommitsItIntoTheFieldFirst() throws {
        let s = try start(engine: "byeoru", locale: "ko_KR.UTF-8")
        defer { s.stop() }
        let mark = s.app.mark()
        for key in ["g", "k", "s"] { try s.driver.key(key) }
        try s.waitForPreedit("한", since: mark)
        let chip = try #require(s.app.latestViews().first { $0.type == "TagChip" })
        s.driver.click(at: chip.center)
        let field = try s.app.waitForView(since: mark) {
            $0.type == "TextField" && $0.fields["focused"] as? Bool == false
        }
        #expect(field.text == "한")
        #expect(field.fields["preedit"] == nil)
    }

    @Test func theWindowLosingFocusMidCompositionLetsTheMethodCommitIt() throws {
        let s = try start(engine: "byeoru", locale: "ko_KR.UTF-8")
        defer { s.stop() }
        let mark = s.app.mark()
        for key in ["g", "k", "s"] { try s.driver.key(key) }
        try s.waitForPreedit("한", since: mark)
        // Another window takes the focus (with no window manager, an XKit window takes it when mapped).
        let other = try AppProcess("xkit-demo", arguments: ["--scene", "tags", "--tags", "0"],
                                   environment: try Self.xvfb.get().environment, display: s.display)
        defer { _ = other.terminate() }
        _ = try other.waitForEvent(named: "window.mapped")
        // uim commits on focus out; whatever a method does, no stale composition may stay on screen.
        let field = try s.app.waitForView(since: mark) { $0.type == "TextField" && $0.fields["preedit"] == nil }
        #expect(field.text == "한")
    }

    @Test func theServerDyingMidCompositionKeepsTheTextAndTypingGoesOnUntilItReturns() throws {
        let s = try start(engine: "byeoru", locale: "ko_KR.UTF-8")
        defer { s.stop() }
        var mark = s.app.mark()
        for key in ["g", "k", "s"] { try s.driver.key(key) }
        try s.waitForPreedit("한", since: mark)
        mark = s.app.mark()
        s.server.stop()
        try s.driver.key("a")  // Xlib notices the dead server when it next talks to it
        let kept = try s.app.waitForView(since: mark) { $0.type == "TextField" && $0.text?.hasPrefix("한") == true }
        #expect(kept.fields["preedit"] == nil)
        let local = try s.app.waitForEvent(named: "im.opened", since: mark)
        #expect(local.bool("fallback") == true)
        try s.driver.key("b")
        try s.app.waitForView(since: mark) { $0.type == "TextField" && $0.text?.hasSuffix("b") == true }

        // The server comes back: the app reconnects on its own and composes again.
        mark = s.app.mark()
        try s.server.start()
        let back = try s.app.waitForEvent(named: "im.opened", since: mark)
        #expect(back.bool("fallback") == false)
        try s.driver.key("shift+space")
        for key in ["g", "k", "s"] { try s.driver.key(key) }
        try s.waitForPreedit("한", since: mark)
    }

    @Test func overTheSpotPutsTheServersPreeditWindowAtTheCaret() throws {
        let s = try start(engine: "byeoru", locale: "ko_KR.UTF-8", extraEnvironment: ["XKIT_IM_STYLE": "over-the-spot"])
        defer { s.stop() }
        let opened = try #require(s.app.events.last { $0.name == "im.opened" })
        #expect(opened.string("style") == "over-the-spot")
        let field = try s.field(since: 0)
        let mark = s.app.mark()
        for key in ["g", "k", "s"] { try s.driver.key(key) }
        #expect(s.app.waitForQuiescence())
        // uim draws the composition itself, in a window at the spot: inside our field, below its top.
        let spot = try #require(s.app.events.last { $0.name == "im.spot" })
        let x = Double(spot.int("x") ?? -1), y = Double(spot.int("y") ?? -1)
        #expect(field.frame.contains(Point(x: x, y: y - 1)), "spot \(x),\(y) outside \(field.frame)")
        // The server draws asynchronously; give it a moment.
        var drawn = 0
        for _ in 0..<40 where drawn <= 10 {
            drawn = try Screenshot.capture(rect: field.frame, display: s.display).count(of: .black)
            if drawn <= 10 { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(drawn > 10, "no preedit window drawn by the server at the spot")
        #expect(!s.app.events.dropFirst(mark).contains { $0.name == "views" && $0.views.contains { $0.fields["preedit"] != nil } })
    }
}
