/// Light and dark per view: `overrideUserInterfaceStyle`, `traitCollection` and the change walk.
extension View {
    private static let styleKey = AssociatedKey<UserInterfaceStyle>("overrideUserInterfaceStyle", default: .unspecified)

    /// Forces this view and its subtree light or dark; `.unspecified` (the default) follows the superview.
    ///
    ///     previewCard.overrideUserInterfaceStyle = .dark
    public var overrideUserInterfaceStyle: UserInterfaceStyle {
        get { associatedValues[View.styleKey] }
        set {
            guard newValue != associatedValues[View.styleKey] else { return }
            let before = traitCollection
            associatedValues[View.styleKey] = newValue
            propagateTraitChange(from: before)
        }
    }

    /// The traits the view draws with: the nearest override above it, else its window's (the desktop's).
    public var traitCollection: TraitCollection {
        var view: View? = self
        var root: View = self
        while let v = view {
            let style = v.associatedValues[View.styleKey]
            if style != .unspecified {
                return (v.window?.traitCollection ?? TraitCollection.current).overriding(style)
            }
            root = v
            view = v.superview
        }
        return root.hostWindow?.traitCollection ?? TraitCollection()
    }

    /// The style this view itself forces, for the drawing walk (nil: inherits).
    var ownInterfaceStyle: UserInterfaceStyle? {
        let style = associatedValues[View.styleKey]
        return style == .unspecified ? nil : style
    }

    /// Tells the subtree whose traits moved from `before` (skipping subtrees with their own
    /// override, whose traits did not change) and redraws it.
    func propagateTraitChange(from before: TraitCollection) {
        let after = traitCollection
        guard after != before else { return }
        notifyTraitChange(previous: before, current: after, isRoot: true)
        window?.viewTreeDidChange()
    }

    private func notifyTraitChange(previous: TraitCollection, current: TraitCollection, isRoot: Bool) {
        if !isRoot, let own = ownInterfaceStyle {
            // Its own override decides its style; only the contrast can have changed.
            let p = previous.overriding(own), c = current.overriding(own)
            guard p != c else { return }
            return notifyTraitChange(previous: p, current: c, isRoot: true)
        }
        setNeedsDisplay()
        traitCollectionDidChange(previous)
        viewController?.traitCollectionDidChange(previous)
        for sub in subviews { sub.notifyTraitChange(previous: previous, current: current, isRoot: false) }
    }
}
