/// A platform's native window: where a `Window` draws, and where its input comes from.
///
/// The window drives it (show, title, frame, present) and the surface reports back to its
/// `WindowSurfaceDelegate` (mapped, exposed, resized, input, close requests, dismissal). What a
/// kind of surface needs (a popup's grab and shape, a dialog's transient-for) the platform does
/// at creation from `SurfaceConfiguration.kind`, so it is not asked for here.
@MainActor
public protocol WindowSurface: AnyObject {
    /// The surface's top-left corner in screen coordinates (logical points), as last reported.
    var screenOrigin: Point { get }
    /// The platform's id of the native window (the X window id), for traces and outside tools.
    var nativeIdentifier: UInt { get }
    /// Connects the surface to the window it shows; it reports there from now on (held weakly).
    func attach(_ delegate: WindowSurfaceDelegate)
    /// Maps the surface; it draws on the next display pass.
    func show()
    /// Unmaps it without destroying it.
    func hide()
    /// Destroys the native window and frees what it holds.
    func destroy()
    /// Sets the title the window manager shows.
    func setTitle(_ title: String)
    /// Moves and resizes the surface (logical points, screen coordinates).
    func setFrame(_ frame: Rect)
    /// Draws `dirty` (window coordinates) through `draw` and puts it on screen.
    ///
    /// `draw` gets a context and the rect it must cover; a surface whose buffer was just recreated
    /// asks for the whole window instead of the dirty part.
    func present(dirty: Rect, size: Size, draw: (GraphicsContext, Rect) -> Void)
    /// Waits until what was presented is on screen (the first frame's promise to tests and tools).
    func synchronize()
    /// Draws the whole window through `draw` and returns the pixels, whether mapped or not.
    func snapshot(size: Size, draw: (GraphicsContext, Rect) -> Void) -> RGBImage?
    /// The pointer's shape while it is over the surface.
    func setCursor(_ cursor: Cursor)
    /// Asks the window manager for exactly these states; the surface reports what it got through
    /// `WindowSurfaceDelegate.surfaceStateDidChange` (without a window manager it fills the screen itself).
    func requestState(_ state: WindowState)
    /// Asks for the window to be raised and given keyboard focus.
    func activate()
    /// Sets the icons a taskbar, pager or Alt+Tab shows (several sizes; the desktop picks); empty removes them.
    func setIcon(_ images: [IconImage])
    /// Marks the surface as belonging to `owner` (kept above it, out of the taskbar); nil clears it.
    func setTransient(for owner: WindowSurface?)
    /// Where the focused text caret is (window coordinates), so the input method's windows follow it.
    func setTextInputCaret(_ rect: Rect)
    /// Ends the input method's composition; returns the text it commits, if any.
    func finishComposition() -> String?
    /// Asks the window manager to keep the surface at `size` (no resizing, no maximising); nil lifts it.
    func setFixedSize(_ size: Size?)
    /// Keeps a copy of the screen under the surface's frame, taken before it is first mapped, and
    /// draws every frame over that copy, so content fading in or out blends with what is behind it
    /// without a compositor. Returns whether the platform could (a popup's fade needs it).
    func captureBackdrop() -> Bool
    /// Lets pointer input through to whatever is below and ends a popup's grab, for a surface that
    /// stays on screen a moment after it is done with (a menu fading out).
    func stopReceivingInput()
    /// Whether `presentComposited` can show the surface translucent over its backdrop now.
    var canComposite: Bool { get }
    /// Shows the whole surface at `opacity` over its backdrop (`captureBackdrop`), from a layer
    /// that holds it drawn opaque: `dirty` is drawn into that layer through `draw` first, so a fade
    /// with nothing else changing costs one composite per frame instead of a redraw.
    func presentComposited(dirty: Rect?, opacity: Double, size: Size, draw: (GraphicsContext, Rect) -> Void)
}

extension WindowSurface {
    /// Surfaces without an input method ignore the caret.
    public func setTextInputCaret(_ rect: Rect) {}
    /// Surfaces without an input method have no composition to finish.
    public func finishComposition() -> String? { nil }
    /// Surfaces without a window manager have nobody to tell.
    public func setFixedSize(_ size: Size?) {}
    /// Surfaces that cannot see the screen behind them do not fade.
    public func captureBackdrop() -> Bool { false }
    /// Surfaces without input of their own have none to stop.
    public func stopReceivingInput() {}
    /// Surfaces without a backdrop cannot composite.
    public var canComposite: Bool { false }
    /// Surfaces that cannot composite draw what changed opaque.
    public func presentComposited(dirty: Rect?, opacity: Double, size: Size, draw: (GraphicsContext, Rect) -> Void) {
        if let dirty { present(dirty: dirty, size: size, draw: draw) }
    }
}
