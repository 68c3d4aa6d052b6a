import CX11
@_spi(Platform) import XKitCore

/// Drags out of our windows: the X side of `XdndSourceMachine`.
///
/// The hidden selection window owns XdndSelection and is the source window named in every
/// message (targets answer it with XdndStatus and XdndFinished, seen here through an event-loop
/// observer). While a drag runs, the pressed surface hands its pointer and key events here
/// (`intercept`): the implicit grab of the press keeps them coming wherever the pointer is.
@MainActor
final class XdndSource {
    private unowned let platform: X11Platform
    private let atoms: XdndAtoms
    private var machine = XdndSourceMachine()
    private var hub: SelectionHub?
    private var types: [Atom] = []
    private var image: Window?
    private var completion: (@MainActor (DropOperation) -> Void)?
    private var deadline: Cancellable?
    private var lastTime: UInt32 = 0
    /// The top-level window under the pointer at the last move and its child there (a window
    /// manager's frame holds the client and the decorations), with the target found under them, so a
    /// move within one part of one top-level window costs two round trips.
    private var lastChild: (toplevel: XID, inner: XID) = (0, 0)
    private var lastFound: XdndSourceMachine.Target?
    /// What each pointer move of this drag cost us (seconds), reported when it ends.
    private var moveCosts: [Double] = []

    init(platform: X11Platform, atoms: XdndAtoms) {
        self.platform = platform
        self.atoms = atoms
        platform.eventLoop.addObserver { [weak self] event in
            guard event.type == ClientMessage, let self, let hub = self.hub, event.xclient.window == hub.window else { return }
            self.answer(event.xclient)
        }
    }

    var isDragging: Bool { machine.phase == .dragging || machine.phase == .dropped }

    func begin(_ item: PasteboardItem, from window: Window, event: PointerEvent, image: Window?,
               completion: @escaping @MainActor (DropOperation) -> Void) -> Bool {
        guard !isDragging else { return false }
        do {
            let hub = try SelectionHub.shared()
            self.hub = hub
            try Pasteboard.dragAndDrop.setItem(item, time: event.timestamp?.rawValue)
            let owner = hub.owner(for: atoms.selection)
            guard let content = owner.content else { return false }
            let hidden: Set<Atom> = [hub.atoms.targets, hub.atoms.timestamp, hub.atoms.saveTargets, platform.connection.atom("MULTIPLE")]
            types = TargetConverter(hub: hub, content: content, acquiredAt: owner.acquiredAt).advertisedTargets
                .filter { !hidden.contains($0) }
            var list = types.map { Int($0) }
            XChangeProperty(platform.connection.display, hub.window, atoms.typeList, XA_ATOM, 32, PropModeReplace,
                            &list, Int32(list.count))
        } catch {
            Trace.warn("drag: cannot offer the data: \(error)")
            return false
        }
        self.image = image
        self.completion = completion
        lastChild = (0, 0)
        lastFound = nil
        moveCosts = []
        let (x, y) = rootPixels(event, in: window)
        lastTime = event.timestamp?.rawValue ?? platform.lastServerTime
        machine.press(x: x, y: y)
        run(machine.motion(x: x, y: y, over: target(atX: x, y: y), threshold: -1, now: platform.clock.now))
        return true
    }

    /// Takes the pressed surface's events while a drag runs; true when the event was used.
    func intercept(_ event: inout XEvent) -> Bool {
        guard isDragging else { return false }
        let now = platform.clock.now
        switch event.type {
        case MotionNotify:
            // Only the latest of queued moves matters; XDND sends one position at a time anyway.
            var latest = event.xmotion
            var next = XEvent()
            while XCheckTypedWindowEvent(platform.connection.display, latest.window, MotionNotify, &next) != 0 { latest = next.xmotion }
            lastTime = UInt32(truncatingIfNeeded: latest.time)
            platform.lastServerTime = lastTime
            let x = Int(latest.x_root), y = Int(latest.y_root)
            let start = monotonicSeconds()
            run(machine.motion(x: x, y: y, over: target(atX: x, y: y), threshold: 0, now: now))
            moveCosts.append(monotonicSeconds() - start)
        case ButtonRelease:
            lastTime = UInt32(truncatingIfNeeded: event.xbutton.time)
            run(machine.release(now: now))
        case KeyPress:
            if XLookupKeysym(&event.xkey, 0) == KeySym(XK_Escape) { run(machine.cancel()) }
        case ButtonPress, KeyRelease, EnterNotify, LeaveNotify:
            break
        default:
            return false
        }
        return true
    }

    private func answer(_ message: XClientMessageEvent) {
        let l = message.data.l
        let from = UInt(bitPattern: l.0)
        let now = platform.clock.now
        if message.message_type == atoms.status {
            let xy = UInt(bitPattern: l.2), wh = UInt(bitPattern: l.3)
            let rect = (x: Int(Int16(truncatingIfNeeded: xy >> 16)), y: Int(Int16(truncatingIfNeeded: xy & 0xFFFF)),
                        width: Int(wh >> 16 & 0xFFFF), height: Int(wh & 0xFFFF))
            let accepted = l.1 & 1 != 0
            // Bit 1 set: the target wants positions even inside the rectangle.
            let quiet = l.1 & 2 != 0 ? (x: 0, y: 0, width: 0, height: 0) : rect
            run(machine.status(from: from, accepted: accepted, action: platform.connection.atomName(Atom(XdndWire.atom(l.4))),
                               rect: quiet, now: now))
        } else if message.message_type == atoms.finished {
            let version = machine.currentTarget?.version ?? 5
            // Before version 5 XdndFinished says nothing: it means the drop was taken.
            let accepted = version < 5 || l.1 & 1 != 0
            run(machine.finished(from: from, accepted: accepted, action: platform.connection.atomName(Atom(XdndWire.atom(l.2)))))
        }
    }

