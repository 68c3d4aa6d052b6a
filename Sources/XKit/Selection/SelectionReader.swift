import CX11
import Dispatch
import XKitCore

/// The reply to one conversion: the type the owner chose and the bytes.
struct SelectionReply {
    var type: Atom
    /// 8-bit data (text).
    var bytes: [UInt8]
    /// 32-bit items (atom lists, integers), as C longs.
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
        let limit: Int
        var state = State.awaitingNotify
        var reply = SelectionReply(type: 0, bytes: [])
        var continuation: CheckedContinuation<SelectionReply?, Error>?
        var deadline: TimerToken?
        var target: Atom { targets[targetIndex] }

        init(selection: Atom, targets: [Atom], property: Atom, time: Time, timeout: Double, limit: Int) {
            self.selection = selection
            self.targets = targets
            self.property = property
            self.time = time
            self.timeout = timeout
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
    /// `timeout` bounds each wait (for the reply, and between INCR chunks); `limit` caps the size.
    func convert(selection: Atom, targets: [Atom], timeout: Double, limit: Int) async throws -> SelectionReply? {
        guard !targets.isEmpty else { return nil }
        let display = connection.display
        // ICCCM 2.4 asks for a real timestamp, not CurrentTime. xsel compares it with its own
        // acquisition time and refuses older ones, so a stale input time is not good enough either.
        let request = Request(selection: selection, targets: targets, property: hub.takeProperty(),
                              time: Time(hub.serverTime()), timeout: timeout, limit: limit)
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
        request.deadline = afterDelay(request.timeout) { [weak self, weak request] in
            guard let self, let request else { return }
            self.timedOut(request)
            self.connection.flush()
        }
    }

    private func timedOut(_ request: Request) {
        let what = request.state == .awaitingNotify
            ? "no answer from the owner of \(connection.atomName(request.selection)) after \(request.timeout) s"
            : "the owner stopped sending \(connection.atomName(request.selection)) data"
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
            // A refusal carries no property; the oldest request for that selection and target is the one.
            request = requests.first {
                $0.state == .awaitingNotify && $0.selection == event.selection && $0.target == event.target
            }
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
                                               appendingTo: &bytes) else {
            // The owner said it wrote the property but it is not there: treat it as a refusal.
            return complete(request, with: .success(nil))
        }
        if property.type == hub.atoms.incr {
            // Deleting the INCR property (done by the read) asks the owner for the first chunk.
            let announced = property.items32.first ?? 0
            request.reply.type = 0
            if announced > request.limit {
                request.state = .discarding
                fail(request, XKitError.tooLarge(limit: request.limit))
            } else {
                request.state = .incremental
                // The size is only a lower bound, so this is a hint. xclip announces none: growing by
                // doubling then copied and page-faulted about twice the text (for 64 MiB, 45% of the
                // paste's CPU), so reserve address space instead; untouched pages cost no memory.
                request.reply.bytes.reserveCapacity(announced > 0 ? announced : min(request.limit, SelectionReader.unsizedReserve))
            }
            armDeadline(request)
            return
        }
        if bytes.count > request.limit {
            return complete(request, with: .failure(XKitError.tooLarge(limit: request.limit)))
        }
        request.reply = SelectionReply(type: property.type, bytes: bytes, items: property.items32)
        complete(request, with: .success(request.reply))
    }

    func handleProperty(_ event: XPropertyEvent) {
        guard event.state == PropertyNewValue, event.window == hub.window,
              let request = requests.first(where: { $0.property == event.atom && $0.state != .awaitingNotify })
        else { return }
        var scratch: [UInt8] = []
        let discarding = request.state == .discarding
        let before = request.reply.bytes.count
        guard let chunk = discarding
            ? PropertyTake.take(connection, window: hub.window, property: event.atom, appendingTo: &scratch)
            : PropertyTake.take(connection, window: hub.window, property: event.atom, appendingTo: &request.reply.bytes)
        else { return }
        armDeadline(request)
        let added = discarding ? scratch.count : request.reply.bytes.count - before
        if added == 0 && chunk.items32.isEmpty {
            // The zero-length write ends the transfer.
            if discarding {
                remove(request, release: true)
            } else {
                complete(request, with: .success(request.reply))
            }
            return
        }
        guard !discarding else { return }
        if request.reply.type == 0 { request.reply.type = chunk.type }
        if request.reply.type == hub.atoms.utf8String {
            // Checked while the owner writes the next chunk, rather than all at the end.
            var check = request.reply.utf8Check ?? UTF8Check()
            request.reply.bytes.withUnsafeBufferPointer { all in check.feed(UnsafeBufferPointer(rebasing: all[before...])) }
            request.reply.utf8Check = check
        }
        if request.reply.bytes.count > request.limit {
            // Keep deleting what the owner sends until it finishes, so it is not left waiting.
            request.state = .discarding
            request.reply.bytes = []
            fail(request, XKitError.tooLarge(limit: request.limit))
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
