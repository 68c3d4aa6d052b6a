/// How a menu looks and where it opens.
public enum MenuStyle: String, Sendable, Hashable {
    /// The touch-style edit menu: a dark horizontal row above the target with an arrow (long press).
    case callout
    /// The desktop context menu: a vertical list at the pointer (right-click, the Menu key, Shift+F10).
    case context
}
