import CX11
import XKitCore

/// The few raw requests selections are made of: property writes and SelectionNotify.
///
/// None of these trap errors: callers group a reply's requests inside one
/// `XConnection.trapErrors` so a vanished requestor costs one round trip, not a crash.
@MainActor
enum SelectionWire {
    /// Writes 8-bit data to a window property (replacing it, or appending with `append`).
    ///
    /// Returns false, sending nothing, when the data is over the server's request limit (callers
    /// send more than a chunk with INCR, so only a bug gets there).
    @discardableResult
    static func writeBytes(_ connection: XConnection, window: XID, property: Atom, type: Atom,
                           bytes: ArraySlice<UInt8>, append: Bool = false) -> Bool {
        guard fits(bytes.count, format: 8, connection) else { return false }
        let mode = append ? PropModeAppend : PropModeReplace
        guard !bytes.isEmpty else {
            // A zero-length write (the end of an INCR transfer) still wants a valid pointer.
            var empty: UInt8 = 0
            XChangeProperty(connection.display, window, property, type, 8, mode, &empty, 0)
            return true
        }
        _ = bytes.withUnsafeBufferPointer { buffer in
            XChangeProperty(connection.display, window, property, type, 8, mode, buffer.baseAddress, Int32(buffer.count))
        }
        return true
    }

    /// Writes 32-bit items (atoms, integers); Xlib takes them as C longs.
    ///
    /// Returns false, sending nothing, when the items are over the server's request limit.
    @discardableResult
    static func writeLongs(_ connection: XConnection, window: XID, property: Atom, type: Atom, items: [Int]) -> Bool {
        guard fits(items.count, format: 32, connection) else { return false }
        guard !items.isEmpty else {
            var empty = 0
            _ = withUnsafeMutableBytes(of: &empty) { raw in
                XChangeProperty(connection.display, window, property, type, 32, PropModeReplace,
                                raw.baseAddress?.assumingMemoryBound(to: UInt8.self), 0)
            }
            return true
        }
        _ = items.withUnsafeBytes { raw in
            XChangeProperty(connection.display, window, property, type, 32, PropModeReplace,
                            raw.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(items.count))
        }
        return true
    }

    /// Whether `count` items of `format` fit in one ChangeProperty; a refusal is traced.
    private static func fits(_ count: Int, format: Int, _ connection: XConnection) -> Bool {
        let limit = connection.requestLimits.propertyItems(format: format)
        guard count > limit else { return true }
        Trace.emit("x.request_refused", [("request", .string("ChangeProperty")), ("items", .int(count)),
                                         ("format", .int(format)), ("limit", .int(limit))])
        return false
    }

    /// Tells a requestor its conversion is done (property None when it failed).
    static func sendNotify(_ connection: XConnection, requestor: XID, selection: Atom, target: Atom,
                           property: Atom, time: Time) {
        var event = XEvent()
        event.xselection.type = SelectionNotify
        event.xselection.display = connection.display
        event.xselection.requestor = requestor
        event.xselection.selection = selection
        event.xselection.target = target
        event.xselection.property = property
        event.xselection.time = time
        // ICCCM 2.2: the event mask is empty, so it goes to the client that created the requestor.
        XSendEvent(connection.display, requestor, 0, 0, &event)
    }

    /// Whether server time `a` is before `b`, allowing for the 32-bit wrap every 49.7 days.
    static func isTime(_ a: UInt32, before b: UInt32) -> Bool {
        Int32(bitPattern: a &- b) < 0
    }
}
