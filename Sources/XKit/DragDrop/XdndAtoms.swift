import CX11

/// The atoms of XDND (freedesktop's drag-and-drop protocol), interned once per connection.
@MainActor
struct XdndAtoms {
    let aware, proxy, enter, position, status, leave, drop, finished, selection, typeList: Atom
    let actionCopy, actionMove, atomType: Atom

    init(connection: XConnection) {
        aware = connection.atom("XdndAware")
        proxy = connection.atom("XdndProxy")
        enter = connection.atom("XdndEnter")
        position = connection.atom("XdndPosition")
        status = connection.atom("XdndStatus")
        leave = connection.atom("XdndLeave")
        drop = connection.atom("XdndDrop")
        finished = connection.atom("XdndFinished")
        selection = connection.atom("XdndSelection")
        typeList = connection.atom("XdndTypeList")
        actionCopy = connection.atom("XdndActionCopy")
        actionMove = connection.atom("XdndActionMove")
        atomType = XA_ATOM
    }
}

/// Sending XDND client messages (format 32, five longs) without waiting.
enum XdndWire {
    @MainActor
    /// Sends a client message to `window`, naming `target` in it (the window under the pointer,
    /// when `window` is its XdndProxy: the spec keeps the target there); by default `window` itself.
    static func send(_ connection: XConnection, to window: XID, naming target: XID? = nil, type: Atom,
                     _ l: (Int, Int, Int, Int, Int)) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.display = connection.display
        event.xclient.window = target ?? window
        event.xclient.message_type = type
        event.xclient.format = 32
        event.xclient.data.l = l
        // A peer that vanished makes this a BadWindow; the handler records it, nothing waits.
        XSendEvent(connection.display, window, 0, 0, &event)
        XFlush(connection.display)
    }

    static func long(_ value: UInt) -> Int { Int(bitPattern: value) }
    static func atom(_ value: Int) -> UInt { UInt(bitPattern: value) }
}

extension Pasteboard {
    /// XdndSelection: the data of the drag in progress (read by a drop target, owned by a drag source).
    package static let dragAndDrop: Pasteboard = {
        let board = Pasteboard(selectionName: "XdndSelection")
        board.maximumPasteBytes = 64 << 20
        return board
    }()
}
