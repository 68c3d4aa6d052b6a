/// A part of a view that assistive technologies see as a node of its own although it is not a view,
/// such as an item a menu draws.
public struct AccessibilityElement: Sendable, Equatable {
    /// What kind of element it is.
    public var role: AccessibilityNode.Role
    /// The accessible name (an item's title).
    public var name: String
    /// Its frame in the owning view's bounds coordinates.
    public var frame: Rect
    /// The name of its one action ("click"), or nil when it has none.
    public var actionName: String?

    /// Describes an element of a view's drawing, with its frame in the view's bounds coordinates.
    public init(role: AccessibilityNode.Role, name: String, frame: Rect, actionName: String? = nil) {
        self.role = role; self.name = name; self.frame = frame; self.actionName = actionName
    }
}

/// A view that draws parts of itself that assistive technologies see as its children.
@MainActor
public protocol AccessibilityElementProviding: View {
    /// The parts, in reading order; they come after the view's exposed subviews.
    var accessibilityElements: [AccessibilityElement] { get }
    /// Runs the action of the element at `index` as a click would; false when there is none.
    func performAccessibilityAction(ofElementAt index: Int) -> Bool
}
