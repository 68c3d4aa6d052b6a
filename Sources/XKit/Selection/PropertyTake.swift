import CX11

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
    static func take(_ connection: XConnection, window: XID, property: Atom,
                     appendingTo bytes: inout [UInt8]) -> XWindowProperty? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var pointer: UnsafeMutablePointer<UInt8>?
        // The length is in 32-bit units; ask for everything so the server can delete in the same request.
        let status = XGetWindowProperty(connection.display, window, property, 0, Int(Int32.max / 4), 1, Atom(0),
                                        &type, &format, &count, &remaining, &pointer)
        defer { if let pointer { XFree(pointer) } }
        guard status == Success, type != 0 else { return nil }
        if remaining > 0 {
            // Too big for one reply (the server did not delete it): fall back to the piecewise reader.
            let whole = XWindowProperty.read(connection: connection, window: window, property: property, delete: true)
            if var whole {
                bytes.append(contentsOf: whole.data)
                whole.data = []
                return whole
            }
            return nil
        }
        var result = XWindowProperty(type: type, format: format, data: [], items32: [])
        // `data` stays empty: the caller reads the bytes it was given, and `items32.count`/format tell the rest.
        guard let pointer, count > 0 else { return result }
        switch format {
        case 8:
            bytes.append(contentsOf: UnsafeBufferPointer(start: pointer, count: Int(count)))
        case 16:
            pointer.withMemoryRebound(to: Int16.self, capacity: Int(count)) { p in
                result.items32 = (0..<Int(count)).map { Int(p[$0]) }
            }
        default:
            pointer.withMemoryRebound(to: Int.self, capacity: Int(count)) { p in
                result.items32 = Array(UnsafeBufferPointer(start: p, count: Int(count)))
            }
        }
        return result
    }
}
