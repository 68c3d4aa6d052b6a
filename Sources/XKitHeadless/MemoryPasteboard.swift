import XKitCore

/// A pasteboard kept in memory, recording each copy with the event that triggered it.
@MainActor
public final class MemoryPasteboard: PasteboardOwnerTracking {
    /// One copy: the text and the triggering event's timestamp.
    public struct Copy {
        public let text: String
        public let timestamp: PlatformTimestamp?
    }

    /// Every copy, oldest first (an item without text is recorded with empty text).
    public private(set) var copies: [Copy] = []
    /// What a paste reads now (the latest copy's text, or what a test put there).
    public var contents: String? {
        didSet { item = contents.map { PasteboardItem(string: $0) } }
    }
    /// The item a paste reads by type: the latest copy's, or one a test put there.
    public var item: PasteboardItem?
    /// Runs after each copy (the platform keeps one log of both selections).
    var onCopy: ((Copy) -> Void)?

    private var owner: PasteboardOwnerSlot

    public init(_ selection: ClipboardSelection = .clipboard) { owner = PasteboardOwnerSlot(selection) }

    public func setString(_ string: String, event: InputEvent?, owner: PasteboardOwner) {
        record([PasteboardItem(string: string)], event: event)
        self.owner.replace(with: owner)
    }

    public func setString(_ string: String, event: InputEvent?) {
        setItems([PasteboardItem(string: string)], event: event)
    }

    public func setItems(_ items: [PasteboardItem], event: InputEvent?) {
        record(items, event: event)
        owner.lost()
    }

    /// Another app takes the selection (SelectionClear on X): the owner is told.
    public func takeOwnershipElsewhere(_ string: String) {
        contents = string
        owner.lost()
    }

    private func record(_ items: [PasteboardItem], event: InputEvent?) {
        guard let first = items.first else { return }
        if items.count > 1 { Trace.warn("the pasteboard carries one item: \(items.count - 1) more were ignored") }
        let copy = Copy(text: first.string ?? "", timestamp: event?.timestamp)
        copies.append(copy)
        contents = first.string
        item = first
        onCopy?(copy)
    }

    public func string() async throws -> String? { item?.string }

    /// The latest item's bytes for `type`, made by its provider now, as a requestor would get them.
    public func data(forType type: String) async throws -> [UInt8]? {
        try item?.data(forType: type)
    }

    public func availableTypes() async throws -> [String] { item?.types ?? [] }
}
