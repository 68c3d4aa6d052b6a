/// Identifies a closure added with `GestureRecognizer.addTarget`, so it can be removed.
@MainActor
public final class GestureTargetToken {
    weak var recognizer: GestureRecognizer?
    let id: Int

    init(recognizer: GestureRecognizer, id: Int) {
        self.recognizer = recognizer
        self.id = id
    }

    /// Removes the closure from its recognizer; removing twice does nothing.
    public func remove() {
        recognizer?.removeTarget(self)
    }
}
