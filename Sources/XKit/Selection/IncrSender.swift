import CX11
import Dispatch
import Glibc
import XKitCore

/// Sends replies larger than one chunk with the INCR protocol (ICCCM 2.7.2), many at once.
///
/// The owner writes an INCR property holding the total size, then one chunk after each
/// PropertyDelete the requestor makes, and ends with a zero-length write. Each transfer is keyed
/// by (requestor window, property) and holds its own copy-on-write reference to the data, so it
/// finishes even after the selection changes hands. Requestor windows belong to other clients:
/// their events reach us only because we select PropertyChange and StructureNotify on them.
@MainActor
final class IncrSender {
    struct Key: Hashable {
        let window: XID
        let property: Atom
    }

    @MainActor
    private final class Transfer {
        let type: Atom
        private let fixed: [UInt8]
        /// Bytes still being made: sent as they come.
        let stream: StreamedRepresentation?
        var offset = 0
        var lastActivity: UInt64
        /// The requestor has read everything sent and waits for bytes not made yet.
        var isWaitingForBytes = false
        var streamObserver: Int?

        init(type: Atom, bytes: [UInt8], stream: StreamedRepresentation?, now: UInt64) {
            self.type = type
            fixed = bytes
            self.stream = stream
            lastActivity = now
        }

        /// The bytes that can be sent now.
        var available: Int { stream?.bytes.count ?? fixed.count }
        /// Whether `available` is all there will be.
        var isComplete: Bool { stream?.isFinished ?? true }
        func bytes(_ range: Range<Int>, scratch: inout [UInt8]) -> ArraySlice<UInt8> {
            stream?.bytes.bytes(range, scratch: &scratch) ?? fixed[range]
        }
    }

    let connection: XConnection
    private unowned let app: X11Platform
    /// Bytes per chunk; replies above this go INCR. 1 MiB, or less if the server's request limit is lower.
    let chunkSize: Int
    /// A transfer whose requestor makes no progress for this long is dropped.
    var timeout: Double = 8
    private var transfers: [Key: Transfer] = [:]
    /// Where a chunk spanning several pieces of a streamed representation is joined.
    private var chunkScratch: [UInt8] = []
    /// The event mask the requestor had (for our connection) before we added ours, to put back.
    private var savedMasks: [XID: Int] = [:]
    private var sweepScheduled = false
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Requestor windows whose transfers were dropped lately: a BadWindow for a chunk already on
    /// the wire can still arrive for them, and is expected.
    private var goneWindows: [XID] = []

    init(connection: XConnection, app: X11Platform) {
        self.connection = connection
        self.app = app
        // One chunk is one ChangeProperty: never over the server's limit, however small it is.
        chunkSize = min(1 << 20, connection.requestLimits.propertyItems(format: 8))
        // Chunks are written untrapped (an XSync per chunk cost a round trip on every one of
        // them); a requestor that vanished shows up here, or as its DestroyNotify, instead.
        connection.errors.untrappedObserver = { [weak self] event in
            guard event.error_code == UInt8(BadWindow) else { return false }
            return MainActor.assumeIsolated { self?.badWindow(event.resourceid) ?? false }
        }
    }

    /// A write to `window` failed with BadWindow: drop its transfers; true when the window was ours to write to.
    private func badWindow(_ window: XID) -> Bool {
        if transfers.keys.contains(where: { $0.window == window }) {
            drop(window: window)
            return true
        }
        return goneWindows.contains(window)
    }

    /// The number of transfers in progress.
    var activeCount: Int { transfers.count }

    /// Starts a transfer: selects the requestor's events, then writes the INCR header.
    ///
    /// Called inside the caller's error trap, before its SelectionNotify. A BadWindow makes the
    /// caller call `drop(window:)`.
    func start(requestor: XID, property: Atom, type: Atom, bytes: [UInt8]) {
        begin(Transfer(type: type, bytes: bytes, stream: nil, now: IncrSender.now()), requestor: requestor, property: property)
    }

    /// Starts a transfer of bytes still being made: each chunk is sent as soon as the requestor has
    /// read the one before and there is something new, and the transfer ends once `stream` is finished.
    func start(requestor: XID, property: Atom, type: Atom, stream: StreamedRepresentation) {
        let transfer = Transfer(type: type, bytes: [], stream: stream, now: IncrSender.now())
        let key = Key(window: requestor, property: property)
        transfer.streamObserver = stream.observe { [weak self] in self?.streamGrew(key) }
        begin(transfer, requestor: requestor, property: property)
    }

    private func begin(_ transfer: Transfer, requestor: XID, property: Atom) {
        let display = connection.display
        let key = Key(window: requestor, property: property)
        if savedMasks[requestor] == nil {
            // XSelectInput replaces our connection's mask on that window; keep what was there
            // (for our own windows it is a real mask) and add ours. Select before writing the
            // header, or the requestor's first delete could come before we listen.
            var attributes = XWindowAttributes()
            let existing = XGetWindowAttributes(display, requestor, &attributes) != 0 ? attributes.your_event_mask : 0
            savedMasks[requestor] = existing
            XSelectInput(display, requestor, existing | Int(PropertyChangeMask | StructureNotifyMask))
        }
        // ICCCM: the INCR property's value is a lower bound on the size, as one 32-bit integer.
        let incr = connection.atom("INCR")
        SelectionWire.writeLongs(connection, window: requestor, property: property, type: incr,
                                 items: [min(transfer.available, Int(Int32.max))])
        if let replaced = transfers[key] { stopObserving(replaced) }
        transfers[key] = transfer
        Trace.emit("incr.start", [("window", .int(Int(requestor))), ("bytes", .int(transfer.available)),
                                  ("streamed", .bool(transfer.stream != nil))])
        scheduleSweep()
    }

