/// What a view finds by walking up to its root (its window, its traits), kept until the next
/// change anywhere that could move them.
///
/// A key in a text field asked for its window a dozen times and for its traits several times, each
/// a walk of weak loads up the tree; the walks were a sixth of the key's work. One app-wide
/// generation, moved by every hierarchy, override and desktop change, keeps the answers honest
/// without each view tracking its ancestors.
struct ViewAncestry {
    /// The generation the answers below were found in; 0 before any.
    var generation: UInt64 = 0
    /// The window the root view is hosted by.
    weak var window: Window?
    /// The view's traits, kept only while it is in a window (without one they follow
    /// `TraitCollection.current`, which drawing moves).
    var traits: TraitCollection?
}

extension View {
    /// Moves with every change that can change a view's window or traits: a view added or removed,
    /// a root view hosted or let go, an override set, the desktop's appearance.
    private(set) static var ancestryGeneration: UInt64 = 1

    /// Forgets every view's kept window and traits.
    static func ancestryDidChange() { ancestryGeneration &+= 1 }

    /// Whether `ancestry` holds this generation's answers.
    var ancestryIsCurrent: Bool { ancestry.generation == View.ancestryGeneration }

    /// The window found by walking to the root, kept in `ancestry`.
    func findWindow() -> Window? {
        if ancestryIsCurrent { return ancestry.window }
        var view: View = self
        while let parent = view.superview { view = parent }
        let window = view.hostWindow
        ancestry = ViewAncestry(generation: View.ancestryGeneration, window: window, traits: nil)
        return window
    }
}
