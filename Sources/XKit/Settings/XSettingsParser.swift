import XKitCore

/// One XSETTINGS value.
enum XSettingValue: Equatable {
    case integer(Int32)
    case string(String)
    case color(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
}

/// Why an `_XSETTINGS_SETTINGS` property was refused.
struct XSettingsFormatError: Error, CustomStringConvertible {
    let description: String
}

/// Parses the `_XSETTINGS_SETTINGS` property (freedesktop XSETTINGS spec, 0.5): a byte-order
/// byte, the serial, a count, then typed name/value records, each padded to 4 bytes.
///
/// A manager's property is outside input: every length is checked against what is left, so a
/// truncated or malformed property is refused with a reason rather than read past its end.
enum XSettingsParser {
    static func parse(_ bytes: [UInt8]) throws -> [String: XSettingValue] {
        var reader = Reader(bytes: bytes)
        let order = try reader.byte()
        guard order == 0 || order == 1 else { throw XSettingsFormatError(description: "bad byte order \(order)") }
        reader.bigEndian = order == 1
        try reader.skip(3)
        _ = try reader.card32()  // serial
        let count = try reader.card32()
        // Each setting takes at least 12 bytes, so a count larger than that is a lie.
        guard Int(count) <= bytes.count / 12 else { throw XSettingsFormatError(description: "count \(count) exceeds the data") }
        var settings: [String: XSettingValue] = [:]
        for _ in 0..<count {
            let type = try reader.byte()
            try reader.skip(1)
            let nameLength = Int(try reader.card16())
            let name = try reader.string(nameLength)
            try reader.skip(pad(nameLength))
            _ = try reader.card32()  // last-change serial
            switch type {
            case 0:
                settings[name] = .integer(Int32(bitPattern: try reader.card32()))
            case 1:
                let length = Int(try reader.card32())
                let value = try reader.string(length)
                try reader.skip(pad(length))
                settings[name] = .string(value)
            case 2:
                let r = try reader.card16(), g = try reader.card16(), b = try reader.card16(), a = try reader.card16()
                settings[name] = .color(red: r, green: g, blue: b, alpha: a)
            default:
                throw XSettingsFormatError(description: "unknown setting type \(type) for \(name)")
            }
        }
        return settings
    }

    private static func pad(_ n: Int) -> Int { (4 - n % 4) % 4 }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var bigEndian = false

        mutating func take(_ n: Int) throws -> ArraySlice<UInt8> {
            guard n >= 0, n <= bytes.count - offset else {
                throw XSettingsFormatError(description: "truncated at byte \(offset) (wanted \(n) of \(bytes.count - offset) left)")
            }
            defer { offset += n }
            return bytes[offset..<(offset + n)]
        }

        mutating func skip(_ n: Int) throws { _ = try take(n) }
        mutating func byte() throws -> UInt8 { try take(1).first ?? 0 }

        mutating func card16() throws -> UInt16 {
            let b = Array(try take(2))
            return bigEndian ? UInt16(b[0]) << 8 | UInt16(b[1]) : UInt16(b[1]) << 8 | UInt16(b[0])
        }

        mutating func card32() throws -> UInt32 {
            let b = Array(try take(4)).map(UInt32.init)
            return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        }

        mutating func string(_ n: Int) throws -> String { String(decoding: try take(n), as: UTF8.self) }
    }
}

extension DesktopSettings {
    /// These settings with the XSETTINGS values XKit follows applied; values out of any sane
    /// range are ignored. `scale` turns device pixels (the drag threshold) into points.
    func applying(_ xsettings: [String: XSettingValue], scale: Double) -> DesktopSettings {
        var s = self
        func int(_ name: String) -> Int32? { if case .integer(let v) = xsettings[name] { v } else { nil } }
        if let ms = int("Net/DoubleClickTime"), (50...5000).contains(ms) { s.doubleClickTime = Double(ms) / 1000 }
        if let px = int("Net/DndDragThreshold"), (1...200).contains(px) { s.dragThreshold = Double(px) / max(1, scale) }
        if let on = int("Net/CursorBlink") { s.caretBlinks = on != 0 }
        if let ms = int("Net/CursorBlinkTime"), (100...10_000).contains(ms) { s.caretBlinkTime = Double(ms) / 1000 }
        if let seconds = int("Gtk/CursorBlinkTimeout"), (1...3600).contains(seconds) { s.caretBlinkTimeout = Double(seconds) }
        // A manager that stops naming it goes back to GTK's default, animations on.
        s.enablesAnimations = int("Gtk/EnableAnimations").map { $0 != 0 } ?? true
        if let dpi = int("Xft/DPI"), dpi > 0, (24...1200).contains(Double(dpi) / 1024) { s.dpi = Double(dpi) / 1024 }
        return s
    }
}
