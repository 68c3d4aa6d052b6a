import Foundation
import Testing
import XKit
import XKitTesting

/// Hebrew and Arabic typed on real keyboard layouts (setxkbmap us,il,ara on a private Xvfb) into the
/// tag input of `xkit-demo --scene tags`: the field's text, selection and copy checked by the `views`
/// trace and xclip in another process, and the Arabic chips' ink on screen.
@Suite(.serialized)
struct RightToLeftXTests {
    // evdev keycodes by the US key they sit on.
    private enum KeyOn {
        static let a: UInt8 = 38, k: UInt8 = 45, u: UInt8 = 30, o: UInt8 = 32, c: UInt8 = 54
        static let s: UInt8 = 39, g: UInt8 = 42, h: UInt8 = 43, l: UInt8 = 46, v: UInt8 = 55, p: UInt8 = 33, f: UInt8 = 41
    }
    private let us = 0, hebrew = 1, arabic = 2

    /// With XKIT_KEEP_SHOTS=1, keeps a capture in /tmp to look at.
    private func keep(_ image: RGBImage, _ name: String) throws {
        guard ProcessInfo.processInfo.environment["XKIT_KEEP_SHOTS"] == "1" else { return }
        try image.writePNG(to: "/tmp/xkit-rtl-\(name).png")
    }

