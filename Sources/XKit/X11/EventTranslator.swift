import CX11
@_spi(Platform) import XKitCore

/// Turns X input events into XKit events: the one place that reads XEvent input fields.
@MainActor
struct EventTranslator {
    var scale: Double
    let clock: Clock

    /// A pointer event for ButtonPress/Release, MotionNotify and Enter/LeaveNotify; nil for others.
    func pointerEvent(_ event: XEvent) -> PointerEvent? {
        switch event.type {
        case ButtonPress, ButtonRelease:
            let e = event.xbutton
            let button = PointerButton(rawValue: Int(e.button))
            let isWheel = (4...7).contains(Int(e.button))
            if isWheel && event.type == ButtonRelease { return nil }
            var held = buttons(fromState: e.state)
            if event.type == ButtonPress, let button { held.insert(button) }
            if event.type == ButtonRelease, let button { held.remove(button) }
            return PointerEvent(kind: isWheel ? .scroll : (event.type == ButtonPress ? .down : .up),
                                location: point(e.x, e.y), button: button, buttonsDown: held,
                                modifiers: modifiers(e.state), time: clock.now, timestamp: PlatformTimestamp(UInt32(truncatingIfNeeded: e.time)))
        case MotionNotify:
            let e = event.xmotion
            return PointerEvent(kind: .moved, location: point(e.x, e.y), buttonsDown: buttons(fromState: e.state),
                                modifiers: modifiers(e.state), time: clock.now, timestamp: PlatformTimestamp(UInt32(truncatingIfNeeded: e.time)))
        case EnterNotify, LeaveNotify:
            let e = event.xcrossing
            return PointerEvent(kind: event.type == EnterNotify ? .entered : .exited, location: point(e.x, e.y),
                                buttonsDown: buttons(fromState: e.state), modifiers: modifiers(e.state),
                                time: clock.now, timestamp: PlatformTimestamp(UInt32(truncatingIfNeeded: e.time)))
        default:
            return nil
        }
    }

    /// A key event for KeyPress/KeyRelease, with text through the input context when there is one.
    func keyEvent(_ event: inout XEvent, inputContext: XIC?) -> KeyEvent? {
        guard event.type == KeyPress || event.type == KeyRelease else { return nil }
        var keysym: KeySym = 0
        var text: String?
        var buffer = [CChar](repeating: 0, count: 64)
        if event.type == KeyPress, let ic = inputContext {
            var status: Int32 = 0
            var count = Xutf8LookupString(ic, &event.xkey, &buffer, Int32(buffer.count - 1), &keysym, &status)
            if status == XBufferOverflow {
                buffer = [CChar](repeating: 0, count: Int(count) + 1)
                count = Xutf8LookupString(ic, &event.xkey, &buffer, Int32(buffer.count - 1), &keysym, &status)
            }
            if count > 0 {
                text = CommittedText.bounded(String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            if status == XLookupChars { keysym = 0 }
        } else {
            let count = XLookupString(&event.xkey, &buffer, Int32(buffer.count - 1), &keysym, nil)
            if count > 0 {
                // Without an input method only Latin-1 comes back; decode it as such.
                text = String(buffer.prefix(Int(count)).map { Character(Unicode.Scalar(UInt8(bitPattern: $0))) })
            }
        }
        if keysym != 0 && cx11_is_modifier_key(keysym) != 0 { return nil }
        let mods = modifiers(event.xkey.state)
        // Control characters are not text a field should insert.
        if let t = text, t.unicodeScalars.allSatisfy({ $0.value < 0x20 || $0.value == 0x7F }) { text = nil }
        if mods.contains(.control) || mods.contains(.alt) { text = nil }
        let key = EventTranslator.key(for: keysym, text: text)
        return KeyEvent(kind: event.type == KeyPress ? .down : .up, key: key, text: text, modifiers: mods,
                        time: clock.now, timestamp: PlatformTimestamp(UInt32(truncatingIfNeeded: event.xkey.time)))
    }

    static func key(for keysym: KeySym, text: String?) -> Key {
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_Return, XK_KP_Enter: return .enter
        case XK_Tab, XK_ISO_Left_Tab: return .tab
        case XK_Escape: return .escape
        case XK_BackSpace: return .backspace
        case XK_Delete, XK_KP_Delete: return .delete
        case XK_space: return .space
        case XK_Left, XK_KP_Left: return .left
        case XK_Right, XK_KP_Right: return .right
        case XK_Up, XK_KP_Up: return .up
        case XK_Down, XK_KP_Down: return .down
        case XK_Home, XK_KP_Home: return .home
        case XK_End, XK_KP_End: return .end
        case XK_Page_Up: return .pageUp
        case XK_Page_Down: return .pageDown
        case XK_Menu: return .menu
        case XK_Insert: return .insert
        case XK_F1...XK_F35: return .function(Int(Int32(truncatingIfNeeded: keysym) - XK_F1 + 1))
        default: break
        }
        if let text, text.count == 1, let c = text.first { return .character(c) }
        // Ctrl+letter gives no text; recover the letter from the keysym.
        if keysym >= 0x20 && keysym < 0x7F, let scalar = Unicode.Scalar(UInt32(keysym)) {
            return .character(Character(String(scalar).lowercased()))
        }
        if keysym & 0xFF00_0000 == 0x0100_0000, let scalar = Unicode.Scalar(UInt32(keysym & 0x00FF_FFFF)) {
            return .character(Character(scalar))
        }
        return .other(UInt(keysym))
    }

    private func point(_ x: Int32, _ y: Int32) -> Point { Point(x: Double(x) / scale, y: Double(y) / scale) }

    private func modifiers(_ state: UInt32) -> Modifiers {
        var m: Modifiers = []
        if state & UInt32(ShiftMask) != 0 { m.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { m.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { m.insert(.alt) }
        if state & UInt32(Mod4Mask) != 0 { m.insert(.super) }
        return m
    }

    private func buttons(fromState state: UInt32) -> Set<PointerButton> {
        var set: Set<PointerButton> = []
        if state & UInt32(Button1Mask) != 0 { set.insert(.primary) }
        if state & UInt32(Button2Mask) != 0 { set.insert(.middle) }
        if state & UInt32(Button3Mask) != 0 { set.insert(.secondary) }
        return set
    }
}
