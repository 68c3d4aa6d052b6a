/// The window's `WindowSurfaceDelegate`: a private object, so the surface's calls stay off `Window`'s API.
@MainActor
final class WindowSurfaceEvents: WindowSurfaceDelegate {
    unowned let window: Window

    init(window: Window) { self.window = window }

    func surfaceDidMap() { window.surfaceDidMap() }
    func surfaceDidUnmap() { window.surfaceDidUnmap() }
    func surfaceDidExpose(_ rect: Rect) { window.surfaceDidExpose(rect) }
    func surfaceDidResize(to size: Size) { window.surfaceDidResize(to: size) }
    func surfaceDidMove() { window.surfaceDidMove() }
    func surfaceDidReceive(_ event: PointerEvent) { window.surfaceDidReceive(event) }
    func surfaceDidReceive(_ event: KeyEvent) { window.surfaceDidReceive(event) }
    func surfaceDidLoseFocus() { window.surfaceDidLoseFocus() }
    func surfaceStateDidChange(_ state: WindowState) { window.surfaceStateDidChange(state) }
    func surfaceCloseRequested() { window.surfaceCloseRequested() }
    func surfaceWasDestroyed() { window.surfaceWasDestroyed() }
    func surfaceWasDismissed() { window.surfaceWasDismissed() }
    func surfaceDidChangePreedit(_ preedit: Preedit?) { window.surfaceDidChangePreedit(preedit) }
    func surfaceDidCommitText(_ text: String) { window.surfaceDidCommitText(text) }
}
