/// Where each line of a text block sits horizontally.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    case left
    case center
    case right
    /// The script's natural direction; XKit lays out left to right only, so this is `left`.
    case natural
}
