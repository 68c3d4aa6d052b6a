@_spi(Platform) import XKitCore

/// The platform pasteboard widgets use, backed by an X selection (`Pasteboard`).
@MainActor
final class X11Pasteboard: PlatformPasteboard {
    private let pasteboard: Pasteboard
    private unowned let platform: X11Platform

    init(_ pasteboard: Pasteboard, platform: X11Platform) {
        self.pasteboard = pasteboard
        self.platform = platform
    }

    func setString(_ string: String, event: InputEvent?) {
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
