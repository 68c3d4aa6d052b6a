import CX11
import XKitCore

/// An X selection seen as a pasteboard: `general` is CLIPBOARD, `primary` is PRIMARY.
///
/// Copying takes ownership of the selection and serves every ICCCM requestor from then on
/// (TARGETS, UTF8_STRING, Latin-1 STRING, TEXT, MULTIPLE, INCR for big texts). Pasting asks the
/// current owner, whoever it is, without blocking the UI. The first use connects to `$DISPLAY`
/// through `Application.start()` if the app has not started yet.
@MainActor
package final class Pasteboard {
    /// The CLIPBOARD selection: explicit Copy and Paste.
    ///
    ///     try Pasteboard.general.setString("250000")
    package static let general = Pasteboard(selectionName: "CLIPBOARD")
    /// The PRIMARY selection: the current text selection, pasted with the middle button.
    ///
    ///     let selected = try await Pasteboard.primary.string()
    package static let primary = Pasteboard(selectionName: "PRIMARY")

    /// The X selection's name, e.g. "CLIPBOARD".
    package let selectionName: String
    /// Seconds to wait for the owner's answer (and between two INCR chunks) before `XKitError.timeout`.
    package var pasteTimeout: Double = 3
    /// Seconds the whole paste may take, however the owner paces its chunks, before `XKitError.timeout`.
    package var pasteTimeLimit: Double = 60
    /// The largest paste accepted, in bytes; bigger ones throw `XKitError.tooLarge`.
    package var maximumPasteBytes = 512 << 20
    /// When false, pasting while we own the selection makes a real X round trip instead of a shortcut.
    package var usesOwnerShortcut = true

    private var cachedOwner: SelectionOwner?
    private var handoff: ClipboardManagerHandoff?

    init(selectionName: String) {
        self.selectionName = selectionName
    }

    private func owner() throws -> SelectionOwner {
        if let cachedOwner { return cachedOwner }
        let hub = try SelectionHub.shared()
        let owner = hub.owner(for: hub.connection.atom(selectionName))
        cachedOwner = owner
        return owner
    }

    // MARK: Copy

    /// Puts text on the pasteboard by taking ownership of the selection.
    ///
    ///     try Pasteboard.general.setString("250000")
    ///
    /// - Parameter time: the server time of the event that triggered the copy. Without it XKit uses
    ///   the latest input event's time, or asks the server for a fresh one; never CurrentTime.
    /// - Throws: `XKitError.noDisplay`, or `.selectionNotAcquired` when the server kept another owner.
    package func setString(_ string: String, time: UInt32? = nil) throws {
        var text = string
        text.makeContiguousUTF8()
        try acquire(SelectionContent(utf8: Array(text.utf8)), time: time)
    }

    /// Puts an item on the pasteboard: its text as every text target, and each representation (`text/html`,
    /// `image/png`, …) as a target of that name whose bytes its provider makes when first asked for.
    /// A background provider starts at once, off the main actor: people paste seconds after they copy,
    /// and a 4096×4096 PNG takes longer than that to encode on a slow machine.
    ///
    ///     try Pasteboard.general.setItem(PasteboardItem(attributedText: styled))
    ///
    /// - Throws: as `setString`.
    package func setItem(_ item: PasteboardItem, time: UInt32? = nil) throws {
        let content = SelectionContent(item: item)
        try acquire(content, time: time)
        content.startBackgroundWork()
    }

    private func acquire(_ content: SelectionContent, time: UInt32?) throws {
        let owner = try owner()
        try owner.acquire(content, time: time)
        if owner.selection == owner.hub.atoms.clipboard && handoff == nil {
            let handoff = ClipboardManagerHandoff(hub: owner.hub, owner: owner)
            handoff.install()
            self.handoff = handoff
        }
        owner.hub.app.eventLoop.scheduleDrain()
    }

    /// Gives up ownership (if we own the selection); other apps then see an empty pasteboard.
    package func clear() {
        cachedOwner?.release()
    }

    /// Whether this app currently owns the selection.
    package var isOwner: Bool { cachedOwner?.isOwner ?? false }

    /// Whether any client (this one included) owns the selection.
    package var hasOwner: Bool {
        guard let owner = try? owner() else { return false }
        return XGetSelectionOwner(owner.hub.connection.display, owner.selection) != 0
    }

    /// Runs `body` each time another client takes the selection from us; returns an id for removal.
    @discardableResult
    package func onOwnershipLost(_ body: @escaping @MainActor () -> Void) -> Int {
        guard let owner = try? owner() else { return 0 }
        return owner.addLostHandler(body)
    }

    /// Removes a closure added with `onOwnershipLost`.
    package func removeOwnershipLostHandler(_ id: Int) {
        cachedOwner?.removeLostHandler(id)
    }

    /// The number of big (INCR) replies still being sent, across all selections.
    package static var activeTransferCount: Int {
        (try? SelectionHub.shared().sender.activeCount) ?? 0
    }

    /// Waits until every big reply in progress has finished (or been dropped).
    package static func transfersFinished() async {
        guard let hub = try? SelectionHub.shared() else { return }
        await hub.sender.waitUntilIdle()
    }

    /// Seconds to wait, on quit, for the clipboard manager to save CLIPBOARD (default 3).
    package var handoffTimeLimit: Double {
        get { handoff?.timeLimit ?? 3 }
        set { handoff?.timeLimit = newValue }
    }

    // MARK: Paste

    /// The text on the pasteboard, or nil when nobody owns the selection.
    ///
    ///     let text = try await Pasteboard.general.string()
    ///
    /// Asks for UTF8_STRING, then STRING (Latin-1), then TEXT. Runs on the event loop: the UI keeps
    /// working while the owner answers.
    /// - Throws: `XKitError.timeout`, `.invalidUTF8`, `.tooLarge`, `.conversionRefused` when
    ///   the owner has no text form, or `.unexpectedReply` when it answers with something that is
    ///   not 8-bit text (INTEGER, or UTF8_STRING in format 16).
    package func string() async throws -> String? {
        if let content = try ownText() { return String(decoding: content.utf8, as: UTF8.self) }
        guard let (reply, isLatin1) = try await textReply() else { return nil }
        if isLatin1 { return Latin1.decode(reply.bytes) }
        guard let text = String(validating: reply.bytes, as: UTF8.self) else { throw XKitError.invalidUTF8 }
        return text
    }

    /// The text on the pasteboard as validated UTF-8 bytes, or nil when nobody owns the selection.
    ///
    /// The same conversions and errors as `string()`, without building a String: for passing big
    /// pastes on (to a file or a pipe) with one copy of the text in memory instead of two.
    package func utf8Text() async throws -> [UInt8]? {
        if let content = try ownText() { return content.utf8 }
        guard let (reply, isLatin1) = try await textReply() else { return nil }
        if isLatin1 { return Latin1.utf8(fromLatin1: reply.bytes) }
        guard reply.utf8Check?.isValid ?? UTF8Check.isValid(reply.bytes) else { throw XKitError.invalidUTF8 }
        return reply.bytes
    }

    /// Our own content when it has text; what a round trip would refuse (an image alone) throws as it would.
    private func ownText() throws -> SelectionContent? {
        guard let content = ownContent() else { return nil }
        guard content.hasText else { throw XKitError.conversionRefused(target: "UTF8_STRING, STRING or TEXT") }
        return content
    }

    /// What we serve ourselves, when we own the selection and may skip the round trip.
    private func ownContent() -> SelectionContent? {
        guard usesOwnerShortcut, let owner = try? owner(), owner.isOwner else { return nil }
        return owner.content
    }

    /// The owner's text reply and whether it is Latin-1 (STRING); nil when nobody owns the selection.
    private func textReply() async throws -> (SelectionReply, Bool)? {
        let owner = try owner()
        guard hasOwner else { return nil }
        let atoms = owner.hub.atoms
        guard let reply = try await owner.hub.reader.convert(
            selection: owner.selection, targets: [atoms.utf8String, atoms.string, atoms.text],
            timeout: pasteTimeout, timeLimit: pasteTimeLimit, limit: maximumPasteBytes)
        else { throw XKitError.conversionRefused(target: "UTF8_STRING, STRING or TEXT") }
        // Anything else would decode to empty or garbled text and pass as a successful paste.
        let textTypes = [atoms.utf8String, atoms.string, atoms.text, owner.hub.connection.atom("text/plain;charset=utf-8")]
        // An INCR transfer that ends at once has no type: that is empty text.
        let emptyIncr = reply.type == 0 && reply.bytes.isEmpty && reply.items.isEmpty
        guard emptyIncr || (reply.format == 8 && textTypes.contains(reply.type)) else {
            throw XKitError.unexpectedReply(type: owner.hub.connection.atomName(reply.type), format: Int(reply.format),
                                            expected: "8-bit UTF8_STRING, STRING or TEXT")
        }
        return (reply, reply.type == atoms.string)
    }

    /// The raw bytes the owner gives for one target (e.g. "text/html"), or nil when it refuses or nobody owns.
    ///
    /// 16- and 32-bit replies (ATOM, INTEGER) come back as 2- or 4-byte little-endian values.
    /// `time` is the conversion's timestamp when the protocol gives one (a drop's); nil for now.
    package func data(forType type: String, time: UInt32? = nil) async throws -> [UInt8]? {
        if let content = ownContent() {
            if content.offers(type) { return try content.data(forType: type) }
            return content.hasText && PasteboardItem.textTypeNames.contains(type) ? content.utf8 : nil
        }
        let owner = try owner()
        guard hasOwner else { return nil }
        guard let reply = try await owner.hub.reader.convert(
            selection: owner.selection, targets: [owner.hub.connection.atom(type)],
            timeout: pasteTimeout, timeLimit: pasteTimeLimit, limit: maximumPasteBytes, time: time)
        else { return nil }
        if reply.format == 8 || reply.items.isEmpty { return reply.bytes }
        let width = reply.format == 16 ? 2 : 4
        var bytes: [UInt8] = []
        bytes.reserveCapacity(reply.items.count * width)
        for item in reply.items {
            for shift in stride(from: 0, to: width * 8, by: 8) { bytes.append(UInt8(truncatingIfNeeded: item >> shift)) }
        }
        return bytes
    }

    /// The target names the owner offers (its TARGETS list); empty when nobody owns the selection.
    ///
    /// - Throws: `XKitError.unexpectedReply` when the list is not 32-bit atoms.
    package func availableTypes() async throws -> [String] {
        if let content = ownContent(), let owner = try? owner() {
            let converter = TargetConverter(hub: owner.hub, content: content, acquiredAt: owner.acquiredAt)
            return converter.advertisedTargets.map { owner.hub.connection.atomName($0) }
        }
        let owner = try owner()
        guard hasOwner else { return [] }
        let hub = owner.hub
        guard let reply = try await hub.reader.convert(selection: owner.selection, targets: [hub.atoms.targets],
                                                       timeout: pasteTimeout, timeLimit: pasteTimeLimit,
                                                       limit: maximumPasteBytes)
        else { throw XKitError.conversionRefused(target: "TARGETS") }
        // ICCCM says ATOM; some old owners say TARGETS. Anything else would read as "no types".
        guard reply.format == 32, reply.type == XA_ATOM || reply.type == hub.atoms.targets else {
            throw XKitError.unexpectedReply(type: hub.connection.atomName(reply.type), format: Int(reply.format),
                                            expected: "a 32-bit ATOM list")
        }
        return reply.items.map { hub.connection.atomName(Atom(UInt(bitPattern: $0))) }
    }
}
