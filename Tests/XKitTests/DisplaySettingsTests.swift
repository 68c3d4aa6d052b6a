import Foundation
import Testing
import XKit
@testable import XKitTesting

/// Xft/DPI and the Xft font rendering settings from a real XSETTINGS manager (xsettingsd),
/// changed while the app runs, checked on screen.
@Suite(.serialized)
struct DisplaySettingsTests {
    /// A running xsettingsd whose configuration the test rewrites and reloads (SIGHUP).
    final class Manager {
        let config: URL
        let process: HelperProcess

        init(display: String, _ settings: String) throws {
            guard let xsettingsd = findExecutable("xsettingsd") else {
                throw XKitTestingError("xsettingsd is not installed (apt-get install -y xsettingsd)")
            }
            config = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-display-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).conf")
            try settings.write(to: config, atomically: true, encoding: .utf8)
            process = try HelperProcess([xsettingsd, "-c", config.path], environment: ["DISPLAY": display])
        }

        func change(_ settings: String) throws {
            try settings.write(to: config, atomically: true, encoding: .utf8)
            process.signal(SIGHUP)
        }

        func stop() {
            process.stop()
            try? FileManager.default.removeItem(at: config)
        }
    }

    @Test func aLiveDPIChangeRescalesTheOpenWindowAndKeepsWhatWasTyped() throws {
        try Self.requireXsettingsd()
        let xvfb = try XvfbServer(width: 1300, height: 1450)
        defer { xvfb.stop() }
        let manager = try Manager(display: xvfb.display, "Xft/DPI \(96 * 1024)\n")
        defer { manager.stop() }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "tags", "--tags", "0"], environment: xvfb.environment,
                                 display: xvfb.display)
        defer { _ = app.terminate() }
        let mapped = try app.waitForEvent(named: "window.mapped")
        let xid = try #require(mapped.int("xid"))
        let finder = try WindowFinder(display: xvfb.display)
        #expect(finder.geometry(of: XWindowID(xid))?.size == Size(width: 600, height: 700))
        let driver = try XTestDriver(display: xvfb.display)
        let field = try #require(app.latestViews().first { $0.type == "TextField" })
        driver.click(at: field.center)
        try driver.type("hello")
        _ = try app.waitForView { $0.type == "TextField" && $0.text == "hello" }
        // The trace is written before the frame is drawn.
        #expect(app.waitForQuiescence(quiet: 0.3))
        let before = try Self.ink(in: field.frame, display: xvfb.display)

        let mark = app.mark()
        try manager.change("Xft/DPI \(192 * 1024)\n")
        let changed = try app.waitForEvent(named: "display.changed", since: mark)
        #expect(changed.double("scale") == 2)
        // The X window follows its logical size at the new scale; the trace's frames are device pixels.
        let deadline = Date().addingTimeInterval(5)
        while finder.geometry(of: XWindowID(xid))?.size != Size(width: 1200, height: 1400) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(finder.geometry(of: XWindowID(xid))?.size == Size(width: 1200, height: 1400))
        let scaled = try app.waitForView(since: mark) { $0.type == "TextField" && $0.frame.width >= field.frame.width * 1.9 }
        #expect(scaled.text == "hello", "the typed text was lost")
        #expect(app.waitForQuiescence(quiet: 0.3))
        let after = try Self.ink(in: scaled.frame, display: xvfb.display)
        let heightRatio = Double(after.height) / Double(max(1, before.height))
        #expect((1.7...2.3).contains(heightRatio), "ink height \(before.height) → \(after.height)")
        #expect(after.height > 0 && before.height > 0)

        // Input lands where it is drawn at the new scale.
        driver.click(at: scaled.center)
        try driver.type(" world")
        _ = try app.waitForView { $0.type == "TextField" && $0.text == "hello world" }
    }

    @Test func antialiasingAndSubpixelOrderFollowTheManagerLive() throws {
        try Self.requireXsettingsd()
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let greyscale = "Xft/Antialias 1\nXft/Hinting 1\nXft/HintStyle \"hintslight\"\nXft/RGBA \"none\"\n"
        let manager = try Manager(display: xvfb.display, greyscale)
        defer { manager.stop() }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"], environment: xvfb.environment, display: xvfb.display)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        let label = try #require(app.latestViews().first { $0.type == "Label" }).frame

        let grey = try Self.waitForShot(label, xvfb.display) { $0.colours > 2 && $0.fringes == 0 }
        #expect(grey.colours > 2, "anti-aliased text has intermediate greys")
        #expect(grey.fringes == 0, "greyscale text has no coloured fringes")

        var mark = app.mark()
        try manager.change("Xft/Antialias 0\n")
        _ = try app.waitForEvent(named: "display.changed", since: mark) { $0.bool("antialias") == false }
        let mono = try Self.waitForShot(label, xvfb.display) { $0.colours == 2 }
        #expect(mono.colours == 2, "without anti-aliasing only the text and background colours remain")

        mark = app.mark()
        try manager.change("Xft/Antialias 1\nXft/RGBA \"rgb\"\n")
        _ = try app.waitForEvent(named: "display.changed", since: mark) { $0.int("rgba") == 1 }
        let lcd = try Self.waitForShot(label, xvfb.display) { $0.fringes > 20 }
        #expect(lcd.fringes > 20, "subpixel text has coloured fringes")

        mark = app.mark()
        try manager.change(greyscale)
        _ = try app.waitForEvent(named: "display.changed", since: mark) { $0.int("rgba") == 5 }
        let back = try Self.waitForShot(label, xvfb.display) { $0.colours > 2 && $0.fringes == 0 }
        #expect(back.colours > 2 && back.fringes == 0, "switching back restores greys")
        #expect(!app.events.contains { $0.name == "warning" })
    }

    @Test func xkitScaleOutranksTheManagersDPI() throws {
        try Self.requireXsettingsd()
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let manager = try Manager(display: xvfb.display, "Xft/DPI \(192 * 1024)\n")
        defer { manager.stop() }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"],
                                 environment: xvfb.environment.merging(["XKIT_SCALE": "1"]) { $1 }, display: xvfb.display)
        defer { _ = app.terminate() }
        let mapped = try app.waitForEvent(named: "window.mapped")
        // The desktop's DPI still reaches the settings; only the scale is the user's.
        _ = try app.waitForEvent(named: "settings.changed") { $0.double("dpi") == 192 }
        #expect(!app.events.contains { $0.name == "display.changed" && $0.double("scale") != 1 })
        let xid = try #require(mapped.int("xid"))
        #expect(try WindowFinder(display: xvfb.display).geometry(of: XWindowID(xid))?.size == Size(width: 460, height: 120))
    }

    @Test func nonsenseDisplayAndCursorSettingsAreEachReportedOnceAndIgnored() throws {
        try Self.requireXsettingsd()
        let xvfb = try XvfbServer(width: 800, height: 800)
        defer { xvfb.stop() }
        let manager = try Manager(display: xvfb.display, "Xft/DPI 1024\nXft/HintStyle \"hintextreme\"\nXft/RGBA \"diagonal\"\n"
                                  + "Gtk/CursorThemeName \"../../../tmp\"\nGtk/CursorThemeSize 100000\n")
        defer { manager.stop() }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "tags", "--tags", "3"], environment: xvfb.environment,
                                 display: xvfb.display)
        defer { _ = app.terminate() }
        let mapped = try app.waitForEvent(named: "window.mapped")
        let field = try #require(app.latestViews().first { $0.type == "TextField" })
        let driver = try XTestDriver(display: xvfb.display)
        driver.click(at: field.center)
        try driver.type("still here")
        _ = try app.waitForView { $0.type == "TextField" && $0.text == "still here" }
        _ = try app.waitForEvent(named: "warning") { ($0.string("message") ?? "").contains("../../../tmp") }
        let warnings = app.events.filter { $0.name == "warning" }.compactMap { $0.string("message") }
        for needle in ["Xft/DPI 1024", "hintextreme", "diagonal", "../../../tmp", "Gtk/CursorThemeSize 100000"] {
            #expect(warnings.filter { $0.contains(needle) }.count == 1, "\(needle): \(warnings)")
        }
        // The scale stayed at 1: the window is its logical size.
        let xid = try #require(mapped.int("xid"))
        #expect(try WindowFinder(display: xvfb.display).geometry(of: XWindowID(xid))?.size == Size(width: 600, height: 700))
    }

    // MARK: Pictures

    static func requireXsettingsd() throws {
        if findExecutable("xsettingsd") == nil { try Test.cancel("xsettingsd is not installed (apt-get install -y xsettingsd)") }
    }

    /// The rows holding dark (text) pixels in a screen rect: how tall the ink is.
    static func ink(in rect: Rect, display: String) throws -> (height: Int, pixels: Int) {
        let shot = try Screenshot.capture(rect: rect, display: display)
        var rows = Set<Int>()
        var count = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let p = shot[x, y]
                if Int(p.r) + Int(p.g) + Int(p.b) < 3 * 110 { rows.insert(y); count += 1 }
            }
        }
        guard let top = rows.min(), let bottom = rows.max() else { return (0, 0) }
        return (bottom - top + 1, count)
    }

    /// What a text picture is made of: how many distinct colours, and how many coloured pixels
    /// (channels far apart, as subpixel rendering makes at glyph edges).
    struct Palette { var colours: Int; var fringes: Int }

    static func palette(_ shot: RGBImage) -> Palette {
        var colours = Set<UInt32>()
        var fringes = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let p = shot[x, y]
                colours.insert(UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b))
                let channels = [Int(p.r), Int(p.g), Int(p.b)]
                if (channels.max() ?? 0) - (channels.min() ?? 0) > 48 { fringes += 1 }
            }
        }
        return Palette(colours: colours.count, fringes: fringes)
    }

    /// Screenshots `rect` until `done` holds (the redraw follows the settings event), or 5 s pass.
    static func waitForShot(_ rect: Rect, _ display: String, until done: (Palette) -> Bool) throws -> Palette {
        let end = Date().addingTimeInterval(5)
        var last = palette(try Screenshot.capture(rect: rect, display: display))
        while !done(last) && Date() < end {
            Thread.sleep(forTimeInterval: 0.05)
            last = palette(try Screenshot.capture(rect: rect, display: display))
        }
        return last
    }
}
