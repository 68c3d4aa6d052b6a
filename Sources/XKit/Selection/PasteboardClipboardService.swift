import XKitCore

/// Connects the display-free `ClipboardService` that widgets use to the X pasteboards.
@MainActor
final class PasteboardClipboardService: ClipboardService {
    private func pasteboard(_ selection: ClipboardSelection) -> Pasteboard {
        selection == .clipboard ? .general : .primary
    }

    func setString(_ string: String, selection: ClipboardSelection, time: UInt32?) {
        do {
            try pasteboard(selection).setString(string, time: time)
        } catch {
            Trace.warn("copying to \(pasteboard(selection).selectionName) failed: \(error)")
        }
    }

    func string(selection: ClipboardSelection) async throws -> String? {
        try await pasteboard(selection).string()
    }
}
