import Foundation
import Testing
import XKit
@testable import XKitTesting

/// Cursor themes from XSETTINGS (xsettingsd), read back from the server with XFixes while XTest
/// moves the pointer over a text field, a link and plain background.
@Suite(.serialized)
struct CursorThemeTests {
    static let theme = "DMZ-White"
    static let themeDirectory = "/usr/share/icons/\(theme)/cursors"

    @Test func theThemesCursorsAtTheThemesSizeShowOverTextLinksAndBackgroundAndFollowALiveSizeChange() throws {
        guard let xsettingsd = findExecutable("xsettingsd") else {
            try Test.cancel("xsettingsd is not installed (apt-get install -y xsettingsd)")
        }
        guard FileManager.default.fileExists(atPath: CursorThemeTests.themeDirectory) else {
            try Test.cancel("the \(CursorThemeTests.theme) cursor theme is not installed (apt-get install -y dmz-cursor-theme)")
        }
        let xvfb = try XvfbServer(width: 1280, height: 820)
        defer { xvfb.stop() }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-cursor-theme-\(getpid()).conf")
        func configure(size: Int) throws {
            try "Gtk/CursorThemeName \"\(CursorThemeTests.theme)\"\nGtk/CursorThemeSize \(size)\n"
                .write(to: config, atomically: true, encoding: .utf8)
        }
        try configure(size: 24)
        defer { try? FileManager.default.removeItem(at: config) }
        let manager = try HelperProcess([xsettingsd, "-c", config.path], environment: ["DISPLAY": xvfb.display])
        defer { manager.stop() }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery"], environment: xvfb.environment, display: xvfb.display)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped", timeout: 20)
        let views = app.latestViews()
        let field = try #require(views.first { $0.type == "TextField" })
        let link = try #require(CursorThemeTests.linkRect(in: views))
        let background = try #require(views.first { $0.type == "Window" || $0.type == "View" }).frame.origin + Point(x: 6, y: 6)
        let driver = try XTestDriver(display: xvfb.display)

