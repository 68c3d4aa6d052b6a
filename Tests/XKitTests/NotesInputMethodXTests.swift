import Foundation
import Testing
import XKit
import XKitTesting

/// Korean typed through a real XIM server (uim-xim with byeoru) into the notes scene's TextView:
/// the composition shows inline on the caret's line and in the trace, Return commits it (and, as in
/// GTK with the same method, also breaks the line), and the
/// candidate spot follows the caret to the line being written.
@Suite(.serialized)
struct NotesInputMethodXTests {
    /// A private server, as InputMethodTests has: uim must not serve the other suites' apps.
    private static let xvfb = Result { try XvfbServer(width: 800, height: 640) }

    @Test func koreanComposesInlineOnTheThirdLineAndReturnCommitsItThenBreaksTheLine() throws {
        let xvfb = try Self.xvfb.get()
        let server: InputMethodServer
        do {
            server = try InputMethodServer(.uim, engine: "byeoru", locale: "ko_KR.UTF-8", display: xvfb.display)
        } catch let unavailable as InputMethodServer.Unavailable {
            try Test.cancel("no XIM server: \(unavailable.reason)")
        }
        defer { server.stop() }
        let environment = xvfb.environment.merging(server.environment) { $1 }.merging(["XKIT_CARET_BLINK": "0"]) { $1 }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "notes"], environment: environment, display: xvfb.display)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        _ = try app.waitForEvent(named: "im.opened") { $0.bool("fallback") == false }
        _ = try app.waitForView { $0.id == "notes.editor" && $0.fields["focused"] as? Bool == true }
        let driver = try XTestDriver(display: xvfb.display)

        // Two lines in Latin (the engine is still off), then Hangul (Shift+Space) on the third.
        var mark = app.mark()
        try driver.type("first\nsecond\n")
        let typed = try app.waitForView(since: mark) { $0.id == "notes.editor" && $0.text == "first\nsecond\n" }
        try driver.key("shift+space")
        driver.waitUntilIdle()
        mark = app.mark()
        try driver.key("g")
        try driver.key("k")
        _ = try app.waitForView(since: mark) { $0.id == "notes.editor" && $0.fields["preedit"] as? String == "하" }
        try driver.key("s")
        let composing = try app.waitForView(since: mark) { $0.id == "notes.editor" && $0.fields["preedit"] as? String == "한" }
        #expect(composing.text == "first\nsecond\n", "the composition is not in the text before it is committed")
        #expect((composing.fields["selection"] as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue } == [13, 13])

        // On screen: the composition is drawn inline, with the highlight byeoru asks for.
        #expect(app.waitForQuiescence())
        let shown = try Screenshot.capture(rect: composing.frame, display: xvfb.display)
        #expect(shown.count(of: .init(hex: 0xB3D4FF)) > 20, "the composition's highlight is not drawn")

        // The spot the candidate window uses is the caret on the third line, not the first.
        let spot = try #require(app.events.last { $0.name == "im.spot" }, "no im.spot traced")
        let spotY = Double(spot.int("y") ?? -1)
        #expect(typed.frame.contains(Point(x: Double(spot.int("x") ?? -1), y: spotY - 1)), "spot \(spot) outside \(typed.frame)")
        #expect(spotY - typed.frame.minY > 40, "spot \(spot) is not on the third line of \(typed.frame)")

        // Return commits the syllable and, as Korean methods do (nothing is being converted), is
        // passed on: the view gets 한 and then a paragraph break, each exactly once.
        mark = app.mark()
        try driver.key("Return")
        let committed = try app.waitForView(since: mark) {
            $0.id == "notes.editor" && $0.text == "first\nsecond\n한\n" && $0.fields["preedit"] as? String == nil
        }
        #expect((committed.fields["selection"] as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue } == [15, 15])
        #expect(app.waitForQuiescence())
        #expect(app.latestViews().first { $0.id == "notes.editor" }?.text == "first\nsecond\n한\n")
        _ = try app.waitForView(since: mark) { $0.id == "notes.count" && $0.text == "3 words · 3 lines" }
    }
}
