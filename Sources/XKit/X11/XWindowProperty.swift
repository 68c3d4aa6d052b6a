import CX11
import XKitCore

/// A window property read in full: its type, format and items.
struct XWindowProperty {
    var type: Atom
    /// 8, 16 or 32.
    var format: Int32
    /// The raw bytes for format 8; for format 32 each item as Xlib returns it (a C long).
    var data: [UInt8]
    var items32: [Int]

    /// Reads a whole property, in pieces if large; nil if the window or property is missing.
    @MainActor
    static func read(connection: XConnection, window: XID, property: Atom, delete: Bool = false,
                     maxBytes: Int = Int.max) -> XWindowProperty? {
        let display = connection.display
        var result = XWindowProperty(type: 0, format: 0, data: [], items32: [])
        var offset = 0
        let chunkLongs = 1 << 20
        var failed = false
        // Each property request waits for its reply, so only a delete after them needs the trap's sync.
        let error = connection.trapErrors(endsWithReply: !delete) {
            while true {
                var type: Atom = 0
                var format: Int32 = 0
                var count: UInt = 0
                var remaining: UInt = 0
                var pointer: UnsafeMutablePointer<UInt8>?
                let status = XGetWindowProperty(display, window, property, offset, chunkLongs, 0, Atom(0),
                                                &type, &format, &count, &remaining, &pointer)
                guard status == Success else { failed = true; break }
                defer { if let pointer { XFree(pointer) } }
                if type == 0 { failed = true; break }
                result.type = type
                result.format = format
                if let pointer, count > 0 {
                    switch format {
                    case 8:
                        result.data.append(contentsOf: UnsafeBufferPointer(start: pointer, count: Int(count)))
                    case 16:
                        pointer.withMemoryRebound(to: Int16.self, capacity: Int(count)) { p in
                            for i in 0..<Int(count) { result.items32.append(Int(p[i])) }
                        }
                    default:
                        pointer.withMemoryRebound(to: Int.self, capacity: Int(count)) { p in
                            result.items32.append(contentsOf: UnsafeBufferPointer(start: p, count: Int(count)))
                        }
                    }
                }
                // Offsets count 32-bit units whatever the format.
                offset += Int(count) * Int(format) / 32
                if remaining == 0 || result.data.count > maxBytes { break }
            }
            if delete { XDeleteProperty(display, window, property) }
        }
        if error != nil || failed { return nil }
        return result
    }
}

extension XWindowProperty {
    /// `text` as UTF-8 for a text property, cut to at most `maxBytes` at a scalar boundary so the
    /// result stays valid UTF-8 (a title longer than one request allows would fail with BadLength).
    static func utf8(_ text: String, maxBytes: Int) -> [UInt8] {
        let utf8 = text.utf8
        guard utf8.count > maxBytes else { return Array(utf8) }
        var bytes = Array(utf8.prefix(max(0, maxBytes)))
        // Drop a scalar cut in half: its continuation bytes (10xxxxxx) and the lead byte before them.
        if let last = bytes.last, last & 0x80 != 0, utf8.dropFirst(bytes.count).first.map({ $0 & 0xC0 == 0x80 }) == true {
            while let byte = bytes.last, byte & 0xC0 == 0x80 { bytes.removeLast() }
            if !bytes.isEmpty { bytes.removeLast() }
        }
        return bytes
    }
}