    /// Sees every PropertyNotify and DestroyNotify in the process (via an event-loop observer).
    func observe(_ event: inout XEvent) {
        guard !transfers.isEmpty else { return }
        if event.type == DestroyNotify {
            drop(window: event.xdestroywindow.window)
        } else if event.type == PropertyNotify, event.xproperty.state == PropertyDelete {
            let key = Key(window: event.xproperty.window, property: event.xproperty.atom)
            if let transfer = transfers[key] { sendNext(transfer, key: key) }
        }
    }

    /// The requestor deleted the property: it has read the last chunk, so write the next one (or,
    /// when the bytes are still being made and none are new, wait for them).
    private func sendNext(_ transfer: Transfer, key: Key) {
        let available = transfer.available
        let end = min(transfer.offset + chunkSize, available)
        transfer.lastActivity = IncrSender.now()
        guard end > transfer.offset || transfer.isComplete else {
            transfer.isWaitingForBytes = true
            return
        }
        transfer.isWaitingForBytes = false
        if end == transfer.offset, let failure = transfer.stream?.failure {
            // No way to abort INCR exists: the requestor gets what was made, and the trace says why it is short.
            Trace.warn("the \(connection.atomName(transfer.type)) being sent to window \(key.window) could not be finished: \(failure)")
        }
        SelectionWire.writeBytes(connection, window: key.window, property: key.property,
                                 type: transfer.type, bytes: transfer.bytes(transfer.offset..<end, scratch: &chunkScratch))
        connection.flush()
        if end == transfer.offset {
            // That was the zero-length write that ends the transfer.
            finish(key)
        } else {
            transfer.offset = end
        }
    }

    /// More of a streamed representation is made: a requestor waiting for it is sent the next chunk.
    private func streamGrew(_ key: Key) {
        guard let transfer = transfers[key], transfer.isWaitingForBytes else { return }
        // A chunk is written outside any reply's trap: a requestor gone meanwhile shows as BadWindow.
        sendNext(transfer, key: key)
        app.eventLoop.scheduleDrain()
    }

    private func stopObserving(_ transfer: Transfer) {
        if let id = transfer.streamObserver { transfer.stream?.removeObserver(id) }
    }

    /// Forgets every transfer to `window` (it was destroyed, or a write to it failed).
    func drop(window: XID) {
        let keys = transfers.keys.filter { $0.window == window }
        for key in keys {
            if let transfer = transfers.removeValue(forKey: key) { stopObserving(transfer) }
        }
        if !keys.isEmpty { Trace.emit("incr.dropped", [("window", .int(Int(window)))]) }
        // The window may be gone; its mask is gone with it.
        savedMasks[window] = nil
        goneWindows.append(window)
        if goneWindows.count > 64 { goneWindows.removeFirst() }
        wakeIdleWaiters()
    }

    private func finish(_ key: Key) {
        guard let transfer = transfers.removeValue(forKey: key) else { return }
        stopObserving(transfer)
        Trace.emit("incr.done", [("window", .int(Int(key.window))), ("bytes", .int(transfer.offset))])
        if !transfers.keys.contains(where: { $0.window == key.window }), let mask = savedMasks.removeValue(forKey: key.window) {
            connection.trapErrors { XSelectInput(connection.display, key.window, mask) }
        }
        wakeIdleWaiters()
    }

    /// Waits until no transfer is in progress.
    func waitUntilIdle() async {
        if transfers.isEmpty { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func wakeIdleWaiters() {
        guard transfers.isEmpty, !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Drops stalled transfers once a second while any run, so one stuck requestor holds nothing up.
    private func scheduleSweep() {
        guard !sweepScheduled else { return }
        sweepScheduled = true
        let interval = min(1, max(0.05, timeout / 4))
        _ = app.eventLoop.afterDelay(interval) { [weak self] in
            guard let self else { return }
            self.sweepScheduled = false
            let limit = UInt64(self.timeout * 1e9)
            let now = IncrSender.now()
            // A requestor waiting for bytes still being made is not stalled: the bytes are late, not it.
            for (key, transfer) in self.transfers where !transfer.isWaitingForBytes && now - transfer.lastActivity > limit {
                Trace.emit("incr.timeout", [("window", .int(Int(key.window)))])
                self.stopObserving(transfer)
                self.transfers[key] = nil
                if !self.transfers.keys.contains(where: { $0.window == key.window }),
                   let mask = self.savedMasks.removeValue(forKey: key.window) {
                    self.connection.trapErrors { XSelectInput(self.connection.display, key.window, mask) }
                }
            }
            self.wakeIdleWaiters()
            if !self.transfers.isEmpty { self.scheduleSweep() }
            self.app.eventLoop.scheduleDrain()
        }
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
