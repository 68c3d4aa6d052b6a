import CX11
import Foundation
import Testing
@testable import XKit
import XKitTesting

/// The X backend in this process: errors, bad input, fonts and HiDPI.
@Suite(.serialized)
@MainActor
struct BackendTests {
    private func startApp() throws -> Application {
        _ = try XvfbServer.shared()
        let app = try Application.start()
        // Tests open and close windows; closing the last one must not end the test process.
        app.terminatesAfterLastWindowClosed = false
        return app
    }

    @Test func anXErrorIsReportedAndDoesNotEndTheProcess() throws {
        let app = try startApp()
        let display = app.x11!.connection.display
        let before = app.x11!.connection.errors.count
        // A window id nobody created: the server answers BadWindow.
        let error = app.x11!.connection.trapErrors { XMapWindow(display, 0x7fff_fff0) }
        #expect(error != nil)
        if case .xError(let code, _, _)? = error { #expect(code == UInt8(BadWindow)) }
        // Untrapped, it goes to the handler that logs instead of exiting.
        XUnmapWindow(display, 0x7fff_fff0)
        XSync(display, 0)
        #expect(app.x11!.connection.errors.count == before + 2)
        // The connection still works.
        #expect(XGetSelectionOwner(display, app.x11!.connection.atom("XKIT_NOBODY_OWNS_THIS")) == 0)
    }

    @Test func anEmptyLabelSizesToZeroAndDraws() throws {
        let app = try startApp()
        let window = Window(title: "empty", size: Size(width: 200, height: 60), app: app)
        defer { window.close() }
        let label = Label(text: "")
        window.contentView.addSubview(label)
        label.frame = Rect(x: 10, y: 10, width: 100, height: 20)
        #expect(label.sizeThatFits(Size(width: 100, height: 100)) == .zero)
        let image = try #require(window.snapshot())
        #expect(image.width == 200)
    }

    @Test func aMegabyteLabelLaysOutWithinAFewFramesAndDrawsOnlyWhatShows() throws {
        let app = try startApp()
        let window = Window(title: "huge", size: Size(width: 620, height: 400), app: app)
        defer { window.close() }
        let paragraph = "Mọi dòng chữ đều có thể sao chép — Любую надпись можно скопировать — すべての文字列はコピーできます — 모든 글자는 복사할 수 있습니다. "
        var text = ""
        while text.utf8.count < 1 << 20 { text += paragraph }
        let label = Label(text: text, font: .system(size: 13))
        label.numberOfLines = 0
        label.frame = Rect(x: 10, y: 10, width: 600, height: 380)
        window.contentView.addSubview(label)
        let start = monotonicSeconds()
        let image = try #require(window.snapshot())
        let elapsed = monotonicSeconds() - start
        print("xkit: 1 MiB label, layout and first draw: \(Int(elapsed * 1000)) ms (debug build)")
        // Like UILabel, it lays out what fits its height and truncates the rest.
        #expect(label.textLayout.lineCount > 10)
        #expect(label.textLayout.truncatedRange != nil)
        #expect(image.width == 620)
        // A generous bound for an unoptimised build on a loaded 2-core machine; release figures are in the notes.
        #expect(elapsed < 5)
    }

    @Test func aMissingFontFamilyFallsBackToSansSerif() throws {
        let app = try startApp()
        let missing = Font(family: "No Such Family 12345", size: 14)
        let sans = Font(family: "sans-serif", size: 14)
        let word = "Xin chào"
        let a = word.reduce(0.0) { $0 + app.x11!.fonts.advance(of: $1, in: missing) }
        let b = word.reduce(0.0) { $0 + app.x11!.fonts.advance(of: $1, in: sans) }
        #expect(a == b)
        #expect(a > 0)
    }

    @Test func fallbackFontsDrawEveryScriptInOneLine() throws {
        let app = try startApp()
        let font = Font(size: 16)
        for character in ["ạ", "Ж", "コ", "복", "字"] as [Character] {
            #expect(app.x11!.fonts.advance(of: character, in: font) > 4, "no glyph advance for \(character)")
        }
        let face = try #require(app.x11!.fonts.face(for: font))
        #expect(face.fontIndex(for: "a") == 0)
        #expect(face.fontIndex(for: "복") > 0, "Hangul should come from a fallback font")
    }

    @Test func scaleFollowsXftDpiFromTheResourceDatabase() throws {
        let server = try XvfbServer.shared()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-hidpi-\(getpid()).png").path
        let dpy = try #require(XOpenDisplay(server.display))
        defer { XCloseDisplay(dpy) }
        let root = XDefaultRootWindow(dpy)
        let resourceManager = XInternAtom(dpy, "RESOURCE_MANAGER", 0)
        var bytes = Array("Xft.dpi:\t192\n".utf8)
        XChangeProperty(dpy, root, resourceManager, XA_STRING, 8, PropModeReplace, &bytes, Int32(bytes.count))
        XSync(dpy, 0)
        defer { XDeleteProperty(dpy, root, resourceManager); XSync(dpy, 0) }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello", "--screenshot", path])
        #expect(app.waitForExit(timeout: 20) == 0)
        let image = try RGBImage.readPNG(from: path)
        #expect(image.width == 920 && image.height == 240)
    }
}
