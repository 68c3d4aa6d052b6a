import CX11
import Glibc
@_spi(Platform) import XKitCore

/// Our top-level windows as XDND drop targets: the X side of `XdndTargetMachine`.
///
/// XdndEnter/Position/Leave/Drop arrive as ClientMessages on the surface that carries XdndAware;
/// the machine decides what to believe, the window's `WindowSurfaceDropDelegate` (its views'
/// `DropInteraction`s) decides what to accept, and the data is read from XdndSelection through
/// the selection reader (its size limit and timeouts), after which XdndFinished goes back.
@MainActor
final class XdndTarget {
    private unowned let platform: X11Platform
    let atoms: XdndAtoms
    private var machine = XdndTargetMachine()
    private weak var surface: X11WindowSurface?
    private var session: DropSession?
    /// The timestamp of the drop being performed, for reading its data (nil before the drop).
    private var dropTime: UInt32?
    private var deadline: Cancellable?
    /// The foreign source window we watch for DestroyNotify.
    private var watched: XID?

    init(platform: X11Platform) {
        self.platform = platform
        atoms = XdndAtoms(connection: platform.connection)
        // Tests of a hung source shorten the wait (a real drag may hover still for a long time).
        if let text = getenv("XKIT_DND_SILENCE_TIMEOUT").map({ String(cString: $0) }), let seconds = Double(text), seconds > 0 {
            machine.silenceTimeout = seconds
        }
        platform.eventLoop.addObserver { [weak self] event in
            guard event.type == DestroyNotify, let self, event.xdestroywindow.window == self.watched else { return }
            let window = event.xdestroywindow.window
            self.watched = nil
            self.run(self.machine.sourceVanished(UInt(window)))
        }
    }

    /// Settings tests shorten; real drags keep the machine's defaults.
    var silenceTimeout: Double {
        get { machine.silenceTimeout }
        set { machine.silenceTimeout = newValue }
    }

    /// Handles an XDND message sent to `surface`; false when the message is not one.
    func handle(_ message: XClientMessageEvent, on surface: X11WindowSurface) -> Bool {
        let type = message.message_type
        let l = message.data.l
        let source = UInt(bitPattern: l.0)
        let now = platform.clock.now
        let parsed: XdndTargetMachine.Message
        switch type {
        case atoms.enter:
            let version = Int((UInt(bitPattern: l.1) >> 24) & 0xFF)
            let inline = [l.2, l.3, l.4].map(XdndWire.atom).filter { $0 != 0 }
            let usesList = l.1 & 1 != 0
            parsed = .enter(source: source, version: version,
                            types: usesList ? nil : inline.map { platform.connection.atomName(Atom($0)) })
        case atoms.position:
            let packed = UInt(bitPattern: l.2)
            parsed = .position(source: source, x: Int(Int16(truncatingIfNeeded: packed >> 16)),
                               y: Int(Int16(truncatingIfNeeded: packed & 0xFFFF)),
                               time: UInt32(truncatingIfNeeded: l.3), action: platform.connection.atomName(Atom(XdndWire.atom(l.4))))
        case atoms.leave:
            parsed = .leave(source: source)
        case atoms.drop:
            parsed = .drop(source: source, time: UInt32(truncatingIfNeeded: l.2))
        default:
            return false
        }
        if case .enter = parsed { self.surface = surface }
        if machine.source == nil || machine.source == source { self.surface = surface }
        run(machine.handle(parsed, now: now))
        return true
    }

    private func run(_ effects: [XdndTargetMachine.Effect]) {
        for effect in effects {
            switch effect {
            case .warn(let text):
                Trace.warn("XDND: \(text)")
            case .readTypeList(let source):
                let (names, total) = readTypeList(of: XID(source))
                run(machine.typesRead(names, totalCount: total, source: source, now: platform.clock.now))
            case .entered(let source, let types):
                watch(XID(source))
                dropTime = nil
                session = DropSession(types: types) { [weak self] type in
                    // XDND asks for the XdndDrop's timestamp: Qt finds the finished drag by it.
                    try await Pasteboard.dragAndDrop.data(forType: type, time: self?.dropTime)
                }
            case .update(let source, let x, let y, let action):
                answerPosition(source: source, x: x, y: y, action: action)
            case .exited:
                if let session, let delegate = surface?.dropDelegate { delegate.surfaceDragDidExit(session) }
                session = nil
                unwatch()
            case .performDrop(let source, let time):
                dropTime = time
                guard let session, let delegate = surface?.dropDelegate else {
                    run(machine.dropFinished(action: "", source: source))
                    continue
                }
                delegate.surfacePerformDrop(session) { [weak self] operation in
                    guard let self else { return }
                    self.run(self.machine.dropFinished(action: self.actionName(operation), source: source))
                    self.platform.eventLoop.scheduleDrain()
                }
            case .sendFinished(let source, let action):
                sendFinished(to: XID(source), action: action)
            }
        }
        armDeadline()
    }

