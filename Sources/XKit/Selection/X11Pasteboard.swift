@_spi(Platform) import XKitCore

/// The platform pasteboard widgets use, backed by an X selection (`Pasteboard`).
@MainActor
final class X11Pasteboard: PasteboardOwnerTracking {
    private let pasteboard: Pasteboard
    private unowned let platform: X11Platform
    private var owner: PasteboardOwnerSlot
    private var lostHandler: Int?

    init(_ pasteboard: Pasteboard, platform: X11Platform) {
        self.pasteboard = pasteboard
        self.platform = platform
        owner = PasteboardOwnerSlot(pasteboard === Pasteboard.primary ? .primary : .clipboard)
    }

    func setString(_ string: String, event: InputEvent?, owner: PasteboardOwner) {
        set(string, event: event)
        self.owner.replace(with: owner)
        // SelectionClear: another client took it. Our own later copies replace the owner above,
        // without a clear (the server sends none when the owning window sets it again).
        if lostHandler == nil {
            lostHandler = pasteboard.onOwnershipLost { [weak self] in self?.owner.lost() }
        }
    }

    func setString(_ string: String, event: InputEvent?) {
        set(string, event: event)
        owner.lost()
    }

    private func set(_ string: String, event: InputEvent?) {
        do {
            try pasteboard.setString(string, time: event?.timestamp?.rawValue)
        } catch {
            Trace.warn("copying to \(pasteboard.selectionName) failed: \(error)")
        }
    }

    func setItems(_ items: [PasteboardItem], event: InputEvent?) {
        guard let first = items.first else { return }
        if items.count > 1 {
            Trace.warn("an X selection carries one item: \(items.count - 1) more were not put on \(pasteboard.selectionName)")
        }
        do {
            try pasteboard.setItem(first, time: event?.timestamp?.rawValue)
        } catch {
            Trace.warn("copying to \(pasteboard.selectionName) failed: \(error)")
        }
        owner.lost()
    }

    func string() async throws -> String? {
        try await pasteboard.string()
    }

    func data(forType type: String) async throws -> [UInt8]? {
        try await pasteboard.data(forType: type)
    }

    func availableTypes() async throws -> [String] {
        try await pasteboard.availableTypes()
    }
}
