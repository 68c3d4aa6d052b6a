/// Walking and searching a view's subtree.
extension View {
    /// Calls `body` for this view and every descendant, depth first.
    public func forEachDescendant(_ body: (View) -> Void) {
        body(self)
        for sub in subviews { sub.forEachDescendant(body) }
    }

    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// The first descendant (or self) with the accessibility identifier: `root.view(withIdentifier: "price")`.
    public func view(withIdentifier id: String) -> View? {
        if accessibilityIdentifier == id { return self }
        for sub in subviews { if let found = sub.view(withIdentifier: id) { return found } }
        return nil
    }
}
