/// Where each line of a text block sits horizontally.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    case left
    case center
    case right
    /// The paragraph's direction: right for a right-to-left paragraph (UAX #9, first strong character), else left.
    case natural
}
