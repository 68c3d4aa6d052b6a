import CX11
import Foundation
import Testing
@testable import XKit
import XKitTesting

/// Every request stays under the server's limit: long lines, huge windows, a long paste.
@Suite(.serialized)
@MainActor
struct RequestLimitXTests {
    private func startApp() throws -> Application {
        _ = try XvfbServer.shared()
        let app = try Application.start()
        app.terminatesAfterLastWindowClosed = false
        return app
    }

    /// Draws one line of `text` on white into a fresh pixmap, with `limits`, and reads it back.
    private func render(_ text: String, at x: Double, app: Application, limits: XRequestLimits,
                        font: XKitCore.Font = .system(size: 11), baseline: Double = 16,
                        width: Int = 1200, height: Int = 24) throws -> RGBImage {
        let connection = app.x11!.connection, display = connection.display
        let pixmap = XCreatePixmap(display, connection.root, UInt32(width), UInt32(height),
                                   UInt32(XDefaultDepth(display, connection.screen)))
        defer { XFreePixmap(display, pixmap) }
        let size = Size(width: Double(width) / app.scale, height: Double(height) / app.scale)
        let renderer = try #require(XftRenderer(display: display, drawable: pixmap,
                                                visual: XDefaultVisual(display, connection.screen),
                                                colormap: XDefaultColormap(display, connection.screen),
                                                fonts: app.x11!.fonts, size: size, limits: limits))
        defer { renderer.destroy() }
        let error = connection.trapErrors {
            renderer.begin(clip: Rect(origin: .zero, size: size))
            renderer.fill(Rect(origin: .zero, size: size), color: .white)
            renderer.drawText(Substring(text), font: font, color: .black, at: Point(x: x, y: baseline))
        }
        #expect(error == nil, "\(String(describing: error))")
        return try #require(DrawableReader.read(display: display, drawable: pixmap, width: width, height: height))
    }

    private func inkColumns(_ image: RGBImage) -> [Int] {
        (0..<image.width).filter { x in (0..<image.height).contains { image.pixel(x: x, y: $0).r < 128 } }
    }

    @Test func aLineDrawnInManySmallRequestsMatchesTheSameLineInOne() throws {
        let app = try startApp()
        let tiny = XRequestLimits(maxRequestBytes: 4096, coreMaxRequestBytes: 4096)
        let text = String(repeating: "il.j", count: 150)
        #expect(tiny.glyphsPerRequest * 2 < text.count)
        let chunked = try render(text, at: 2, app: app, limits: tiny)
        let whole = try render(text, at: 2, app: app, limits: app.x11!.connection.requestLimits)
        #expect(chunked == whole)
        // Ink reaches well past where the first request's glyphs end.
        #expect((inkColumns(chunked).last ?? 0) > 2 * 204 * 2)
    }

    @Test func aThreeHundredThousandCharacterLineDrawsItsVisibleEndsWithoutAnXError() throws {
        let app = try startApp()
        let line = String(repeating: "a", count: 300_000)
        let advance = app.x11!.fonts.advance(of: "a", in: .system(size: 11))
        let start = try render(line, at: 2, app: app, limits: app.x11!.connection.requestLimits)
        #expect(inkColumns(start).count > 600)
        // Scrolled to the end, as the text field shows it after the paste.
        let end = try render(line, at: 1198 / app.scale - Double(line.count) * advance, app: app,
                             limits: app.x11!.connection.requestLimits)
        #expect(inkColumns(end).count > 600)
    }

    @Test func aGiantFontUploadsItsGlyphsWithoutAnXError() throws {
        let app = try startApp()
        // Unbounded, one "W" bitmap at 5000 px would be a 30 MB AddGlyphs request.
        let image = try render("W", at: 0, app: app, limits: app.x11!.connection.requestLimits,
                               font: .system(size: 5000 / app.scale), baseline: 900, width: 1200, height: 1000)
        #expect(inkColumns(image).count > 100)
    }

    // A window manager shrinks a window bigger than the screen and decides where it may move
    // (WindowManagerTests covers that), so the pixmap bound and the drawing after a move are only
    // the toolkit's business on a bare server.
    @Test(.enabled(if: (try? TestWindowManager.requested()) == nil))
    func aMaximumSizeWindowKeepsItsBackBufferToTheScreenAndDrawsWhatComesIntoView() async throws {
        let app = try startApp()
        let display = app.x11!.connection.display, scale = app.scale
        let server = try XvfbServer.shared()
        let rssBefore = try residentBytes(of: server.pid)
        let side = 32767 / scale
        let window = Window(title: "huge window", size: Size(width: side, height: side), origin: .zero, app: app)
        defer { window.close() }
        let red = Color(hex: 0xE02020), blue = Color(hex: 0x2040E0)
        let near = View(frame: Rect(x: 100, y: 100, width: 40, height: 40))
        near.backgroundColor = red
        let far = View(frame: Rect(x: 3000, y: 2500, width: 40, height: 40))
        far.backgroundColor = blue
        window.contentView.addSubview(near)
        window.contentView.addSubview(far)
        window.show()
        #expect(await eventually { window.hasDrawnFirstFrame })

        // Ask the server itself how big the pixmap behind the window is.
        var root: UInt = 0, x: Int32 = 0, y: Int32 = 0, width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
        let status = XGetGeometry(display, window.x11BackBuffer!.pixmap, &root, &x, &y, &width, &height, &border, &depth)
        #expect(status != 0)
        #expect(Int(width) <= server.width && Int(height) <= server.height, "pixmap \(width)×\(height)")

        func color(atScreen point: Point) throws -> (r: UInt8, g: UInt8, b: UInt8) {
            try Screenshot.capture(rect: Rect(x: point.x, y: point.y, width: 1, height: 1)).pixel(x: 0, y: 0)
        }
        func isRed(_ c: (r: UInt8, g: UInt8, b: UInt8)) -> Bool { c.r > 200 && c.b < 80 }
        func isBlue(_ c: (r: UInt8, g: UInt8, b: UInt8)) -> Bool { c.b > 200 && c.r < 80 }
        #expect(await eventually { (try? color(atScreen: Point(x: 120 * scale, y: 120 * scale))).map(isRed) ?? false })

        // Move the far view into sight: what was never drawn must be drawn now.
        window.setFrame(Rect(x: -2700, y: -2200, width: side, height: side))
        let farOnScreen = Point(x: 320 * scale, y: 320 * scale)
        let farDrawn = await eventually { (try? color(atScreen: farOnScreen)).map(isBlue) ?? false }
        #expect(farDrawn, "at \(farOnScreen): \(String(describing: try? color(atScreen: farOnScreen))), origin \(window.screenOrigin), viewable top-levels \(String(describing: try? WindowFinder().topLevelWindows().count))")

        // And after a resize to a different huge size, still drawn, with the buffer still bounded.
        window.setFrame(Rect(x: -2700, y: -2200, width: side - 100, height: side - 50))
        far.backgroundColor = red
        #expect(await eventually { (try? color(atScreen: farOnScreen)).map(isRed) ?? false })
        #expect(window.x11BackBuffer!.pixelSize.width <= server.width && window.x11BackBuffer!.pixelSize.height <= server.height)
        // A full-size pixmap would be 4 GiB; the server grew by at most a few screenfuls.
        let growth = try residentBytes(of: server.pid) - rssBefore
        #expect(growth < 128 << 20, "Xvfb grew by \(growth >> 20) MiB")
    }

    /// A process's resident set size, from /proc.
    private func residentBytes(of pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kib = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? ""))
        return kib * 1024
    }

    @Test func pastingAThreeHundredThousandCharacterLineKeepsTheAppAnswering() throws {
        let (app, driver, field) = try TagInputTests.startWithFieldFocused(["--scene", "tags", "--tags", "0"])
        defer { _ = app.terminate() }
        // xclip owns the line in its own process, as the repro does.
        let owner = try xclipOwn(Data(String(repeating: "a", count: 300_000).utf8))
        defer { owner.terminate() }
        var mark = app.mark()
        try driver.key("ctrl+v")
        _ = try app.waitForView(since: mark, timeout: 20) { $0.type == "TextField" && $0.text?.count == 300_000 }
        // Still answering: a key typed after the paste lands at the end of the line.
        mark = app.mark()
        try driver.type("b")
        let typed = try app.waitForView(since: mark) { $0.type == "TextField" && $0.text?.count == 300_001 }
        #expect(typed.text?.hasSuffix("ab") == true)
        #expect(app.isRunning)
        #expect(!app.events.contains { $0.name == "x.error" || $0.name == "x.io_error" }, "\(app.tail())")
        // The field shows the end of the line: glyph ink inside its frame.
        let shot = try Screenshot.capture(rect: field.frame)
        let dark = stride(from: 0, to: shot.width, by: 1).filter { x in
            (0..<shot.height).contains { shot.pixel(x: x, y: $0).r < 100 }
        }
        #expect(dark.count > 100)
    }
}
