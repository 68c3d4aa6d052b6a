import CX11

/// The few raw requests selections are made of: property writes and SelectionNotify.
///
/// None of these trap errors: callers group a reply's requests inside one
/// `XConnection.trapErrors` so a vanished requestor costs one round trip, not a crash.
@MainActor
enum SelectionWire {
    /// Writes 8-bit data to a window property (replacing it, or appending with `append`).
    static func writeBytes(_ connection: XConnection, window: XID, property: Atom, type: Atom,
                           bytes: ArraySlice<UInt8>, append: Bool = false) {
        let mode = append ? PropModeAppend : PropModeReplace
        guard !bytes.isEmpty else {
            // A zero-length write (the end of an INCR transfer) still wants a valid pointer.
            var empty: UInt8 = 0
            XChangeProperty(connection.display, window, property, type, 8, mode, &empty, 0)
            return
        }
        _ = bytes.withUnsafeBufferPointer { buffer in
            XChangeProperty(connection.display, window, property, type, 8, mode, buffer.baseAddress, Int32(buffer.count))
        }
    }

    /// Writes 32-bit items (atoms, integers); Xlib takes them as C longs.
    static func writeLongs(_ connection: XConnection, window: XID, property: Atom, type: Atom, items: [Int]) {
        guard !items.isEmpty else {
            var empty = 0
            _ = withUnsafeMutableBytes(of: &empty) { raw in
                XChangeProperty(connection.display, window, property, type, 32, PropModeReplace,
                                raw.baseAddress?.assumingMemoryBound(to: UInt8.self), 0)
            }
            return
        }
        _ = items.withUnsafeBytes { raw in
            XChangeProperty(connection.display, window, property, type, 32, PropModeReplace,
                            raw.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(items.count))
        }
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
