import Foundation
import CX11
#if canImport(Glibc)
import Glibc
#endif

/// How a `HostileOwner` answers every conversion request.
public enum HostileBehaviour: Sendable, CustomStringConvertible {
    /// A correct reply of type UTF8_STRING: one property, or INCR in `chunk`-byte pieces when larger.
    case honest(bytes: [UInt8], chunk: Int)
    /// The data under the wrong type or format (e.g. INTEGER/32, UTF8_STRING/16), in one property.
    case wrongType(type: String, format: Int32, bytes: [UInt8])
    /// INCR whose chunks carry the wrong type or format.
    case incrWrongType(type: String, format: Int32, bytes: [UInt8], chunk: Int)
    /// INCR announcing `announced` bytes (nil: no size at all) and then sending `bytes`, whatever was announced.
    case incr(announced: UInt32?, bytes: [UInt8], chunk: Int)
    /// INCR that sends one byte every `interval` seconds and never ends.
    case trickle(interval: Double)
    /// INCR that sends `chunk`-byte pieces as fast as they are taken and never ends.
    case flood(chunk: Int)
    /// Owns the selection and never answers.
    case silent
    /// Refuses every target (property None).
    case refuse
    /// Refuses every target naming no target either (property and target None), as Qt's drag source does.
    case refuseNamingNoTarget
    /// Answers with an INCR header, sends `chunks` chunks, then closes its connection mid-transfer.
    case vanish(chunks: Int)

    public var description: String {
        switch self {
        case .honest(let bytes, let chunk): return "honest \(bytes.count) B (chunk \(chunk))"
        case .wrongType(let type, let format, let bytes): return "wrong type \(type)/\(format), \(bytes.count) B"
        case .incrWrongType(let type, let format, let bytes, _): return "INCR wrong type \(type)/\(format), \(bytes.count) B"
        case .incr(let announced, let bytes, let chunk):
            return "INCR announcing \(announced.map(String.init) ?? "nothing"), sending \(bytes.count) B (chunk \(chunk))"
        case .trickle(let interval): return "trickle 1 B every \(interval) s"
        case .flood(let chunk): return "flood of \(chunk) B chunks"
        case .silent: return "silent"
        case .refuse: return "refuse"
        case .refuseNamingNoTarget: return "refuse, target None"
        case .vanish(let chunks): return "vanish after \(chunks) INCR chunks"
        }
    }
}

/// A selection owner that misbehaves on purpose, on its own X connection and thread.
///
/// It takes the selection with a real server time when created and serves requests until `stop()`
/// (or until a `.vanish` behaviour closes the connection). X errors on its connection (a requestor
/// that went away) are recorded by the harness, never fatal.
public final class HostileOwner: @unchecked Sendable {
    public let behaviour: HostileBehaviour
    private let connection: XConnection
    private let window: XWindowID
    private let stopped = Locked(false)
    private let finished = DispatchSemaphore(value: 0)
    private var closed = false

    /// Takes `selection` on the shared test display (or `display`) and starts serving.
    public init(_ behaviour: HostileBehaviour, selection: XSelection = .clipboard, display: String? = nil) throws {
        self.behaviour = behaviour
        connection = try XConnection(displayName: display)
        let dpy = connection.dpy
        var attributes = XSetWindowAttributes()
        attributes.event_mask = Int(PropertyChangeMask)
        window = XCreateWindow(dpy, XDefaultRootWindow(dpy), 0, 0, 1, 1, 0, 0, UInt32(InputOnly), nil,
                               UInt(CWEventMask), &attributes)
        let selectionAtom = XInternAtom(dpy, selection.atomName, 0)
        XSetSelectionOwner(dpy, selectionAtom, window, serverTime())
        XSync(dpy, 0)
        guard XGetSelectionOwner(dpy, selectionAtom) == window else {
            throw XKitTestingError("the hostile owner could not take \(selection.atomName)")
        }
        let thread = Thread { [self] in
            serve()
            finished.signal()
        }
        thread.name = "hostile-owner"
        thread.start()
    }

    deinit { stop() }

