import Foundation
import CX11
import CXTest
import XKit
#if canImport(Glibc)
import Glibc
#endif

/// Synthesises real input with the XTest extension over its own connection to the test display.
/// Coordinates are root (screen) coordinates. Every call flushes and syncs, so when it returns the
/// server has queued the events for the target client.
///
/// Methods that pause (hold, drag steps, typing delays) have `async` twins that sleep with
/// `Task.sleep`: use those from main-actor tests that run XKit in-process, or the app never gets to
/// process the events while the test thread sleeps.
public final class XTestDriver: @unchecked Sendable {
    let connection: XConnection
    private var dpy: OpaquePointer { connection.dpy }

    /// Core keyboard map: keysyms per keycode, refreshed after our own changes.
    private var minKeycode: Int32 = 8, maxKeycode: Int32 = 255
    private var keysymsPerKeycode: Int32 = 0
    private let lastRelease = Locked<Double>(0)
    private var keymap: [UInt] = []
    /// Keycodes with no keysyms, usable for typing arbitrary Unicode; LRU order.
    private var spareKeycodes: [UInt8] = []
    private var spareAssignments: [UInt: UInt8] = [:]
    private var spareLastUsed: [UInt8: Double] = [:]

    /// Connects to `display` (default: the shared Xvfb, started if needed).
    public init(display: String? = nil) throws {
        connection = try XConnection(displayName: display)
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(connection.dpy, &event, &error, &major, &minor) != 0 else {
            throw XKitTestingError("the X server at \(connection.displayName) has no XTEST extension")
        }
        loadKeymap()
        spareKeycodes = (minKeycode...maxKeycode).compactMap { kc in
            keysyms(of: UInt8(kc)).allSatisfy { $0 == 0 } ? UInt8(kc) : nil
        }
    }

    deinit {
        // Give back the keycodes we borrowed, so a later driver starts from the server's own map —
        // but only once the client under test has had time to look up the last keys we typed.
        let used = Array(spareAssignments.values)
        if !used.isEmpty {
            XSync(dpy, 0)
            if let last = spareLastUsed.values.max(), monotonicNow() - last < rebindDelay {
                sleepSeconds(rebindDelay - (monotonicNow() - last))
            }
            var none = [UInt](repeating: 0, count: Int(keysymsPerKeycode))
            for kc in used { XChangeKeyboardMapping(dpy, Int32(kc), keysymsPerKeycode, &none, 1) }
            XSync(dpy, 0)
        }
    }

    private static let sharedDriver = Locked<XTestDriver?>(nil)

    /// One driver for the whole test process, on the shared Xvfb (keeps keycode bindings stable).
    public static func shared() throws -> XTestDriver {
        try sharedDriver.withLock { d in
            if let d { return d }
            let driver = try XTestDriver()
            d = driver
            return driver
        }
    }

    /// How long a client is given to look up a key typed on a borrowed keycode before that keycode is
    /// bound to another character (the client sees the map as it is when it handles the event).
    public var rebindDelay: TimeInterval = 0.2
    /// Pause after binding a keycode, before the first key event that uses it.
    public var bindPause: TimeInterval = 0.02

    /// How many keycodes are free for binding characters the keymap lacks.
    public var spareKeycodeCount: Int { locked { spareKeycodes.count } }

    /// The display name this driver talks to.
    public var displayName: String { connection.displayName }

    // MARK: Pointer

    /// Moves the pointer to `point` (root coordinates, rounded).
    public func move(to point: Point) {
        locked {
            XTestFakeMotionEvent(dpy, -1, Int32(point.x.rounded()), Int32(point.y.rounded()), 0)
            XSync(dpy, 0)
        }
    }

    /// Presses `button` (1 left, 2 middle, 3 right), first moving to `point` if given.
    public func press(at point: Point? = nil, button: Int = 1) {
        if let point { move(to: point) }
        // No hand clicks twice within 50 ms. A window manager that grabs clicks to focus (openbox)
        // freezes the pointer on each press until it replays it, and a second press injected while it
        // is still busy with the first could leave the pointer frozen.
        let sinceRelease = monotonicNow() - lastRelease.withLock { $0 }
        if sinceRelease < 0.05 { sleepSeconds(0.05 - sinceRelease) }
        locked { XTestFakeButtonEvent(dpy, UInt32(button), 1, 0); XSync(dpy, 0) }
    }

