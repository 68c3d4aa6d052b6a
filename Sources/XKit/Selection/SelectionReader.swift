import CX11
import Dispatch
import XKitCore

/// The reply to one conversion: the type and format the owner chose, and the data.
struct SelectionReply {
    var type: Atom
    /// 8, 16 or 32; 0 until the first data arrives.
    var format: Int32 = 0
    /// 8-bit data (text).
    var bytes: [UInt8]
    /// 16- and 32-bit items (atom lists, integers), as their wire values.
    var items: [Int] = []
    /// The UTF-8 check of an INCR reply typed UTF8_STRING, made chunk by chunk as it arrived.
    var utf8Check: UTF8Check?
}

/// Pasting: ConvertSelection into a fresh property, waiting (without blocking) for the reply, INCR included.
///
/// Every paste is a small state machine driven by events the loop delivers to the hub, resumed
/// through a continuation; nothing here waits on the X connection, so the UI keeps running.
@MainActor
final class SelectionReader {
    private enum State { case awaitingNotify, incremental, discarding }

    private final class Request {
        let selection: Atom
        let targets: [Atom]
        var targetIndex = 0
        let property: Atom
        let time: Time
        let timeout: Double
        /// When the whole paste must be over (monotonic seconds), however the owner paces it.
        let endTime: Double
        let limit: Int
        /// Bytes received so far, items counted at their wire size.
        var received = 0
        var state = State.awaitingNotify
        var reply = SelectionReply(type: 0, bytes: [])
        var continuation: CheckedContinuation<SelectionReply?, Error>?
        var deadline: TimerToken?
        var target: Atom { targets[targetIndex] }

        init(selection: Atom, targets: [Atom], property: Atom, time: Time, timeout: Double, timeLimit: Double, limit: Int) {
            self.selection = selection
            self.targets = targets
            self.property = property
            self.time = time
            self.timeout = timeout
            self.endTime = monotonicSeconds() + timeLimit
            self.limit = limit
        }
    }

    /// The capacity reserved for an INCR reply whose owner announced no size.
    static let unsizedReserve = 128 << 20

    private unowned let hub: SelectionHub
    private var requests: [Request] = []

    init(hub: SelectionHub) { self.hub = hub }

    private var connection: XConnection { hub.connection }

    /// Converts `selection` to the first of `targets` the owner accepts; nil when it refuses all.
    ///
    /// `timeout` bounds each wait (for the reply, and between INCR chunks), `timeLimit` the whole
    /// paste (an owner trickling a byte at a time never trips `timeout`), and `limit` the size.
    /// `time` is the conversion's timestamp when the protocol names one (XDND: the XdndDrop's);
    /// otherwise a fresh server time.
    func convert(selection: Atom, targets: [Atom], timeout: Double, timeLimit: Double = .infinity,
                 limit: Int, time: UInt32? = nil) async throws -> SelectionReply? {
        guard !targets.isEmpty else { return nil }
        let display = connection.display
        // ICCCM 2.4 asks for a real timestamp, not CurrentTime. xsel compares it with its own
        // acquisition time and refuses older ones, so a stale input time is not good enough either.
        let stamp = time.flatMap { $0 == 0 ? nil : Time($0) } ?? Time(hub.serverTime())
        let request = Request(selection: selection, targets: targets, property: hub.takeProperty(),
                              time: stamp, timeout: timeout, timeLimit: timeLimit, limit: limit)
        return try await withCheckedThrowingContinuation { continuation in
            request.continuation = continuation
            requests.append(request)
            // A stale value in the property would be read as the answer; clear it first.
            XDeleteProperty(display, hub.window, request.property)
            sendConvert(request)
        }
    }

    private func sendConvert(_ request: Request) {
        XConvertSelection(connection.display, request.selection, request.target, request.property, hub.window, request.time)
        XFlush(connection.display)
        armDeadline(request)
    }

    private func armDeadline(_ request: Request) {
        request.deadline?.cancel()
        let wait = min(request.timeout, request.endTime - monotonicSeconds())
        // A NaN or infinite setting must not reach Dispatch, which traps converting it to nanoseconds.
        let delay = wait.isNaN ? 0 : min(max(0, wait), 1e7)
        request.deadline = hub.app.eventLoop.afterDelay(delay) { [weak self, weak request] in
            guard let self, let request else { return }
            self.timedOut(request)
            self.connection.flush()
        }
    }

    private func timedOut(_ request: Request) {
        let name = connection.atomName(request.selection)
        let what = monotonicSeconds() >= request.endTime - 0.001
            ? "the \(name) paste did not finish in time"
            : request.state == .awaitingNotify
            ? "no answer from the owner of \(name) after \(request.timeout) s"
            : "the owner stopped sending \(name) data"
        // The property is not returned to the pool: a late reply could still land in it.
        remove(request, release: false)
        request.continuation?.resume(throwing: XKitError.timeout(what))
        request.continuation = nil
    }