    /// Stops serving and closes the connection (giving up the selection). Idempotent.
    public func stop() {
        let first = stopped.withLock { old -> Bool in defer { old = true }; return !old }
        if first { finished.wait() }
        if !closed {
            closed = true
            XDestroyWindow(connection.dpy, window)
            XSync(connection.dpy, 0)
        }
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    // MARK: Serving

    private func serve() {
        while !isStopped {
            guard let event = nextEvent(timeout: 0.05, { $0.type == SelectionRequest }) else { continue }
            if answer(event.xselectionrequest) == .vanished { return }
        }
    }

    private enum Outcome { case served, vanished }

    private func answer(_ request: XSelectionRequestEvent) -> Outcome {
        let dpy = connection.dpy
        let property = request.property != 0 ? request.property : request.target
        switch behaviour {
        case .silent:
            return .served
        case .refuse:
            notify(request, property: 0)
        case .refuseNamingNoTarget:
            notify(request, property: 0, target: 0)
        case .honest(let bytes, let chunk):
            if bytes.count <= chunk {
                write(request.requestor, property, type: "UTF8_STRING", format: 8, bytes: bytes)
                notify(request, property: property)
            } else {
                sendIncr(request, property, announced: UInt32(bytes.count), type: "UTF8_STRING", format: 8,
                         pieces: pieces(bytes, chunk))
            }
        case .wrongType(let type, let format, let bytes):
            write(request.requestor, property, type: type, format: format, bytes: bytes)
            notify(request, property: property)
        case .incrWrongType(let type, let format, let bytes, let chunk):
            sendIncr(request, property, announced: UInt32(bytes.count), type: type, format: format, pieces: pieces(bytes, chunk))
        case .incr(let announced, let bytes, let chunk):
            sendIncr(request, property, announced: announced, type: "UTF8_STRING", format: 8, pieces: pieces(bytes, chunk))
        case .trickle(let interval):
            var sent = 0
            sendIncr(request, property, announced: nil, type: "UTF8_STRING", format: 8, pieces: AnyIterator {
                if sent > 0 && !self.sleepUnlessStopped(interval) { return nil }
                sent += 1
                return [UInt8(ascii: "a")]
            }, endsWithEmptyWrite: false)
        case .flood(let chunk):
            let piece = [UInt8](repeating: UInt8(ascii: "f"), count: chunk)
            sendIncr(request, property, announced: nil, type: "UTF8_STRING", format: 8,
                     pieces: AnyIterator { piece }, endsWithEmptyWrite: false)
        case .vanish(let chunks):
            let piece = [UInt8](repeating: UInt8(ascii: "v"), count: 4096)
            var left = chunks
            sendIncr(request, property, announced: nil, type: "UTF8_STRING", format: 8, pieces: AnyIterator {
                guard left > 0 else { return nil }
                left -= 1
                return piece
            }, endsWithEmptyWrite: false)
            // Gone without a word: the requestor must notice through its own deadline.
            XDestroyWindow(dpy, window)
            XSync(dpy, 0)
            closed = true
            return .vanished
        }
        XSync(dpy, 0)
        return .served
    }

    private func pieces(_ bytes: [UInt8], _ chunk: Int) -> AnyIterator<[UInt8]> {
        var offset = 0
        return AnyIterator {
            guard offset < bytes.count else { return nil }
            defer { offset += chunk }
            return Array(bytes[offset..<min(bytes.count, offset + chunk)])
        }
    }

    /// ICCCM INCR: the header with the (claimed) size, then each piece after the requestor deletes the last.
    private func sendIncr(_ request: XSelectionRequestEvent, _ property: Atom, announced: UInt32?, type: String,
                          format: Int32, pieces: AnyIterator<[UInt8]>, endsWithEmptyWrite: Bool = true) {
        let dpy = connection.dpy
        XSelectInput(dpy, request.requestor, Int(PropertyChangeMask))
        var size = [Int(announced.map { Int32(bitPattern: $0) } ?? 0)]
        XChangeProperty(dpy, request.requestor, property, XInternAtom(dpy, "INCR", 0), 32, PropModeReplace,
                        &size, announced == nil ? 0 : 1)
        notify(request, property: property)
        XFlush(dpy)
        for piece in pieces {
            guard waitForDelete(request.requestor, property) else { return }
            write(request.requestor, property, type: type, format: format, bytes: piece)
            XFlush(dpy)
        }
        guard endsWithEmptyWrite, waitForDelete(request.requestor, property) else { return }
        write(request.requestor, property, type: type, format: format, bytes: [])
        XFlush(dpy)
    }

    /// Waits until the requestor deletes `property`; false when stopped first.
    private func waitForDelete(_ requestor: XWindowID, _ property: Atom) -> Bool {
        while !isStopped {
            if nextEvent(timeout: 0.05, {
                $0.type == PropertyNotify && $0.xproperty.window == requestor && $0.xproperty.atom == property
                    && $0.xproperty.state == PropertyDelete
            }) != nil { return true }
        }
        return false
    }

    private func sleepUnlessStopped(_ seconds: Double) -> Bool {
        let end = monotonicNow() + seconds
        while monotonicNow() < end {
            if isStopped { return false }
            sleepSeconds(min(0.02, end - monotonicNow()))
        }
        return !isStopped
    }

    /// Writes `bytes` as a property in the given format: 16- and 32-bit items are packed from the bytes.
    private func write(_ window: XWindowID, _ property: Atom, type: String, format: Int32, bytes: [UInt8]) {
        let dpy = connection.dpy
        let typeAtom = XInternAtom(dpy, type, 0)
        switch format {
        case 16:
            var items = stride(from: 0, to: bytes.count, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | (($0 + 1 < bytes.count ? UInt16(bytes[$0 + 1]) : 0) << 8)) }
            XChangeProperty(dpy, window, property, typeAtom, 16, PropModeReplace,
                            items.withUnsafeMutableBytes { $0.baseAddress?.assumingMemoryBound(to: UInt8.self) }, Int32(items.count))
        case 32:
            // Format-32 data is C long on the client side.
            var items = stride(from: 0, to: bytes.count, by: 4).map { i in
                (0..<4).reduce(0) { $0 | (i + $1 < bytes.count ? Int(bytes[i + $1]) << (8 * $1) : 0) }
            }
            XChangeProperty(dpy, window, property, typeAtom, 32, PropModeReplace,
                            items.withUnsafeMutableBytes { $0.baseAddress?.assumingMemoryBound(to: UInt8.self) }, Int32(items.count))
        default:
            var copy = bytes
            XChangeProperty(dpy, window, property, typeAtom, 8, PropModeReplace,
                            copy.withUnsafeMutableBufferPointer { $0.baseAddress }, Int32(bytes.count))
        }
    }

