import Foundation
import Testing
import XKit
import XKitTesting

/// Keyboard layouts on a private Xvfb (setxkbmap changes the whole server): shortcuts with a
/// non-Latin group active, typing in the active group, and a layout change while the app runs.
@Suite(.serialized)
struct KeyboardLayoutTests {
    // evdev keycodes of the keys labelled A, B, X, C, V on a US keyboard.
    private let keyA: UInt8 = 38, keyB: UInt8 = 56, keyX: UInt8 = 53, keyC: UInt8 = 54, keyV: UInt8 = 55, keyZ: UInt8 = 52

    private func setLayout(_ layout: String, on xvfb: XvfbServer) throws {
        try #require(findExecutable("setxkbmap") != nil, "setxkbmap is missing (x11-xkb-utils)")
        let result = try runProcess(["setxkbmap", "-display", xvfb.display, "-layout", layout])
        try #require(result.succeeded, "setxkbmap -layout \(layout): \(result.stderrString)")
    }

    private func startField(on xvfb: XvfbServer) throws -> (AppProcess, XTestDriver) {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "tags", "--tags", "2"], environment: xvfb.environment,
                                 display: xvfb.display)
        _ = try app.waitForEvent(named: "window.mapped")
        let driver = try XTestDriver(display: xvfb.display)
        try app.focusTextField(with: driver)
        return (app, driver)
    }

    private func waitForText(_ app: AppProcess, _ text: String, since mark: Int) throws {
        _ = try app.waitForView(since: mark) { $0.type == "TextField" && $0.text == text }
    }

    @Test func withTheRussianGroupLockedKeysTypeCyrillicAndCtrlACXVZStillEdit() throws {
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        try setLayout("us,ru", on: xvfb)
        let (app, driver) = try startField(on: xvfb)
        defer { _ = app.terminate() }
        driver.lockKeyboardGroup(1)
        var mark = app.mark()
        try driver.tap(keycode: keyA)
        try driver.tap(keycode: keyB)
        try waitForText(app, "фи", since: mark)

        mark = app.mark()
        try driver.tap(keycode: keyA, control: true)  // Ctrl+A selects all, with ф on the key
        _ = try app.waitForEvent(named: "selection.acquired", since: mark) { $0.string("selection") == "PRIMARY" }
        try driver.tap(keycode: keyC, control: true)
        _ = try app.waitForEvent(named: "selection.acquired", since: mark) { $0.string("selection") == "CLIPBOARD" }
        let reader = try ClipboardReader(display: xvfb.display)
        #expect(try reader.xclip(.clipboard).stdoutString == "фи")
        mark = app.mark()
        try driver.tap(keycode: keyX, control: true)
        try waitForText(app, "", since: mark)
        try driver.tap(keycode: keyV, control: true)
        try waitForText(app, "фи", since: mark)
        mark = app.mark()
        try driver.tap(keycode: keyZ, control: true)  // я on the key; undoes the paste
        try waitForText(app, "", since: mark)
    }

    @Test func aLayoutChangedWhileTheAppRunsTakesEffectAtOnce() throws {
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        try setLayout("us", on: xvfb)
        let (app, driver) = try startField(on: xvfb)
        defer { _ = app.terminate() }
        var mark = app.mark()
        try driver.tap(keycode: keyA)
        try waitForText(app, "a", since: mark)
        mark = app.mark()
        try setLayout("ru", on: xvfb)
        try driver.tap(keycode: keyA)
        try waitForText(app, "aф", since: mark)
        mark = app.mark()
        try setLayout("de", on: xvfb)
        try driver.tap(keycode: 29)  // Y on a US keyboard, Z on a German one
        try waitForText(app, "aфz", since: mark)
    }
}
