/// Publishes windows' accessibility trees to the desktop (AT-SPI on X).
///
/// The toolkit tells the bridge what changed; the bridge reads `AccessibilityNode`s on demand.
/// Every call is made only while `isActive`, so an inactive bridge costs one property read.
@MainActor
public protocol AccessibilityBridge: AnyObject {
    /// Whether anyone listens; when false the toolkit skips building nodes for the bridge.
    var isActive: Bool { get }
    /// A window's tree changed (views added, removed, moved or renamed, text edited).
    func treeDidChange(in window: Window)
    /// Keyboard focus moved to `view` (nil: nothing in the window has focus).
    func focusDidChange(to view: View?, in window: Window)
    /// A window closed; its nodes are gone.
    func windowDidClose(_ window: Window)
}

/// The bridge used while no assistive technology is listening: it does nothing.
@MainActor
public final class InactiveAccessibilityBridge: AccessibilityBridge {
/// Creates a bridge that ignores every change.
    public init() {}
    public var isActive: Bool { false }
    public func treeDidChange(in window: Window) {}
    public func focusDidChange(to view: View?, in window: Window) {}
    public func windowDidClose(_ window: Window) {}
}