    private func notify(_ request: XSelectionRequestEvent, property: Atom, target: Atom? = nil) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.display = connection.dpy
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = target ?? request.target
        reply.xselection.property = property
        reply.xselection.time = request.time
        XSendEvent(connection.dpy, request.requestor, 0, 0, &reply)
    }

    /// A fresh server timestamp (a zero-length append to our own window).
    private func serverTime() -> Time {
        let dpy = connection.dpy
        var empty: UInt8 = 0
        let property = XInternAtom(dpy, "_XKIT_HOSTILE_TIME", 0)
        XChangeProperty(dpy, window, property, XA_STRING, 8, PropModeAppend, &empty, 0)
        XFlush(dpy)
        let event = nextEvent(timeout: 2) { $0.type == PropertyNotify && $0.xproperty.atom == property }
        return event?.xproperty.time ?? 0
    }

    /// The first event matching `match` within `timeout` seconds, discarding others.
    private func nextEvent(timeout: Double, _ match: (XEvent) -> Bool) -> XEvent? {
        let dpy = connection.dpy
        let deadline = monotonicNow() + timeout
        while true {
            while XPending(dpy) > 0 {
                var event = XEvent()
                XNextEvent(dpy, &event)
                if match(event) { return event }
            }
            let left = deadline - monotonicNow()
            if left <= 0 { return nil }
            var fd = pollfd(fd: XConnectionNumber(dpy), events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, Int32(left * 1000) + 1)
        }
    }
}
