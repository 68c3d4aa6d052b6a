import CX11
import XKitCore

/// Owning one selection: acquiring it with a real timestamp, answering requests, noticing its loss.
@MainActor
final class SelectionOwner {
    let hub: SelectionHub
    let selection: Atom
    /// What we serve; kept after losing ownership only for transfers already running (they hold it too).
    private(set) var content: SelectionContent?
    /// The server time we acquired the selection at (0 before the first acquisition).
    private(set) var acquiredAt: UInt32 = 0
    private(set) var isOwner = false
    private var lostHandlers: [(id: Int, body: () -> Void)] = []
    private var nextHandlerID = 0

    init(hub: SelectionHub, selection: Atom) {
        self.hub = hub
        self.selection = selection
    }

    private var connection: XConnection { hub.connection }
    private var atoms: SelectionAtoms { hub.atoms }

    /// Takes the selection with `time` (or a fresh server time) and confirms it with XGetSelectionOwner.
    ///
    /// A time from an old input event can be older than the current owner's, and then the server
    /// silently ignores XSetSelectionOwner (ICCCM 2.1); in that case we retry once with a fresh time.
    func acquire(_ content: SelectionContent, time: UInt32?) throws {
        let lastInput = hub.app.lastServerTime
        var stamp = time ?? (lastInput != 0 ? lastInput : hub.serverTime())
        var attempts = time == nil && lastInput == 0 ? 1 : 2
        while true {
            XSetSelectionOwner(connection.display, selection, hub.window, Time(stamp))
            if XGetSelectionOwner(connection.display, selection) == hub.window { break }
            attempts -= 1
            if attempts == 0 {
                Trace.emit("selection.acquire_failed", [("selection", .string(connection.atomName(selection)))])
                throw XKitError.selectionNotAcquired(connection.atomName(selection))
            }
            stamp = hub.serverTime()
        }
        self.content = content
        acquiredAt = stamp
        isOwner = true
        Trace.emit("selection.acquired", [("selection", .string(connection.atomName(selection))),
                                          ("bytes", .int(content.utf8.count)), ("time", .int(Int(stamp)))])
    }

    /// Gives the selection up voluntarily (ICCCM 2.3.1: with our acquisition time, not CurrentTime).
    func release() {
        guard isOwner else { return }
        if XGetSelectionOwner(connection.display, selection) == hub.window {
            XSetSelectionOwner(connection.display, selection, XID(0), Time(acquiredAt))
        }
        lose()
    }

    /// Registers a closure run when another client takes the selection; returns a removal id.
    func addLostHandler(_ body: @escaping () -> Void) -> Int {
        nextHandlerID += 1
        lostHandlers.append((nextHandlerID, body))
        return nextHandlerID
    }

    func removeLostHandler(_ id: Int) {
        lostHandlers.removeAll { $0.id == id }
    }

    func handleClear(time: UInt32) {
        // A clear stamped before our acquisition belongs to an earlier ownership: ignore it.
        guard isOwner, !SelectionWire.isTime(time, before: acquiredAt) else { return }
        lose()
    }

    private func lose() {
        isOwner = false
        content = nil
        Trace.emit("selection.lost", [("selection", .string(connection.atomName(selection)))])
        for handler in lostHandlers { handler.body() }
    }

    /// Answers one SelectionRequest, always with exactly one SelectionNotify.
    func handleRequest(_ request: XSelectionRequestEvent) {
        let time = UInt32(truncatingIfNeeded: request.time)
        // Requests stamped before we owned the selection were meant for the previous owner (ICCCM 2.2);
        // CurrentTime (0) is what xclip and many others send, so it is accepted.
        guard isOwner, let content, time == 0 || !SelectionWire.isTime(time, before: acquiredAt) else {
            return hub.refuse(request)
        }
        // A representation made on a background thread (a big PNG) is answered when it is made: the
        // requestor waits for its SelectionNotify, and this app goes on meanwhile.
        if request.target != atoms.multiple, !content.representations.isEmpty,
           !content.isReady(connection.atomName(request.target), whenReady: { [weak self] in self?.handleRequest(request) }) {
            return
        }
        // Obsolete clients send property None: ICCCM says use the target atom as the property.
        let property = request.property != 0 ? request.property : request.target
        let converter = TargetConverter(hub: hub, content: content, acquiredAt: acquiredAt)
        var replyProperty: Atom = 0
        var served = 0
        var streamed = false
        var pairs: [Int]?
        if request.target == atoms.multiple {
            // MULTIPLE's parameters are read before the reply's trap: the read makes its own round trip.
            pairs = request.property == 0 ? nil
                : XWindowProperty.read(connection: connection, window: request.requestor, property: request.property)?.items32
        }
        let error = connection.trapErrors {
            if request.target == atoms.multiple {
                // The reply repeats the pairs; a list too long for one request is refused up front.
                if var list = pairs, list.count >= 2,
                   list.count <= connection.requestLimits.propertyItems(format: 32) {
                    for index in stride(from: 0, to: list.count - 1, by: 2) {
                        let target = Atom(UInt(bitPattern: list[index]))
                        let pairProperty = Atom(UInt(bitPattern: list[index + 1]))
                        let pair = pairProperty != 0 && target != atoms.multiple
                            ? converter.convert(target: target, requestor: request.requestor, property: pairProperty) : nil
                        let ok = pair != nil
                        served += pair?.bytes ?? 0
                        streamed = streamed || pair?.isStreamed == true
                        // A failed pair is reported by replacing its property with None.
                        if !ok { list[index + 1] = 0 }
                    }
                    SelectionWire.writeLongs(connection, window: request.requestor, property: request.property,
                                             type: atoms.atomPair, items: list)
                    replyProperty = request.property
                }
            } else if let reply = converter.convert(target: request.target, requestor: request.requestor, property: property) {
                replyProperty = property
                served = reply.bytes
                streamed = reply.isStreamed
            }
            SelectionWire.sendNotify(connection, requestor: request.requestor, selection: request.selection,
                                     target: request.target, property: replyProperty, time: request.time)
        }
        if let error {
            // Usually BadWindow: the requestor went away before the reply. Forget anything we started for it.
            hub.sender.drop(window: request.requestor)
            Trace.emit("selection.request_failed", [("error", .string(error.description))])
        }
        Trace.emit("selection.request", [("target", .string(connection.atomName(request.target))),
                                         ("ok", .bool(replyProperty != 0))])
        if replyProperty != 0 {
            Trace.emit("clipboard.served", [("selection", .string(connection.atomName(request.selection))),
                                            ("target", .string(connection.atomName(request.target))),
                                            ("bytes", .int(served)), ("streamed", .bool(streamed))])
        }
    }
}
