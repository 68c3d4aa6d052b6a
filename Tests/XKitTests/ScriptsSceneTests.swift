import Foundation
import Testing
@testable import XKit
import XKitTesting

/// `xkit-demo --scene scripts`, driven with XTest from outside: selection in shaped text reaches
/// PRIMARY exactly. Word geometry comes from the same label laid out in this process (same fonts.conf).
@Suite(.serialized)
@MainActor
struct ScriptsSceneTests {
    /// Arabic joined and right-aligned, Hebrew right to left with its number, Hindi conjuncts,
    /// Thai, colour emoji sequences as single glyphs (assets/golden/scripts.png, checked by eye).
    @Test func scriptsSceneMatchesItsGoldenScreenshot() throws {
        _ = try XvfbServer.shared()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-scripts-\(getpid()).png").path
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "scripts", "--screenshot", path])
        #expect(app.waitForExit(timeout: 20) == 0, "\(app.tail())")
        let image = try RGBImage.readPNG(from: path)
        #expect(image.width == 560 && image.height == 420)
        try assertMatchesGolden(image, name: "scripts", tolerance: 24, maxFraction: 0.002)
    }

    @Test func dragSelectingTheFirstArabicWordPutsExactlyThatWordOnPrimary() throws {
        _ = try XvfbServer.shared()
        let driver = try XTestDriver.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "scripts"])
        defer { app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        let traced = try app.waitForView { $0.id == "scripts.ar" }
        #expect(traced.fields["selectable"] as? Bool == true)
        let text = try #require(traced.text)
        let firstWord = String(text.prefix { $0 != " " })
        #expect(firstWord == "مرحبا")

        _ = try Application.start()
        let label = Label(text: text, font: .system(size: 18))
        label.textAlignment = .natural
        label.frame = Rect(origin: .zero, size: traced.frame.size)
        let range = text.startIndex..<text.index(text.startIndex, offsetBy: firstWord.count)
        let rects = label.textLayout.rects(for: range)
        let word = try #require(rects.first)
        #expect(rects.count == 1)
        let origin = label.textOrigin
        let y = traced.frame.minY + origin.y + word.midY
        let mark = app.mark()
        driver.drag(from: Point(x: traced.frame.minX + origin.x + word.minX + 1, y: y),
                    to: Point(x: traced.frame.minX + origin.x + word.maxX - 1, y: y))
        let selected = try app.waitForEvent(named: "text.select", since: mark)
        #expect(selected.string("text") == firstWord)
        let primary = try ClipboardReader().xclip(.primary)
        #expect(primary.stdoutString == firstWord)
    }

    @Test func doubleClickingAThaiWordPutsThatWordOnPrimary() throws {
        _ = try XvfbServer.shared()
        let driver = try XTestDriver.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "scripts"])
        defer { app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        let traced = try app.waitForView { $0.id == "scripts.th" }
        let text = try #require(traced.text)
        // The sample (สวัสดี|ชาว|โลก |นี่|คือ|ข้อความ|ภาษา|ไทย) splits alike in libthai and ICU; the
        // display-free ThaiWordBreakTests tell the two apart, this one runs the real app.
        let word = "ข้อความ"

        _ = try Application.start()
        let label = Label(text: text, font: .system(size: 18))
        label.textAlignment = .natural
        label.frame = Rect(origin: .zero, size: traced.frame.size)
        let range = try #require(text.range(of: word))
        let rect = try #require(label.textLayout.rects(for: range).first)
        let origin = label.textOrigin
        let mark = app.mark()
        driver.click(at: Point(x: traced.frame.minX + origin.x + rect.midX, y: traced.frame.minY + origin.y + rect.midY), count: 2)
        let selected = try app.waitForEvent(named: "text.select", since: mark) { $0.string("id") == "scripts.th" }
        #expect(selected.string("text") == word)
        let primary = try ClipboardReader().xclip(.primary)
        #expect(primary.stdoutString == word)
    }
}
