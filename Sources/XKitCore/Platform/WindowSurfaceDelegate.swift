/// What a surface tells the window it shows: every call from a platform's surface to the toolkit.
///
/// A backend's `WindowSurface` keeps the delegate it is attached to (`attach(_:)`) and reports
/// here what its native window went through. `Window` implements it with a private object, so
/// none of these calls is part of `Window`'s API.
@MainActor
public protocol WindowSurfaceDelegate: AnyObject {
    /// The surface was mapped: everything must be drawn.
    func surfaceDidMap()
    /// The surface was unmapped.
    func surfaceDidUnmap()
    /// Part of the surface (window coordinates) must be drawn again.
    func surfaceDidExpose(_ rect: Rect)
    /// The surface got a new size (from the window manager or the user), in logical points.
    func surfaceDidResize(to size: Size)
    /// The surface moved on screen: frames in screen coordinates changed.
    func surfaceDidMove()
    /// A pointer event in window coordinates.
    func surfaceDidReceive(_ event: PointerEvent)
    /// A key event, already mapped through the layout and input method (repeats marked).
    func surfaceDidReceive(_ event: KeyEvent)
    /// The surface lost keyboard focus.
    func surfaceDidLoseFocus()
    /// The window manager reported new states.
    func surfaceStateDidChange(_ state: WindowState)
    /// The window manager asked the window to close.
    func surfaceCloseRequested()
    /// The native window was destroyed from outside (e.g. xkill).
    func surfaceWasDestroyed()
    /// A popup was dismissed by the platform: a press outside it, or its owner lost focus.
    func surfaceWasDismissed()
    /// The input method's composition changed (nil when it ended).
    func surfaceDidChangePreedit(_ preedit: Preedit?)
    /// The input method committed text outside a key event.
    func surfaceDidCommitText(_ text: String)
}