    /// Releases `button`, first moving to `point` if given.
    public func release(at point: Point? = nil, button: Int = 1) {
        if let point { move(to: point) }
        locked { XTestFakeButtonEvent(dpy, UInt32(button), 0, 0); XSync(dpy, 0) }
        lastRelease.withLock { $0 = monotonicNow() }
    }

    /// Moves to `point` and clicks `count` times (count 2 = double click, 30 ms apart).
    public func click(at point: Point, button: Int = 1, count: Int = 1) {
        move(to: point)
        for i in 0..<max(count, 1) {
            if i > 0 { sleepSeconds(0.03) }
            press(button: button)
            release(button: button)
        }
    }

    /// Presses at `point` and releases `duration` seconds later on the server's clock (blocking this thread).
    ///
    /// XTest's delay makes the server itself wait before the release, so the events' timestamps are
    /// exactly `duration` apart however this thread or the app is scheduled; recognizers judge
    /// durations by those timestamps.
    public func pressAndHold(at point: Point, duration: TimeInterval, button: Int = 1) {
        sendHold(at: point, duration: duration, button: button)
        _ = locked { XSync(dpy, 0) }
    }

    /// `pressAndHold` waiting with `Task.sleep`, so an in-process app runs meanwhile.
    public func pressAndHold(at point: Point, duration: TimeInterval, button: Int = 1) async {
        sendHold(at: point, duration: duration, button: button)
        try? await Task.sleep(nanoseconds: UInt64(duration * 1e9))
        _ = locked { XSync(dpy, 0) }
    }

    private func sendHold(at point: Point, duration: TimeInterval, button: Int) {
        move(to: point)
        locked {
            XTestFakeButtonEvent(dpy, UInt32(button), 1, 0)
            XTestFakeButtonEvent(dpy, UInt32(button), 0, UInt(max(0, duration * 1000).rounded()))
            XFlush(dpy)
        }
    }

    /// Press at `from`, `steps` evenly spaced motions ending exactly at `to`, release there.
    public func drag(from: Point, to: Point, steps: Int = 10, stepDelay: TimeInterval = 0.01, button: Int = 1) {
        press(at: from, button: button)
        for i in 1...max(steps, 1) {
            sleepSeconds(stepDelay)
            move(to: interpolate(from, to, Double(i) / Double(max(steps, 1))))
        }
        release(button: button)
    }

    /// `drag` with `Task.sleep` between steps.
    public func drag(from: Point, to: Point, steps: Int = 10, stepDelay: TimeInterval = 0.01, button: Int = 1) async {
        press(at: from, button: button)
        for i in 1...max(steps, 1) {
            try? await Task.sleep(nanoseconds: UInt64(stepDelay * 1e9))
            move(to: interpolate(from, to, Double(i) / Double(max(steps, 1))))
        }
        release(button: button)
    }

    /// Scroll wheel: positive `dy` scrolls down (button 5), negative up (4); `dx` right (7) / left (6).
    /// One unit is one wheel click.
    public func scroll(at point: Point? = nil, dy: Int = 1, dx: Int = 0) {
        if let point { move(to: point) }
        for _ in 0..<abs(dy) { press(button: dy > 0 ? 5 : 4); release(button: dy > 0 ? 5 : 4) }
        for _ in 0..<abs(dx) { press(button: dx > 0 ? 7 : 6); release(button: dx > 0 ? 7 : 6) }
    }

    /// Where the pointer is, in root coordinates (XQueryPointer).
    public func pointerPosition() -> Point {
        locked {
            var root: UInt = 0, child: UInt = 0
            var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
            var mask: UInt32 = 0
            XQueryPointer(dpy, connection.root, &root, &child, &rx, &ry, &wx, &wy, &mask)
            return Point(x: Double(rx), y: Double(ry))
        }
    }

