import XKitCore

/// A pasteboard kept in memory, recording each copy with the event that triggered it.
@MainActor
public final class MemoryPasteboard: PasteboardOwnerTracking {
    /// One copy: the text and the triggering event's timestamp.
    public struct Copy {
        public let text: String
        public let timestamp: PlatformTimestamp?
    }

    /// Every copy, oldest first.
    public private(set) var copies: [Copy] = []
    /// What a paste reads now (the latest copy, or what a test put there).
    public var contents: String?
    /// Runs after each copy (the platform keeps one log of both selections).
    var onCopy: ((Copy) -> Void)?

    private var owner: PasteboardOwnerSlot

    public init(_ selection: ClipboardSelection = .clipboard) { owner = PasteboardOwnerSlot(selection) }

    public func setString(_ string: String, event: InputEvent?, owner: PasteboardOwner) {
        record(string, event: event)
        self.owner.replace(with: owner)
    }

    public func setString(_ string: String, event: InputEvent?) {
        record(string, event: event)
        owner.lost()
    }

    /// Another app takes the selection (SelectionClear on X): the owner is told.
    public func takeOwnershipElsewhere(_ string: String) {
        contents = string
        owner.lost()
    }

    private func record(_ string: String, event: InputEvent?) {
        let copy = Copy(text: string, timestamp: event?.timestamp)
        copies.append(copy)
        contents = string
        onCopy?(copy)
    }

    public func string() async throws -> String? { contents }
}