        // DMZ-White has no "text", "pointer" or "default": each shape falls back to its X11 name.
        let expectations: [(Point, String)] = [(field.center, "xterm"), (link.center, "hand2"), (background, "left_ptr")]
        for (size, mark) in [(24, 0), (48, app.mark())] {
            if size != 24 {
                try configure(size: size)
                manager.signal(SIGHUP)
                _ = try app.waitForEvent(named: "cursor.theme", since: mark) { $0.int("size") == size }
            }
            for (point, name) in expectations {
                driver.move(to: point)
                let expected = try XcursorFile.image(CursorThemeTests.themeDirectory + "/" + name, nominalSize: size)
                let shown = try PointerCursorImage.wait(display: xvfb.display) { $0.name == name && $0.width == expected.width }
                #expect(shown.name == name, "over \(point) at size \(size)")
                #expect(shown.width == expected.width && shown.height == expected.height, "\(name) at size \(size)")
                let sameImage = shown.pixels == expected.pixels  // a Bool, so a failure does not print both images
                #expect(sameImage, "\(name) at size \(size) is not the theme's image")
            }
        }
        #expect(!app.events.contains { $0.name == "warning" && ($0.string("message") ?? "").contains("cursor") })
    }

    @Test func anUnknownThemeGivesOneWarningAndTheCoreCursors() throws {
        guard let xsettingsd = findExecutable("xsettingsd") else {
            try Test.cancel("xsettingsd is not installed (apt-get install -y xsettingsd)")
        }
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-cursor-unknown-\(getpid()).conf")
        try "Gtk/CursorThemeName \"NoSuchTheme\"\nGtk/CursorThemeSize 32\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let manager = try HelperProcess([xsettingsd, "-c", config.path], environment: ["DISPLAY": xvfb.display])
        defer { manager.stop() }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "tags", "--tags", "3"], environment: xvfb.environment,
                                 display: xvfb.display)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        let field = try #require(app.latestViews().first { $0.type == "TextField" })
        let driver = try XTestDriver(display: xvfb.display)
        driver.move(to: field.center)
        let warning = try app.waitForEvent(named: "warning") { ($0.string("message") ?? "").contains("NoSuchTheme") }
        #expect(warning.string("message")?.contains("not installed") == true)
        // The core I-beam: unnamed (libXcursor names what it loads), drawn from the cursor font.
        let shown = try PointerCursorImage.wait(display: xvfb.display) { $0.name == nil && $0.width > 0 && $0.width < 32 }
        #expect(shown.name == nil)
        // Back and forth once more: still one warning, and the app still types.
        driver.move(to: Point(x: field.frame.minX, y: field.frame.maxY + 200))
        driver.click(at: field.center)
        try driver.type("ok")
        _ = try app.waitForView { $0.type == "TextField" && $0.text == "ok" }
        #expect(app.events.filter { $0.name == "warning" && ($0.string("message") ?? "").contains("NoSuchTheme") }.count == 1)
    }

    @Test func withoutAManagerTheXcursorResourcesChooseTheThemeAndSize() throws {
        guard FileManager.default.fileExists(atPath: CursorThemeTests.themeDirectory) else {
            try Test.cancel("the \(CursorThemeTests.theme) cursor theme is not installed (apt-get install -y dmz-cursor-theme)")
        }
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let set = try runProcess(["xprop", "-root", "-display", xvfb.display, "-f", "RESOURCE_MANAGER", "8s", "-set",
                                  "RESOURCE_MANAGER", "Xcursor.theme:\t\(CursorThemeTests.theme)\nXcursor.size:\t32\n"])
        #expect(set.status == 0, "\(set)")
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "tags", "--tags", "3"], environment: xvfb.environment,
                                 display: xvfb.display)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        let field = try #require(app.latestViews().first { $0.type == "TextField" })
        try XTestDriver(display: xvfb.display).move(to: field.center)
        let expected = try XcursorFile.image(CursorThemeTests.themeDirectory + "/xterm", nominalSize: 32)
        let shown = try PointerCursorImage.wait(display: xvfb.display) { $0.name == "xterm" }
        #expect(shown.name == "xterm")
        let sameImage = shown.pixels == expected.pixels
        #expect(sameImage && shown.width == expected.width, "not the theme's 32-pixel I-beam")
    }

    /// The first rect of the gallery's link (a detected URL in the tappable post).
    static func linkRect(in views: [TraceView]) -> Rect? {
        for view in views {
            guard let ranges = view.fields["ranges"] as? [[String: Any]] else { continue }
            for range in ranges where (range["kind"] as? String) == "urls" {
                if let rects = range["rects"] as? [Any], let first = rects.first, let rect = TraceView.rect(first) { return rect }
            }
        }
        return nil
    }
}

/// Reads one image from an Xcursor file (the format libXcursor loads): a header, a table of
/// contents, and image chunks of premultiplied ARGB by nominal size.
enum XcursorFile {
    struct Image { var width: Int; var height: Int; var pixels: [UInt32] }

    static func image(_ path: String, nominalSize: Int) throws -> Image {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func card32(_ at: Int) throws -> Int {
            guard at >= 0, at + 4 <= data.count else { throw XKitTestingError("\(path): truncated at \(at)") }
            return Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24
        }
        guard data.starts(with: Array("Xcur".utf8)) else { throw XKitTestingError("\(path) is not an Xcursor file") }
        let count = try card32(12)
        for i in 0..<count {
            let entry = 16 + i * 12
            guard try card32(entry) == 0xFFFD_0002, try card32(entry + 4) == nominalSize else { continue }
            let chunk = try card32(entry + 8)
            let width = try card32(chunk + 16), height = try card32(chunk + 20)
            let pixels = try (0..<(width * height)).map { UInt32(try card32(chunk + 36 + $0 * 4)) }
            return Image(width: width, height: height, pixels: pixels)
        }
        throw XKitTestingError("\(path) has no image of nominal size \(nominalSize)")
    }
}
