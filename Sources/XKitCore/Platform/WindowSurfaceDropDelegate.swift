/// What a surface tells its window about a drag hovering over it (from another app or this one).
///
/// The backend speaks the protocol (XDND on X11) and asks here; the window finds the view under
/// the pointer with a `DropInteraction` and answers. Points are window coordinates.
@MainActor
public protocol WindowSurfaceDropDelegate: AnyObject {
    /// The drag moved to `point`: what a drop would do there, and the rect (window coordinates)
    /// inside which that answer holds (nil: ask again for every move).
    func surfaceDragDidUpdate(_ session: DropSession, at point: Point) -> (operation: DropOperation, stableRect: Rect?)
    /// The drag left the surface, or ended without a drop.
    func surfaceDragDidExit(_ session: DropSession)
    /// The user let go: the view takes the drop; `completion` runs once its loads have finished,
    /// with the operation performed (`.cancel` when nobody took it).
    func surfacePerformDrop(_ session: DropSession, completion: @escaping (DropOperation) -> Void)
}
