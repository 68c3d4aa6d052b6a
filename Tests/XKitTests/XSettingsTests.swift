import CX11
import Foundation
import Testing
@testable import XKit
@testable import XKitTesting

/// The XSETTINGS property format, good and bad, without a display.
@Suite struct XSettingsParserTests {
    /// Builds a property the way a manager writes it.
    private func property(bigEndian: Bool = false, _ settings: [(String, XSettingValue)]) -> [UInt8] {
        var out: [UInt8] = [bigEndian ? 1 : 0, 0, 0, 0]
        func card16(_ v: UInt16) { out += bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func card32(_ v: UInt32) {
            let b = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
            out += bigEndian ? b.reversed() : b
        }
        func padded(_ bytes: [UInt8]) { out += bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4) }
        card32(7)
        card32(UInt32(settings.count))
        for (name, value) in settings {
            switch value {
            case .integer: out += [0, 0]
            case .string: out += [1, 0]
            case .color: out += [2, 0]
            }
            card16(UInt16(name.utf8.count))
            padded(Array(name.utf8))
            card32(1)
            switch value {
            case .integer(let v): card32(UInt32(bitPattern: v))
            case .string(let s): card32(UInt32(s.utf8.count)); padded(Array(s.utf8))
            case .color(let r, let g, let b, let a): card16(r); card16(g); card16(b); card16(a)
            }
        }
        return out
    }

    private let sample: [(String, XSettingValue)] = [
        ("Net/DoubleClickTime", .integer(250)), ("Gtk/CursorThemeName", .string("Adwaita")),
        ("Net/CursorBlink", .integer(0)), ("Gtk/Color", .color(red: 1, green: 2, blue: 3, alpha: 4)),
        ("Xft/DPI", .integer(144 * 1024)),
    ]

    @Test func bothByteOrdersParseToTheSameSettings() throws {
        let little = try XSettingsParser.parse(property(sample))
        let big = try XSettingsParser.parse(property(bigEndian: true, sample))
        #expect(little == big)
        #expect(little["Net/DoubleClickTime"] == .integer(250))
        #expect(little["Gtk/CursorThemeName"] == .string("Adwaita"))
        #expect(little["Gtk/Color"] == .color(red: 1, green: 2, blue: 3, alpha: 4))
    }

    @Test func theValuesXKitFollowsReachTheDesktopSettings() throws {
        let settings = DesktopSettings.standard.applying(try XSettingsParser.parse(property(sample)), scale: 1)
        #expect(settings.doubleClickTime == 0.25)
        #expect(settings.caretBlinks == false)
        #expect(settings.dpi == 144)
        // Nonsense values are ignored, not applied.
        let silly = DesktopSettings.standard.applying(["Net/DoubleClickTime": .integer(-5), "Xft/DPI": .integer(3)], scale: 1)
        #expect(silly == .standard)
    }

    @Test func gtkEnableAnimationsZeroIsReducedMotionAndItsAbsenceTurnsMotionBackOn() {
        let off = DesktopSettings.standard.applying(["Gtk/EnableAnimations": .integer(0)], scale: 1)
        #expect(!off.enablesAnimations)
        #expect(off.applying(["Gtk/EnableAnimations": .integer(1)], scale: 1).enablesAnimations)
        #expect(off.applying([:], scale: 1).enablesAnimations, "a manager that drops it means GTK's default")
        #expect(off.applying(["Gtk/EnableAnimations": .string("0")], scale: 1).enablesAnimations, "a value of the wrong type is ignored")
    }

    @Test func aTruncatedOrMalformedPropertyIsRefusedWithAReason() {
        let whole = property(sample)
        for length in [0, 3, 11, 20, whole.count - 1] {
            #expect(throws: XSettingsFormatError.self) { try XSettingsParser.parse(Array(whole.prefix(length))) }
        }
        var badOrder = whole
        badOrder[0] = 7
        #expect(throws: XSettingsFormatError.self) { try XSettingsParser.parse(badOrder) }
        var hugeCount = whole
        hugeCount[8] = 0xFF; hugeCount[9] = 0xFF; hugeCount[10] = 0xFF; hugeCount[11] = 0x7F
        #expect(throws: XSettingsFormatError.self) { try XSettingsParser.parse(hugeCount) }
        var badType = whole
        badType[12] = 9
        #expect(throws: XSettingsFormatError.self) { try XSettingsParser.parse(badType) }
    }
}

