import Foundation
import Testing
import XKit
import XKitTesting

/// A key typed into a TextView redraws only what it changed: after a letter and a BackSpace in
/// the middle of a line, the view must look exactly as it did before. Once in text whose glyphs
/// stay inside their line boxes (the neighbouring lines are then not redrawn at all), once in text
/// whose stacks reach far into the next line (Tibetan, Thai, Devanagari, Vietnamese capitals),
/// which a fixed few points of padding left smeared.
@Suite(.serialized)
struct TextViewRedrawXTests {
    private let driver: XTestDriver

    init() throws {
        _ = try XvfbServer.shared()
        driver = try XTestDriver.shared()
    }

    @Test func aLetterTypedInMultiScriptTextDrawsAsAFullRedrawWould() throws {
        let line = "Tiếng Việt có dấu, русский текст, 日本語の文章, 한국어 문장입니다, and plain words here."
        let difference = try typeAndUndo(in: Array(repeating: line, count: 12).joined(separator: "\n"), name: "plain")
        #expect(difference.count == 0, "against a full redraw, pixels differ in \(difference.box)")
    }

    @Test func aLetterTypedBeforeTallStacksDrawsAsAFullRedrawWould() throws {
        // Lines too short to wrap: the letter moves the stacks after it along their own line only.
        let line = "Tiếng ẪỖỮẶ བསྒྲུབས་ཀྵྐྵ སྒྲུབ ญฐู่ ग्रन्थ ẪỖỮẶ"
        let difference = try typeAndUndo(in: Array(repeating: line, count: 12).joined(separator: "\n"), name: "tall", at: 0.05)
        #expect(difference.count == 0, "against a full redraw, pixels differ in \(difference.box)")
    }

    /// Opens `text` in the document scene, clicks `fraction` of the way along its fifth line and
    /// types a letter there; returns how the view then differs from a fresh window opened on the
    /// text with that letter, its caret in the same place (a first frame draws everything).
    /// BackSpace must then bring back exactly the view before the letter.
    private func typeAndUndo(in text: String, name: String, at fraction: Double = 0.3) throws -> (count: Int, box: String) {
        let (app, view, file) = try open(text, name: name)
        defer { _ = app.terminate(); try? FileManager.default.removeItem(atPath: file) }
        // In each window's own place: a window manager puts the reference window somewhere else.
        func point(in view: TraceView) -> Point {
            Point(x: view.frame.minX + view.frame.width * fraction, y: view.frame.minY + 4.5 * 18 + 4)
        }
        let offset = try click(app, at: point(in: view))
        let before = try Screenshot.capture(rect: view.frame)

        var mark = app.mark()
        try driver.type("a")
        _ = try app.waitForView(since: mark) { $0.id == "document" && $0.text != text }
        #expect(app.waitForQuiescence())
        let typed = try Screenshot.capture(rect: view.frame)
        mark = app.mark()
        try driver.key("BackSpace")
        _ = try app.waitForView(since: mark) { $0.id == "document" && $0.text == text }
        #expect(app.waitForQuiescence())
        let undone = difference(before, try Screenshot.capture(rect: view.frame))
        #expect(undone.count == 0, "after BackSpace, pixels differ in \(undone.box)")

        var withLetter = text
        withLetter.insert("a", at: withLetter.index(withLetter.startIndex, offsetBy: offset))
        let (reference, referenceView, referenceFile) = try open(withLetter, name: name + "-reference")
        defer { _ = reference.terminate(); try? FileManager.default.removeItem(atPath: referenceFile) }
        var caret = try click(reference, at: point(in: referenceView))
        while caret != offset + 1 {
            mark = reference.mark()
            try driver.key(caret < offset + 1 ? "Right" : "Left")
            let moved = try reference.waitForView(since: mark) { $0.id == "document" && self.caret($0) != caret }
            caret = try #require(self.caret(moved))
        }
        #expect(reference.waitForQuiescence())
        return difference(typed, try Screenshot.capture(rect: referenceView.frame))
    }

    private func open(_ text: String, name: String) throws -> (AppProcess, TraceView, String) {
        let file = NSTemporaryDirectory() + "xkit-redraw-\(name)-\(getpid()).txt"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "document", "--file", file],
                                 environment: ["FONTCONFIG_FILE": try fontsWithTibetan()])
        _ = try app.waitForEvent(named: "window.mapped")
        _ = try app.waitForView { $0.id == "document" }
        // Where the window ended up: a window manager frames and places it after it maps, and the
        // first views were traced at the origin.
        _ = app.waitForQuiescence()
        return (app, try #require(app.latestViews().first { $0.id == "document" }), file)
    }

    /// The test fonts plus Noto Serif Tibetan, whose stacks reach three times the font's descent
    /// below the baseline.
    private func fontsWithTibetan() throws -> String {
        let pinned = try #require(try XvfbServer.shared().environment["FONTCONFIG_FILE"], "the test server pins no fonts")
        let conf = NSTemporaryDirectory() + "xkit-fonts-tibetan-\(getpid()).conf"
        let thai = "<glob>/usr/share/fonts/truetype/noto/NotoSansThai-*.ttf</glob>"
        let text = try String(contentsOfFile: pinned, encoding: .utf8)
        try #require(text.contains(thai), "\(pinned) no longer accepts Noto Sans Thai")
        try text.replacingOccurrences(of: thai, with: thai + "<glob>/usr/share/fonts/truetype/noto/NotoSerifTibetan-Regular.ttf</glob>")
            .write(toFile: conf, atomically: true, encoding: .utf8)
        return conf
    }

    /// Clicks at `point` and gives the caret offset the click put down.
    private func click(_ app: AppProcess, at point: Point) throws -> Int {
        _ = app.waitForQuiescence()
        let mark = app.mark()
        driver.click(at: point)
        _ = try app.waitForView(since: mark) { $0.id == "document" && $0.fields["focused"] as? Bool == true }
        #expect(app.waitForQuiescence())
        let latest = try #require(app.latestViews().first { $0.id == "document" })
        return try #require(caret(latest), "no caret in \(latest.fields)")
    }

    /// The caret's offset in a traced TextView; nil while text is selected.
    private func caret(_ view: TraceView) -> Int? {
        let range = (view.fields["selection"] as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue } ?? []
        return range.count == 2 && range[0] == range[1] ? range[0] : nil
    }

    /// How many pixels differ, and the box around them.
    private func difference(_ a: RGBImage, _ b: RGBImage) -> (count: Int, box: String) {
        guard a.width == b.width, a.height == b.height else { return (Int.max, "sizes \(a.width)×\(a.height), \(b.width)×\(b.height)") }
        var count = 0, minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                count += 1
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return (count, count == 0 ? "nothing" : "x \(minX)...\(maxX), y \(minY)...\(maxY) (\(count) pixels)")
    }
}