    // MARK: Keyboard

    /// Presses and releases a key or combination: `"Return"`, `"Escape"`, `"Menu"`, `"ctrl+c"`,
    /// `"shift+Tab"`, `"shift+F10"`, `"ctrl+shift+Left"`, `"a"`, `"é"`. Modifier names: ctrl/control,
    /// shift, alt/mod1, super/meta/mod4, altgr/mod5. Key names are X keysym names; a single character
    /// also works. Keys absent from the keymap are mapped onto a spare keycode first.
    public func key(_ combo: String) throws {
        let (modifiers, keysym) = try parseCombo(combo)
        try locked {
            let modCodes = try modifiers.map { try keycode(forKeysym: $0).keycode }
            let (kc, needsShift) = try keycode(forKeysym: keysym)
            let shiftCode = try keycode(forKeysym: UInt(XK_Shift_L)).keycode
            var downs = modCodes
            if needsShift && !downs.contains(shiftCode) { downs.append(shiftCode) }
            for m in downs { XTestFakeKeyEvent(dpy, UInt32(m), 1, 0) }
            XTestFakeKeyEvent(dpy, UInt32(kc), 1, 0)
            XTestFakeKeyEvent(dpy, UInt32(kc), 0, 0)
            for m in downs.reversed() { XTestFakeKeyEvent(dpy, UInt32(m), 0, 0) }
            XSync(dpy, 0)
        }
    }

    /// Presses and releases the key at `keycode`, whatever the active layout maps it to (with
    /// Control held if asked): how a user on a Russian layout presses "the A key".
    public func tap(keycode code: UInt8, control: Bool = false) throws {
        try locked {
            let controlCode = try keycode(forKeysym: UInt(XK_Control_L)).keycode
            if control { XTestFakeKeyEvent(dpy, UInt32(controlCode), 1, 0) }
            XTestFakeKeyEvent(dpy, UInt32(code), 1, 0)
            XTestFakeKeyEvent(dpy, UInt32(code), 0, 0)
            if control { XTestFakeKeyEvent(dpy, UInt32(controlCode), 0, 0) }
            XSync(dpy, 0)
        }
    }

    /// Locks the keyboard group (0 is the first layout of `setxkbmap -layout us,ru`), as a
    /// layout switcher does.
    public func lockKeyboardGroup(_ group: Int) {
        locked {
            XkbLockGroup(dpy, UInt32(XkbUseCoreKbd), UInt32(max(0, min(3, group))))
            XSync(dpy, 0)
        }
    }

    /// Presses (without releasing) a key by keysym name, e.g. `"Shift_L"` to hold a modifier.
    public func keyDown(_ name: String) throws {
        let ks = try keysym(named: name)
        try locked { let kc = try keycode(forKeysym: ks).keycode; XTestFakeKeyEvent(dpy, UInt32(kc), 1, 0); XSync(dpy, 0) }
    }

    /// Releases a key pressed with `keyDown`.
    public func keyUp(_ name: String) throws {
        let ks = try keysym(named: name)
        try locked { let kc = try keycode(forKeysym: ks).keycode; XTestFakeKeyEvent(dpy, UInt32(kc), 0, 0); XSync(dpy, 0) }
    }

    /// Types arbitrary Unicode text. Characters the keymap lacks (Cyrillic, CJK, emoji...) are bound to
    /// spare keycodes with XChangeKeyboardMapping, as xdotool does; clients see MappingNotify first.
    /// "\n" types Return, "\t" Tab. Multi-scalar characters are typed scalar by scalar.
    public func type(_ text: String, delay: TimeInterval = 0.002) throws {
        try bindAhead(text)
        for scalar in text.unicodeScalars {
            try typeScalar(scalar)
            sleepSeconds(delay)
        }
    }

