/// Where each line of a text block sits horizontally.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
/// Lines start at the left edge.
    case left
/// Lines are centred between the edges.
    case center
/// Lines end at the right edge.
    case right
    /// The paragraph's direction: right for a right-to-left paragraph (UAX #9, first strong character), else left.
    case natural
}
