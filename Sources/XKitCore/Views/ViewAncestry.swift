/// What a view finds by walking up to its root (its window, its traits), kept until something
/// above it changes.
///
/// A key in a text field asked for its window about 26 times and for its traits several times,
/// each a walk of weak loads up the tree; the walks were a sixth of the key's work. Whatever can
/// move the answers (the view or an ancestor joining or leaving a tree, a root view hosted or let
/// go, an override, the desktop's appearance) forgets them for the subtree it moved
/// (`forgetAncestry()`).
struct ViewAncestry {
    /// Whether `window` holds the answer (nil is an answer: in no window).
    var knowsWindow = false
    /// The window the root view is hosted by.
    weak var window: Window?
    /// The view's traits, kept only while it is in a window (without one they follow
    /// `TraitCollection.current`, which drawing moves).
    var traits: TraitCollection?
}

extension View {
    /// The window showing this view, found through the root view; nil while the view is in no window.
    ///
    /// Views reach the platform's services (pasteboards, timers, the text measurer) through it.
    public var window: Window? {
        if ancestry.knowsWindow { return ancestry.window }
        let window = rootView.hostWindow
        ancestry.window = window
        ancestry.knowsWindow = true
        return window
    }

    /// The application of the view's window; nil while the view is in no window.
    public var application: Application? { window?.application }

    /// The measurer for this view's text: its window's; for a view in no window yet (sized before
    /// it is added), the started app's; else a fixed-width stand-in.
    public var textMeasurer: TextMeasurer {
        (window?.application ?? Application.current)?.platform.textMeasurer ?? MonospaceMeasurer.shared
    }

    /// Forgets the window and traits this view and its subtree kept: something above them changed.
    func forgetAncestry() {
        forEachDescendant { $0.ancestry = ViewAncestry() }
    }
}