    /// `type` with `Task.sleep` between keys.
    public func type(_ text: String, delay: TimeInterval = 0.002) async throws {
        try bindAhead(text)
        for scalar in text.unicodeScalars {
            try typeScalar(scalar)
            try? await Task.sleep(nanoseconds: UInt64(delay * 1e9))
        }
    }

    /// Binds every keysym the text needs before the first key goes out, then pauses once.
    ///
    /// A client reads a key's keysym from its copy of the keymap, refreshed on MappingNotify; if
    /// bindings and key events interleave, a client that is still refreshing can read the wrong
    /// symbol. With every binding made first, each MappingNotify precedes every key event.
    private func bindAhead(_ text: String) throws {
        let keysyms = Set(text.unicodeScalars.map(Self.keysym(for:)))
        guard keysyms.count <= spareKeycodes.count else { return }
        let bound = try locked { () -> Bool in
            var boundAny = false
            for ks in keysyms where spareAssignments[ks] == nil {
                _ = try keycode(forKeysym: ks)
                if spareAssignments[ks] != nil { boundAny = true }
            }
            return boundAny
        }
        if bound { sleepSeconds(bindPause * 5) }
    }

    private func typeScalar(_ scalar: Unicode.Scalar) throws {
        let ks = Self.keysym(for: scalar)
        try locked {
            let (kc, needsShift) = try keycode(forKeysym: ks)
            let shiftCode = needsShift ? try keycode(forKeysym: UInt(XK_Shift_L)).keycode : 0
            if needsShift { XTestFakeKeyEvent(dpy, UInt32(shiftCode), 1, 0) }
            XTestFakeKeyEvent(dpy, UInt32(kc), 1, 0)
            XTestFakeKeyEvent(dpy, UInt32(kc), 0, 0)
            if needsShift { XTestFakeKeyEvent(dpy, UInt32(shiftCode), 0, 0) }
            XSync(dpy, 0)
        }
    }

    /// The keysym for a Unicode scalar: Latin-1 maps directly, controls to their keys, the rest to
    /// 0x01000000 | code point.
    public static func keysym(for scalar: Unicode.Scalar) -> UInt {
        switch scalar.value {
        case 0x0A, 0x0D: return UInt(XK_Return)
        case 0x09: return UInt(XK_Tab)
        case 0x08: return UInt(XK_BackSpace)
        case 0x1B: return UInt(XK_Escape)
        case 0x7F: return UInt(XK_Delete)
        case 0x20...0x7E, 0xA0...0xFF: return UInt(scalar.value)
        default: return 0x0100_0000 | UInt(scalar.value)
        }
    }

    // MARK: Sync

    /// XSync on this connection (all our requests processed), then `quiescence` seconds so the client
    /// under test can handle the resulting events. Blocking.
    public func waitUntilIdle(quiescence: TimeInterval = 0.05) {
        connection.sync()
        sleepSeconds(quiescence)
    }

    /// `waitUntilIdle` with `Task.sleep`, for main-actor tests running XKit in-process.
    public func waitUntilIdle(quiescence: TimeInterval = 0.05) async {
        connection.sync()
        try? await Task.sleep(nanoseconds: UInt64(quiescence * 1e9))
    }

    // MARK: Internals

    private func locked<R>(_ body: () throws -> R) rethrows -> R {
        connection.lock.lock(); defer { connection.lock.unlock() }
        return try body()
    }

