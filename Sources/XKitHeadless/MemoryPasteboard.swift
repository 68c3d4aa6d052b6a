import XKitCore

/// A pasteboard kept in memory, recording each copy with the event that triggered it.
@MainActor
public final class MemoryPasteboard: PlatformPasteboard {
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

    public init() {}

    public func setString(_ string: String, event: InputEvent?) {
        let copy = Copy(text: string, timestamp: event?.timestamp)
        copies.append(copy)
        contents = string
        onCopy?(copy)
    }

    public func string() async throws -> String? { contents }
}
