/// The states a window manager keeps for a window (EWMH `_NET_WM_STATE` on X).
public struct WindowState: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Covers the whole screen, without decorations.
    public static let fullscreen = WindowState(rawValue: 1 << 0)
    /// Fills the work area's width.
    public static let maximizedHorizontally = WindowState(rawValue: 1 << 1)
    /// Fills the work area's height.
    public static let maximizedVertically = WindowState(rawValue: 1 << 2)
    /// Fills the work area (the screen less panels and docks).
    public static let maximized: WindowState = [.maximizedHorizontally, .maximizedVertically]
}
