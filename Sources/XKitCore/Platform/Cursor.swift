/// The shape of the pointer over a view.
public enum Cursor: Hashable, Sendable {
    /// The platform's default arrow.
    case arrow
    /// An I-beam, over text that can be selected or edited.
    case iBeam
    /// A pointing hand, over links and other tappable text.
    case pointingHand
}