    /// The darkest-pixel box (text ink, not the light chip or field backgrounds) of a capture.
    private func inkBox(_ image: RGBImage) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
        var box: (minX: Int, maxX: Int, minY: Int, maxY: Int)?
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                guard Int(p.r) + Int(p.g) + Int(p.b) < 300 else { continue }
                box = (min(box?.minX ?? x, x), max(box?.maxX ?? x, x), min(box?.minY ?? y, y), max(box?.maxY ?? y, y))
            }
        }
        return box
    }

    @Test func hebrewAndArabicTypedOnTheirLayoutsEditCopyAndBecomeChips() throws {
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        try #require(findExecutable("setxkbmap") != nil, "setxkbmap is missing (x11-xkb-utils)")
        let layout = try runProcess(["setxkbmap", "-display", xvfb.display, "-layout", "us,il,ara"])
        try #require(layout.succeeded, "setxkbmap: \(layout.stderrString)")
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "tags", "--tags", "2"], environment: xvfb.environment,
                                 display: xvfb.display)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        let driver = try XTestDriver(display: xvfb.display)
        try app.focusTextField(with: driver)
        var mark = app.mark()
        func waitForText(_ text: String, since mark: Int) throws -> TraceView {
            try app.waitForView(since: mark) { $0.type == "TextField" && $0.text == text }
        }
        let reader = try ClipboardReader(display: xvfb.display)

        // שלום on the Hebrew layout: the keys A K U O.
        driver.lockKeyboardGroup(hebrew)
        mark = app.mark()
        for key in [KeyOn.a, KeyOn.k, KeyOn.u, KeyOn.o] { try driver.tap(keycode: key) }
        let field = try waitForText("שלום", since: mark)
        // Backspace takes one letter off the logical end (ם, drawn leftmost); O types it again.
        mark = app.mark()
        try driver.key("BackSpace")
        _ = try waitForText("שלו", since: mark)
        mark = app.mark()
        try driver.tap(keycode: KeyOn.o)
        _ = try waitForText("שלום", since: mark)
        _ = app.waitForQuiescence()
        // The RTL paragraph sits at the field's right: its ink ends near the right edge.
        let shot = try Screenshot.capture(rect: field.frame, display: xvfb.display)
        try keep(shot, "field")
        let ink = try #require(inkBox(shot), "the Hebrew text drew")
        #expect(ink.maxX >= Int(field.frame.width) - 12, "right-aligned: ink ends at \(ink.maxX) of \(field.frame.width)")
        #expect(ink.minX > Int(field.frame.width) / 3, "and starts right of the field's first third")

        // Home (the right end), then Shift+Right twice selects the first two letters in logical order.
        mark = app.mark()
        try driver.key("Home")
        try driver.key("shift+Right")
        try driver.key("shift+Right")
        _ = try app.waitForEvent(named: "selection.acquired", since: mark) { $0.string("selection") == "PRIMARY" }
        try driver.tap(keycode: KeyOn.c, control: true)  // Ctrl+C with ב on the key
        _ = try app.waitForEvent(named: "selection.acquired", since: mark) { $0.string("selection") == "CLIPBOARD" }
        #expect(try reader.xclip(.clipboard).stdoutString == "של")
        #expect(try reader.xclip(.primary).stdoutString == "של")

        // Mixed: " abc" after the Hebrew, then a selection across the direction change copies logically.
        mark = app.mark()
        try driver.key("End")
        try driver.key("space")
        driver.lockKeyboardGroup(us)
        try driver.type("abc")
        _ = try waitForText("שלום abc", since: mark)
        mark = app.mark()
        for _ in 0..<3 { try driver.key("Left") }
        for _ in 0..<2 { try driver.key("shift+Left") }
        try driver.key("ctrl+c")
        _ = try app.waitForEvent(named: "selection.acquired", since: mark) { $0.string("selection") == "CLIPBOARD" }
        #expect(try reader.xclip(.clipboard).stdoutString == "ם ")
        _ = app.waitForQuiescence()
        try keep(try Screenshot.capture(rect: field.frame, display: xvfb.display), "mixed-selection")

        // Arabic on the Arabic layout: مرحبا (L V P F H) and Enter, then سلام (S G H L) and the Arabic comma (Shift+K).
        mark = app.mark()
        try driver.key("ctrl+a")
        try driver.key("Delete")
        _ = try waitForText("", since: mark)
        driver.lockKeyboardGroup(arabic)
        mark = app.mark()
        for key in [KeyOn.l, KeyOn.v, KeyOn.p, KeyOn.f, KeyOn.h] { try driver.tap(keycode: key) }
        _ = try waitForText("مرحبا", since: mark)
        try driver.key("Return")
        _ = try app.waitForEvent(named: "tags.changed", since: mark) { ($0["tags"] as? [String])?.last == "مرحبا" }
        mark = app.mark()
        for key in [KeyOn.s, KeyOn.g, KeyOn.h, KeyOn.l] { try driver.tap(keycode: key) }
        try driver.keyDown("Shift_L")
        try driver.tap(keycode: KeyOn.k)
        try driver.keyUp("Shift_L")
        _ = try app.waitForEvent(named: "tags.changed", since: mark) { ($0["tags"] as? [String])?.last == "سلام" }
        driver.lockKeyboardGroup(us)
        _ = app.waitForQuiescence()

        // Each Arabic chip's ink lies inside the chip, left of its ×, over most of its title's width.
        let views = app.latestViews()
        for title in ["مرحبا", "سلام"] {
            let chip = try #require(views.first { $0.type == "TagChip" && $0.text == title })
            let ring = 6.0
            let area = chip.frame.insetBy(dx: -ring, dy: -ring)
            let image = try Screenshot.capture(rect: area, display: xvfb.display)
            try keep(image, "chip-\(title.unicodeScalars.first?.value ?? 0)")
            let box = try #require(inkBox(image), "\(title) drew")
            let inside = (minX: Int(ring), maxX: Int(ring + chip.frame.width) - 1, minY: Int(ring), maxY: Int(ring + chip.frame.height) - 1)
            #expect(box.minX >= inside.minX + 6 && box.maxX <= inside.maxX && box.minY >= inside.minY && box.maxY <= inside.maxY,
                    "\(title): ink \(box) inside the chip \(inside)")
            // The title's ink starts at the chip's padding and is wider than a third of the chip.
            #expect(box.minX <= inside.minX + 14 && box.maxX - box.minX > Int(chip.frame.width) / 3, "\(title): ink \(box)")
        }

        // Backspace in the empty field selects the last (Arabic) chip, a second one deletes exactly it.
        mark = app.mark()
        try driver.key("BackSpace")
        _ = try app.waitForView(since: mark) { $0.type == "TagChip" && $0.text == "سلام" && $0.fields["selected"] as? Bool == true }
        try driver.key("BackSpace")
        let removed = try app.waitForEvent(named: "tags.changed", since: mark)
        let tags = removed["tags"] as? [String] ?? []
        #expect(tags.last == "مرحبا" && !tags.contains("سلام"))

        // A list with Arabic and Hebrew tags, pasted from another client, adds each of them.
        let owner = try xclipOwn(Data("أحمد، שרה, Bob".utf8), display: xvfb.display)
        defer { owner.terminate() }
        mark = app.mark()
        try driver.key("ctrl+v")
        let pasted = try app.waitForEvent(named: "tags.changed", since: mark)
        #expect(Array((pasted["tags"] as? [String] ?? []).suffix(3)) == ["أحمد", "שרה", "Bob"])
    }
}
