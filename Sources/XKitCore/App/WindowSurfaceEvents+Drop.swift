extension WindowSurfaceEvents: WindowSurfaceDropDelegate {
    func surfaceDragDidUpdate(_ session: DropSession, at point: Point) -> (operation: DropOperation, stableRect: Rect?) {
        window.dropRouter.update(session, at: point)
    }
    func surfaceDragDidExit(_ session: DropSession) { window.dropRouter.exit(session) }
    func surfacePerformDrop(_ session: DropSession, completion: @escaping (DropOperation) -> Void) {
        window.dropRouter.performDrop(session, completion: completion)
    }
}
