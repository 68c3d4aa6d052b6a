import CX11

/// One property read by `PropertyTake`: what it held, or that it did not fit.
struct TakenProperty {
    var type: Atom
    /// 8, 16 or 32.
    var format: Int32
    /// Format 16 and 32 items (as Xlib returns them: C shorts widened, C longs).
    var items: [Int]
    /// The bytes it held on the wire: 8-bit bytes, or 2 or 4 bytes an item.
    var wireBytes: Int
    /// True when the property held more than the room given; then nothing was appended.
    var overflowed: Bool
}

/// Reads and deletes a property of one of our own windows in a single GetProperty request.
///
/// INCR readers fetch one chunk per owner write, and owners such as xsel write small chunks, so
/// the per-chunk cost matters: `XWindowProperty.read` makes a second round trip to trap errors
/// and a third to delete. Our own window cannot vanish under us, so the one request suffices.
@MainActor
enum PropertyTake {
    /// The property's type, format and contents; nil when it does not exist.
    ///
    /// 8-bit data is appended to `bytes` (saving a copy of every INCR chunk) rather than returned.
    /// At most `room` bytes are fetched: a bigger property is deleted unread and reported as
    /// `overflowed`, so a flooding owner never makes us hold more than the caller's limit.
    static func take(_ connection: XConnection, window: XID, property: Atom,
                     appendingTo bytes: inout [UInt8], room: Int = Int.max) -> TakenProperty? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var pointer: UnsafeMutablePointer<UInt8>?
        // The length is in 32-bit units; one unit past the room tells "exactly full" from "too big".
        // Deleting in the same request only happens when everything was read.
        let units = min(Int(Int32.max / 4), max(0, room) / 4 + 1)
        let status = XGetWindowProperty(connection.display, window, property, 0, units, 1, Atom(0),
                                        &type, &format, &count, &remaining, &pointer)
        defer { if let pointer { XFree(pointer) } }
        guard status == Success, type != 0 else { return nil }
        let unitBytes = format == 8 ? 1 : Int(format / 8)
        let wireBytes = Int(count) * unitBytes
        var result = TakenProperty(type: type, format: format, items: [], wireBytes: wireBytes, overflowed: false)
        if remaining > 0 || wireBytes > room {
            // Unread data keeps the property alive; delete it so the owner can go on (or give up).
            XDeleteProperty(connection.display, window, property)
            result.overflowed = true
            return result
        }
        guard let pointer, count > 0 else { return result }
        switch format {
        case 8:
            bytes.append(contentsOf: UnsafeBufferPointer(start: pointer, count: Int(count)))
        case 16:
            pointer.withMemoryRebound(to: Int16.self, capacity: Int(count)) { p in
                result.items = (0..<Int(count)).map { Int(UInt16(bitPattern: p[$0])) }
            }
        default:
            // Xlib widens each 32-bit item to a C long with sign extension; keep the wire value.
            pointer.withMemoryRebound(to: Int.self, capacity: Int(count)) { p in
                result.items = UnsafeBufferPointer(start: p, count: Int(count)).map { Int(UInt32(truncatingIfNeeded: $0)) }
            }
        }
        return result
    }
}