    private func interpolate(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    private func loadKeymap() {
        XDisplayKeycodes(dpy, &minKeycode, &maxKeycode)
        var per: Int32 = 0
        let count = maxKeycode - minKeycode + 1
        guard let syms = XGetKeyboardMapping(dpy, UInt8(minKeycode), count, &per) else { return }
        defer { XFree(syms) }
        keysymsPerKeycode = per
        keymap = Array(UnsafeBufferPointer(start: syms, count: Int(count * per)))
    }

    private func keysyms(of keycode: UInt8) -> ArraySlice<UInt> {
        let start = (Int32(keycode) - minKeycode) * keysymsPerKeycode
        return keymap[Int(start)..<Int(start + keysymsPerKeycode)]
    }

    /// A keycode producing `keysym` at group 1 level 1 (no shift) or level 2 (shift), binding a
    /// spare keycode if the keymap has none.
    private func keycode(forKeysym ks: UInt) throws -> (keycode: UInt8, needsShift: Bool) {
        if let spare = spareAssignments[ks] {
            spareLastUsed[spare] = monotonicNow()
            return (spare, false)
        }
        if keysymsPerKeycode > 0 {
            var shifted: UInt8?
            for kc in minKeycode...maxKeycode {
                let syms = keysyms(of: UInt8(kc))
                if syms[syms.startIndex] == ks { return (UInt8(kc), false) }
                if shifted == nil, keysymsPerKeycode > 1, syms[syms.startIndex + 1] == ks { shifted = UInt8(kc) }
            }
            if let shifted { return (shifted, true) }
        }
        return (try bindSpare(ks), false)
    }

    private func bindSpare(_ ks: UInt) throws -> UInt8 {
        guard !spareKeycodes.isEmpty else {
            throw XKitTestingError("no spare keycode to bind keysym 0x\(String(ks, radix: 16))")
        }
        // Least recently used spare. Rebinding one whose key event the client may not have handled
        // yet would change the character it sees, so wait a moment if it was used just now.
        // After one pause every binding is safe again, so a long text pays one pause per
        // `spareKeycodeCount` new characters, not one per character.
        let kc = spareKeycodes.min { (spareLastUsed[$0] ?? 0) < (spareLastUsed[$1] ?? 0) }!
        if let last = spareLastUsed[kc], monotonicNow() - last < rebindDelay {
            XSync(dpy, 0)
            let newest = spareLastUsed.values.max() ?? last
            sleepSeconds(rebindDelay - (monotonicNow() - newest))
            for k in spareLastUsed.keys { spareLastUsed[k] = 0 }
        }
        if let old = spareAssignments.first(where: { $0.value == kc })?.key { spareAssignments[old] = nil }
        var syms = [UInt](repeating: 0, count: Int(max(keysymsPerKeycode, 2)))
        syms[0] = ks; syms[1] = ks
        XChangeKeyboardMapping(dpy, Int32(kc), Int32(syms.count), &syms, 1)
        XSync(dpy, 0)
        sleepSeconds(bindPause)
        // Keep our copy of the map in step.
        let start = Int((Int32(kc) - minKeycode) * keysymsPerKeycode)
        for i in 0..<Int(keysymsPerKeycode) { keymap[start + i] = i < syms.count ? syms[i] : 0 }
        spareAssignments[ks] = kc
        spareLastUsed[kc] = monotonicNow()
        return kc
    }

    private func keysym(named name: String) throws -> UInt {
        let ks = XStringToKeysym(name)
        if ks != 0 { return ks }
        let scalars = Array(name.unicodeScalars)
        if scalars.count == 1 { return Self.keysym(for: scalars[0]) }
        throw XKitTestingError("unknown key name \(name.debugDescription)")
    }

    private func parseCombo(_ combo: String) throws -> (modifiers: [UInt], key: UInt) {
        // Split on "+" but allow the key itself to be "+" ("ctrl++" or "+").
        var parts = combo.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        if combo.hasSuffix("+") && parts.count >= 2 { parts.removeLast(2); parts.append("+") }
        guard let keyName = parts.last, !keyName.isEmpty else { throw XKitTestingError("empty key combo \(combo.debugDescription)") }
        let modifiers = try parts.dropLast().map { m -> UInt in
            switch m.lowercased() {
            case "ctrl", "control": return UInt(XK_Control_L)
            case "shift": return UInt(XK_Shift_L)
            case "alt", "mod1": return UInt(XK_Alt_L)
            case "super", "meta", "mod4", "win": return UInt(XK_Super_L)
            case "altgr", "mod5": return UInt(XK_ISO_Level3_Shift)
            default: throw XKitTestingError("unknown modifier \(m.debugDescription) in \(combo.debugDescription)")
            }
        }
        return (modifiers, try keysym(named: keyName))
    }
}