/// A real XSETTINGS manager (xsettingsd) on a private Xvfb, changing a value while the app runs.
@Suite(.serialized)
struct XSettingsManagerTests {
    @Test func theDoubleClickTimeFollowsXsettingsdWhileTheAppRuns() throws {
        guard let xsettingsd = findExecutable("xsettingsd") else {
            try Test.cancel("xsettingsd is not installed (apt-get install -y xsettingsd)")
        }
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-xsettingsd-\(getpid()).conf")
        try "Net/DoubleClickTime 1000\nNet/CursorBlink 0\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let manager = try HelperProcess([xsettingsd, "-c", config.path], environment: ["DISPLAY": xvfb.display])
        defer { manager.stop() }

        let app = try AppProcess("xkit-demo", arguments: ["--scene", "tags", "--tags", "0"], environment: xvfb.environment,
                                 display: xvfb.display)
        defer { _ = app.terminate() }
        // Whether the manager or the app came first, the app ends up with the manager's values.
        let first = try app.waitForEvent(named: "settings.changed") { $0.double("doubleClickTime") == 1.0 }
        #expect(first.bool("caretBlinks") == false)
        _ = try app.waitForEvent(named: "window.mapped")
        let driver = try XTestDriver(display: xvfb.display)
        let field = try #require(app.latestViews().first { $0.type == "TextField" })
        driver.click(at: field.center)
        try driver.type("hello world")
        _ = try app.waitForView { $0.type == "TextField" && $0.text == "hello world" }
        let word = Point(x: field.frame.minX + 12, y: field.center.y)

        // Two clicks 0.6 s apart are a double click under a 1 s double-click time: the word is selected.
        var mark = app.mark()
        driver.click(at: word)
        Thread.sleep(forTimeInterval: 0.6)
        driver.click(at: word)
        let selected = try app.waitForEvent(named: "selection.acquired", since: mark) { $0.string("selection") == "PRIMARY" }
        #expect(selected.int("bytes") == 5)

        // The manager changes it to 0.2 s while the app runs: the same clicks are two single clicks.
        mark = app.mark()
        try "Net/DoubleClickTime 200\nNet/CursorBlink 1\n".write(to: config, atomically: true, encoding: .utf8)
        manager.signal(SIGHUP)
        let changed = try app.waitForEvent(named: "settings.changed", since: mark)
        #expect(changed.double("doubleClickTime") == 0.2)
        driver.click(at: Point(x: field.frame.maxX - 4, y: field.center.y))  // clears the selection
        Thread.sleep(forTimeInterval: 0.3)
        mark = app.mark()
        driver.click(at: word)
        Thread.sleep(forTimeInterval: 0.6)
        driver.click(at: word)
        #expect(app.waitForQuiescence(quiet: 0.3))
        #expect(!app.events.dropFirst(mark).contains { $0.name == "selection.acquired" })
    }

    @Test func theCaretBlinksAsTheManagerSaysAndStopsWhenItTurnsBlinkingOff() throws {
        guard let xsettingsd = findExecutable("xsettingsd") else {
            try Test.cancel("xsettingsd is not installed (apt-get install -y xsettingsd)")
        }
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-xsettingsd-blink-\(getpid()).conf")
        try "Net/CursorBlink 1\nNet/CursorBlinkTime 300\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let manager = try HelperProcess([xsettingsd, "-c", config.path], environment: ["DISPLAY": xvfb.display])
        defer { manager.stop() }
        // The harness keeps carets steady; this test wants the desktop's word.
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "tags", "--tags", "0"],
                                 environment: xvfb.environment.merging(["XKIT_CARET_BLINK": ""]) { $1 }, display: xvfb.display)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "settings.changed") { $0.double("caretBlinkTime") == 0.3 }
        _ = try app.waitForEvent(named: "window.mapped")
        let driver = try XTestDriver(display: xvfb.display)
        let field = try #require(app.latestViews().first { $0.type == "TextField" })
        driver.click(at: field.center)

        /// Distinct pictures of the field over `seconds`, sampled every 40 ms.
        func distinctFrames(over seconds: Double) throws -> Int {
            var seen: [[UInt8]] = []
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                let shot = try Screenshot.capture(rect: field.frame, display: xvfb.display)
                let bytes = try Array(shot.pngData())
                if !seen.contains(bytes) { seen.append(bytes) }
                Thread.sleep(forTimeInterval: 0.04)
            }
            return seen.count
        }
        #expect(try distinctFrames(over: 0.8) >= 2, "the caret does not blink")

        let mark = app.mark()
        try "Net/CursorBlink 0\nNet/CursorBlinkTime 300\n".write(to: config, atomically: true, encoding: .utf8)
        manager.signal(SIGHUP)
        _ = try app.waitForEvent(named: "settings.changed", since: mark) { $0.bool("caretBlinks") == false }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try distinctFrames(over: 0.8) == 1, "the caret still blinks with blinking off")
    }

    @Test func aMalformedPropertyIsReportedAndIgnoredThenAGoodOneAppliesLive() throws {
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        // A hand-made manager: owns _XSETTINGS_S0 and writes whatever the test wants.
        let manager = try XConnection(displayName: xvfb.display)
        let dpy = manager.dpy
        let window = XCreateSimpleWindow(dpy, manager.root, 0, 0, 1, 1, 0, 0, 0)
        let settingsAtom = XInternAtom(dpy, "_XSETTINGS_SETTINGS", 0)
        func write(_ bytes: [UInt8]) {
            var data = bytes
            XChangeProperty(dpy, window, settingsAtom, settingsAtom, 8, PropModeReplace, &data, Int32(data.count))
            XSync(dpy, 0)
        }
        // Claims 50 settings, holds the start of one.
        write([0, 0, 0, 0, 1, 0, 0, 0, 50, 0, 0, 0, 0, 0, 19, 0, 78, 101])
        XSetSelectionOwner(dpy, XInternAtom(dpy, "_XSETTINGS_S0", 0), window, Time(0))
        XSync(dpy, 0)

        let app = try AppProcess("xkit-demo", arguments: ["--scene", "tags", "--tags", "0"], environment: xvfb.environment,
                                 display: xvfb.display)
        defer { _ = app.terminate() }
        let warning = try app.waitForEvent(named: "warning") { $0.string("message")?.contains("XSETTINGS") == true }
        #expect(warning.string("message")?.contains("exceeds") == true || warning.string("message")?.contains("truncated") == true)
        _ = try app.waitForEvent(named: "window.mapped")
        #expect(!app.events.contains { $0.name == "settings.changed" })

        // The manager fixes its property: the app follows without a restart.
        let mark = app.mark()
        let name = Array("Net/DoubleClickTime".utf8)
        write([0, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, UInt8(name.count), 0] + name + [0, 1, 0, 0, 0, 0x2C, 0x01, 0, 0])
        let changed = try app.waitForEvent(named: "settings.changed", since: mark)
        #expect(changed.double("doubleClickTime") == 0.3)
    }
}