    func handleNotify(_ event: XSelectionEvent) {
        let request: Request?
        if event.property != 0 {
            request = requests.first { $0.property == event.property && $0.state == .awaitingNotify }
        } else {
            // A refusal carries no property; the oldest request for that selection and target is the
            // one. Qt refuses with target None, so then the oldest for the selection at that time.
            let waiting = requests.filter { $0.state == .awaitingNotify && $0.selection == event.selection }
            request = waiting.first { $0.target == event.target }
                ?? (event.target == 0 ? waiting.first { $0.time == event.time } ?? waiting.first : nil)
        }
        guard let request else { return }
        if event.property == 0 {
            request.targetIndex += 1
            if request.targetIndex < request.targets.count {
                sendConvert(request)
            } else {
                complete(request, with: .success(nil))
            }
            return
        }
        var bytes: [UInt8] = []
        guard let property = PropertyTake.take(connection, window: hub.window, property: request.property,
                                               appendingTo: &bytes, room: request.limit) else {
            // The owner said it wrote the property but it is not there: treat it as a refusal.
            return complete(request, with: .success(nil))
        }
        if property.type == hub.atoms.incr {
            // Deleting the INCR property (done by the read) asks the owner for the first chunk.
            // The size is a CARD32 on the wire: 0xFFFFFFFF is 4 GiB, not -1.
            let announced = property.format == 32 ? property.items.first ?? 0 : 0
            if announced > request.limit {
                request.state = .discarding
                fail(request, XKitError.tooLarge(limit: request.limit))
            } else {
                request.state = .incremental
                request.reply.bytes.reserveCapacity(SelectionReader.initialCapacity(announced: announced, limit: request.limit))
                HugePages.advise(&request.reply.bytes)
            }
            armDeadline(request)
            return
        }
        if property.overflowed {
            return complete(request, with: .failure(XKitError.tooLarge(limit: request.limit)))
        }
        request.reply = SelectionReply(type: property.type, format: property.format, bytes: bytes, items: property.items)
        complete(request, with: .success(request.reply))
    }

    /// The capacity to reserve for an INCR reply.
    ///
    /// The announced size is only a hint (owners lie, xclip announces none). Growing by doubling
    /// copies and page-faults about twice the text (for 64 MiB, 45% of the paste's CPU) and briefly
    /// holds old and new buffers, 1.5 times the limit at the end. So reserve the whole limit as address
    /// space when it is a sane size: untouched pages cost no memory, and the buffer never moves.
    static func initialCapacity(announced: Int, limit: Int) -> Int {
        limit <= maximumReserve ? limit : max(announced, min(limit, unsizedReserve))
    }

    /// The largest limit reserved in full up front (address space, not memory).
    static let maximumReserve = 1 << 30

    func handleProperty(_ event: XPropertyEvent) {
        guard event.state == PropertyNewValue, event.window == hub.window,
              let request = requests.first(where: { $0.property == event.atom && $0.state != .awaitingNotify })
        else { return }
        var scratch: [UInt8] = []
        let discarding = request.state == .discarding
        let before = request.reply.bytes.count
        // While discarding, read nothing: the take deletes the chunk unread (room 0 overflows).
        let room = discarding ? 0 : request.limit - request.received
        guard let chunk = discarding
            ? PropertyTake.take(connection, window: hub.window, property: event.atom, appendingTo: &scratch, room: room)
            : PropertyTake.take(connection, window: hub.window, property: event.atom, appendingTo: &request.reply.bytes, room: room)
        else { return }
        armDeadline(request)
        if chunk.wireBytes == 0 {
            // The zero-length write ends the transfer.
            if discarding {
                remove(request, release: true)
            } else {
                complete(request, with: .success(request.reply))
            }
            return
        }
        guard !discarding else { return }
        if chunk.overflowed {
            // Keep deleting what the owner sends until it finishes, so it is not left waiting.
            request.state = .discarding
            request.reply.bytes = []
            request.reply.items = []
            return fail(request, XKitError.tooLarge(limit: request.limit))
        }
        if request.reply.type == 0 {
            request.reply.type = chunk.type
            request.reply.format = chunk.format
        } else if chunk.type != request.reply.type || chunk.format != request.reply.format {
            request.state = .discarding
            request.reply.bytes = []
            request.reply.items = []
            return fail(request, XKitError.unexpectedReply(
                type: connection.atomName(chunk.type), format: Int(chunk.format),
                expected: "the type and format of the first chunk"))
        }
        request.received += chunk.wireBytes
        request.reply.items += chunk.items
        if request.reply.type == hub.atoms.utf8String && chunk.format == 8 {
            // Checked while the owner writes the next chunk, rather than all at the end.
            var check = request.reply.utf8Check ?? UTF8Check()
            request.reply.bytes.withUnsafeBufferPointer { all in check.feed(UnsafeBufferPointer(rebasing: all[before...])) }
            request.reply.utf8Check = check
        }
    }

    private func fail(_ request: Request, _ error: Error) {
        request.continuation?.resume(throwing: error)
        request.continuation = nil
    }

    private func complete(_ request: Request, with result: Result<SelectionReply?, Error>) {
        remove(request, release: true)
        request.continuation?.resume(with: result)
        request.continuation = nil
    }

    private func remove(_ request: Request, release: Bool) {
        request.deadline?.cancel()
        requests.removeAll { $0 === request }
        if release { hub.releaseProperty(request.property) }
    }
}