    private func answerPosition(source: UInt, x: Int, y: Int, action: String) {
        guard let surface, let session, let delegate = surface.dropDelegate else { return }
        let scale = platform.scale
        let point = Point(x: Double(x) / scale - surface.screenOrigin.x, y: Double(y) / scale - surface.screenOrigin.y)
        let answer = delegate.surfaceDragDidUpdate(session, at: point)
        let accepted = answer.operation == .copy || answer.operation == .move
        machine.statusSent(accepted: accepted, source: source)
        var rect = (x: 0, y: 0, width: 0, height: 0)
        if let stable = answer.stableRect {
            // Root device pixels: the source compares its pointer with it.
            rect = (Int(((stable.x + surface.screenOrigin.x) * scale).rounded(.down)),
                    Int(((stable.y + surface.screenOrigin.y) * scale).rounded(.down)),
                    Int((stable.width * scale).rounded(.down)), Int((stable.height * scale).rounded(.down)))
        }
        let flags = (accepted ? 1 : 0) | (answer.stableRect == nil ? 2 : 0)
        let actionAtom = accepted ? (answer.operation == .move && action == "XdndActionMove" ? atoms.actionMove : atoms.actionCopy) : 0
        XdndWire.send(platform.connection, to: XID(source), type: atoms.status,
                      (XdndWire.long(surface.xid), flags, (rect.x & 0xFFFF) << 16 | (rect.y & 0xFFFF),
                       (rect.width & 0xFFFF) << 16 | (rect.height & 0xFFFF), XdndWire.long(actionAtom)))
        platform.eventLoop.scheduleDrain()
    }

    private func sendFinished(to source: XID, action: String) {
        guard let surface else { return }
        let atom = action.isEmpty ? Atom(0) : platform.connection.atom(action)
        XdndWire.send(platform.connection, to: source, type: atoms.finished,
                      (XdndWire.long(surface.xid), action.isEmpty ? 0 : 1, XdndWire.long(atom), 0, 0))
    }

    private func actionName(_ operation: DropOperation) -> String {
        switch operation {
        case .copy: return "XdndActionCopy"
        case .move: return "XdndActionMove"
        case .cancel, .forbidden: return ""
        }
    }

    /// The first `maximumTypes` names of the source's XdndTypeList, and how many it holds.
    private func readTypeList(of source: XID) -> ([String]?, Int) {
        let connection = platform.connection
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        var status: Int32 = -1
        connection.trapErrors {
            status = XGetWindowProperty(connection.display, source, atoms.typeList, 0, XdndTargetMachine.maximumTypes,
                                        0, XA_ATOM, &type, &format, &count, &after, &data)
        }
        defer { if let data { XFree(data) } }
        guard status == Success, type == XA_ATOM, format == 32, let data else { return (nil, 0) }
        let total = Int(count) + Int(after / 4)
        let raw = UnsafeRawPointer(data)
        var list: [Atom] = []
        for i in 0..<Int(count) { list.append(raw.load(fromByteOffset: i * MemoryLayout<Int>.size, as: Atom.self)) }
        return (names(of: list), total)
    }

    /// Names in one round trip (XGetAtomNames), not one per atom.
    private func names(of list: [Atom]) -> [String] {
        guard !list.isEmpty else { return [] }
        var atomsCopy = list
        var names = [UnsafeMutablePointer<CChar>?](repeating: nil, count: list.count)
        var ok: Int32 = 0
        platform.connection.trapErrors {
            ok = XGetAtomNames(platform.connection.display, &atomsCopy, Int32(list.count), &names)
        }
        defer { for name in names { if let name { XFree(name) } } }
        guard ok != 0 else { return list.map { platform.connection.atomName($0) } }
        return names.map { $0.map { String(cString: $0) } ?? "?" }
    }

    private func watch(_ source: XID) {
        unwatch()
        // Our own windows already select StructureNotify; a second XSelectInput would replace their mask.
        guard !platform.eventLoop.hasHandler(for: UInt(source)) else { return }
        var attributes = XWindowAttributes()
        let error = platform.connection.trapErrors {
            _ = XGetWindowAttributes(platform.connection.display, source, &attributes)
            XSelectInput(platform.connection.display, source, attributes.your_event_mask | StructureNotifyMask)
        }
        if error != nil {
            run(machine.sourceVanished(UInt(source)))
            return
        }
        watched = source
    }

    private func unwatch() { watched = nil }

    private func armDeadline() {
        deadline?.cancel()
        deadline = nil
        guard let next = machine.nextDeadline else { return }
        let delay = max(0, next - platform.clock.now)
        deadline = platform.schedule(after: delay) { [weak self] in
            guard let self else { return }
            self.run(self.machine.tick(now: self.platform.clock.now))
            self.platform.connection.flush()
        }
    }
}

extension X11WindowSurface {
    /// What the window answers about drags over it.
    var dropDelegate: WindowSurfaceDropDelegate? { delegate as? WindowSurfaceDropDelegate }

    /// Puts XdndAware (our version) on a top-level window; popups and drag images take no drops.
    func advertiseDropTarget() {
        guard role == .normal || role == .dialog else { return }
        var version = [XdndTargetMachine.version]
        XChangeProperty(platform.connection.display, xid, platform.connection.atom("XdndAware"), XA_ATOM, 32,
                        PropModeReplace, &version, 1)
    }
}