    private func run(_ effects: [XdndSourceMachine.Effect]) {
        guard let hub else { return }
        let source = XdndWire.long(hub.window)
        let connection = platform.connection
        for effect in effects {
            switch effect {
            case .begin:
                break
            case .sendEnter(let target):
                let version = min(target.version, XdndTargetMachine.version)
                let inline = types.count <= 3 ? types : []
                let t = inline.map { XdndWire.long($0) } + [0, 0, 0]
                XdndWire.send(connection, to: target.window, naming: XID(target.toplevel), type: atoms.enter,
                              (source, version << 24 | (types.count > 3 ? 1 : 0), t[0], t[1], t[2]))
                Trace.emit("dnd.target", [("window", .int(Int(target.toplevel))), ("version", .int(version))])
            case .sendPosition(let target, let x, let y):
                XdndWire.send(connection, to: target.window, naming: XID(target.toplevel), type: atoms.position,
                              (source, 0, (x & 0xFFFF) << 16 | (y & 0xFFFF), Int(lastTime), XdndWire.long(atoms.actionCopy)))
            case .sendLeave(let target):
                XdndWire.send(connection, to: target.window, naming: XID(target.toplevel), type: atoms.leave, (source, 0, 0, 0, 0))
            case .sendDrop(let target):
                XdndWire.send(connection, to: target.window, naming: XID(target.toplevel), type: atoms.drop, (source, 0, Int(lastTime), 0, 0))
            case .moveImage(let x, let y):
                guard let image else { continue }
                let scale = platform.scale
                image.setFrame(Rect(origin: Point(x: Double(x) / scale + DragImage.offset.x, y: Double(y) / scale + DragImage.offset.y),
                                    size: image.size))
            case .end(let action, let reason):
                let costs = moveCosts.sorted()
                Trace.emit("dnd.finished", [("action", action.map { .string($0) } ?? .null), ("reason", .string(reason)),
                                            ("moves", .int(costs.count)),
                                            ("medianMoveMicroseconds", .int(costs.isEmpty ? 0 : Int(costs[costs.count / 2] * 1e6))),
                                            ("maxMoveMicroseconds", .int(Int((costs.last ?? 0) * 1e6)))])
                let done = completion
                completion = nil
                image = nil
                done?(action == "XdndActionMove" ? .move : action == nil ? .cancel : .copy)
            }
        }
        armDeadline()
        platform.eventLoop.scheduleDrain()
    }

    /// The XdndAware window under a root point (device pixels), with its proxy and version.
    private func target(atX x: Int, y: Int) -> XdndSourceMachine.Target? {
        let connection = platform.connection
        let display = connection.display
        var child: XID = 0
        var tx: Int32 = 0, ty: Int32 = 0
        XTranslateCoordinates(display, connection.root, connection.root, Int32(x), Int32(y), &tx, &ty, &child)
        // Under a window manager the top-level is a frame: the pointer entering it over the title bar
        // finds no XdndAware there, and the client below must still be found once it gets there.
        var inner: XID = 0
        if child != 0 { XTranslateCoordinates(display, connection.root, child, Int32(x), Int32(y), &tx, &ty, &inner) }
        if child == lastChild.toplevel && inner == lastChild.inner { return lastFound }
        lastChild = (child, inner)
        lastFound = nil
        var window = child
        // Walk down from the top-level frame to the window carrying XdndAware (a window manager's
        // frame does not; the client inside it does). Depth is bounded against odd trees.
        for _ in 0..<8 where window != 0 {
            if let version = awareVersion(of: window) {
                lastFound = XdndSourceMachine.Target(toplevel: UInt(window), window: UInt(proxy(of: window) ?? window),
                                                     version: version)
                return lastFound
            }
            var next: XID = 0
            guard XTranslateCoordinates(display, connection.root, window, Int32(x), Int32(y), &tx, &ty, &next) != 0 else { break }
            window = next
        }
        return nil
    }

    private func awareVersion(of window: XID) -> Int? {
        guard let value = firstLong(of: window, property: atoms.aware, type: XA_ATOM), value >= 3 else { return nil }
        return value
    }

    /// XdndProxy, when it is set and the proxy window confirms it (the spec's check against stale proxies).
    private func proxy(of window: XID) -> XID? {
        guard let proxy = firstLong(of: window, property: atoms.proxy, type: XA_WINDOW), proxy != 0,
              firstLong(of: XID(proxy), property: atoms.proxy, type: XA_WINDOW) == proxy else { return nil }
        return XID(proxy)
    }

    private func firstLong(of window: XID, property: Atom, type wanted: Atom) -> Int? {
        let connection = platform.connection
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        var status: Int32 = -1
        connection.errors.beginTrap()
        status = XGetWindowProperty(connection.display, window, property, 0, 1, 0, wanted, &type, &format, &count, &after, &data)
        _ = connection.errors.endTrap()
        defer { if let data { XFree(data) } }
        guard status == Success, type == wanted, format == 32, count == 1, let data else { return nil }
        return UnsafeRawPointer(data).load(as: Int.self)
    }

    private func rootPixels(_ event: PointerEvent, in window: Window) -> (Int, Int) {
        let scale = platform.scale
        let origin = window.screenOrigin
        return (Int(((event.location.x + origin.x) * scale).rounded()), Int(((event.location.y + origin.y) * scale).rounded()))
    }

    private func armDeadline() {
        deadline?.cancel()
        deadline = nil
        guard let next = machine.nextDeadline else { return }
        deadline = platform.schedule(after: max(0, next - platform.clock.now)) { [weak self] in
            guard let self else { return }
            self.run(self.machine.tick(now: self.platform.clock.now))
        }
    }
}
