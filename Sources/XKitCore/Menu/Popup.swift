/// A popup surface that belongs to another window: a menu today, a tooltip or a suggestion list tomorrow.
///
/// It opens after the event being dispatched in its owner has been handled (the press that asked
/// for it must not keep driving the view beneath, so its pointer capture ends), shows `content` in
/// a `.popup` window at a screen frame with an outline for its shape, gives the content keyboard
/// focus once the first frame is drawn, and reports when the platform dismisses it (a press
/// outside, the owner losing focus). Closing also waits for the popup's own dispatch, so the click
/// that chose an item finishes first.
@MainActor
final class Popup {
    /// The view the popup shows.
    let content: View
    /// Called once when the platform dismissed the popup (not when `close` closed it).
    var onDismiss: (() -> Void)?
    private weak var owner: Window?
    private var window: Window?
    private var isClosed = false

    init(content: View, owner: Window) {
        self.content = content
        self.owner = owner
    }

    /// Opens at `frame` (screen coordinates) once the owner's current dispatch is done; `onShown`
    /// runs after the first frame is on screen. `trigger` is the input that asked for the popup,
    /// whose server time the grab uses.
    func open(frame: Rect, outline: [[Point]], trigger: InputEvent?, onShown: @escaping () -> Void) {
        guard let owner else { return }
        owner.eventRouter.afterDispatch { [weak self, weak owner] in
            guard let self, let owner, !self.isClosed else { return }
            owner.eventRouter.cancelPointerCapture()
            let kind = SurfaceKind.popup(owner: owner, outline: outline, trigger: trigger)
            let window = Window(title: "menu", size: frame.size, origin: frame.origin, kind: kind, app: owner.application)
            self.content.frame = Rect(origin: .zero, size: frame.size)
            window.contentView.addSubview(self.content)
            window.onDismiss = { [weak self] in
                guard let self, !self.isClosed else { return }
                self.onDismiss?()
            }
            self.window = window
            window.show()
            window.whenFirstFrameDrawn { [weak self, weak window] in
                guard let self, let window, !window.isClosed, !self.isClosed else { return }
                self.content.becomeFirstResponder()
                onShown()
            }
        }
    }

    /// Closes the popup after its own current dispatch; `didClose` runs once the surface (and its
    /// grab) is gone, or at once when it never opened.
    func close(didClose: @escaping () -> Void) {
        guard !isClosed else { return }
        isClosed = true
        onDismiss = nil
        guard let window else { return didClose() }
        self.window = nil
        // Closing destroys the surface, which releases the grab (and flushes) first.
        window.eventRouter.afterDispatch {
            window.close()
            didClose()
        }
    }
}
