/// A popup surface that belongs to another window: a menu today, a tooltip or a suggestion list tomorrow.
///
/// It opens after the event being dispatched in its owner has been handled (the press that asked
/// for it must not keep driving the view beneath, so its pointer capture ends), shows `content` in
/// a `.popup` window at a screen frame with an outline for its shape, gives the content keyboard
/// focus once the first frame is drawn, and reports when the platform dismisses it (a press
/// outside, the owner losing focus). Closing also waits for the popup's own dispatch, so the click
/// that chose an item finishes first.
///
/// It fades in and out over the screen behind it (`WindowSurface.captureBackdrop`) when the
/// platform can copy that screen and motion is on. Fading never delays input: keys go to the
/// content from the first frame, and a popup fading out lets clicks through at once.
@MainActor
final class Popup {
    /// The view the popup shows.
    let content: View
    /// Called once when the platform dismissed the popup (not when `close` closed it).
    var onDismiss: (() -> Void)?
    private weak var owner: Window?
    private var window: Window?
    private var isClosed = false
    /// Whether the popup fades (the platform copied the screen behind it).
    private var fades = false
    /// Set while the fade-in runs: what waits for it to end (the `onShown` of `open`).
    private var fadeIn: FadeIn?

    /// How long the fade in takes, in seconds (UIKit's menus take about as long).
    static let fadeInDuration = 0.12
    /// How long the fade out takes, in seconds.
    static let fadeOutDuration = 0.1

    private struct FadeIn {
        var hasEnded = false
        var firstFrameDrawn = false
        var onShown: (() -> Void)?
    }

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
            self.fades = owner.application.frameClock.areAnimationsEnabled && window.surface.captureBackdrop()
            // Where the surface can, the fade is one composite per frame rather than a translucent redraw.
            if self.fades { _ = window.compositeOpacity(of: self.content) }
            self.fadeIn = FadeIn(onShown: onShown)
            window.show()
            if self.fades { self.startFadeIn() } else { self.fadeIn?.hasEnded = true }
            window.whenFirstFrameDrawn { [weak self, weak window] in
                guard let self, let window, !window.isClosed, !self.isClosed else { return }
                self.content.becomeFirstResponder()
                self.fadeIn?.firstFrameDrawn = true
                self.reportShownIfReady()
            }
        }
    }

    private func startFadeIn() {
        let target = content.alpha
        View.performWithoutAnimation { content.alpha = 0 }
        View.animate(withDuration: Self.fadeInDuration, delay: 0, options: [.curveEaseOut], animations: { content.alpha = target },
                     completion: { [weak self] _ in
            self?.fadeIn?.hasEnded = true
            self?.reportShownIfReady()
        })
    }

    /// `onShown` runs once the first frame is on screen and the fade-in (if any) is over, so what
    /// a tool sees after it is the whole menu.
    private func reportShownIfReady() {
        guard let fadeIn, fadeIn.hasEnded, fadeIn.firstFrameDrawn, !isClosed else { return }
        self.fadeIn = nil
        fadeIn.onShown?()
    }

    /// Closes the popup after its own current dispatch; `didClose` runs once the surface (and its
    /// grab) is gone, or at once when it never opened.
    func close(didClose: @escaping () -> Void) {
        guard !isClosed else { return }
        isClosed = true
        onDismiss = nil
        guard let window else { return didClose() }
        self.window = nil
        fadeIn = nil
        let fadesOut = fades && window.hasDrawnFirstFrame && window.application.frameClock.areAnimationsEnabled
        window.eventRouter.afterDispatch { [content] in
            guard fadesOut, !window.isClosed else {
                // Closing destroys the surface, which releases the grab (and flushes) first.
                window.close()
                return didClose()
            }
            // The grab ends and clicks pass through now; only the pixels linger for the fade.
            window.onDismiss = nil
            window.surface.stopReceivingInput()
            didClose()
            View.animate(withDuration: Self.fadeOutDuration, delay: 0, options: [.curveEaseIn], animations: { content.alpha = 0 },
                         completion: { _ in window.close() })
        }
    }
}
