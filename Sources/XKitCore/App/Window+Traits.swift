/// The window's traits: the desktop's, unless the window overrides the style.
extension Window {
    /// The traits the window's views draw with.
    public var traitCollection: TraitCollection {
        application.desktopTraitCollection.overriding(overrideUserInterfaceStyle)
    }

    /// The window's traits may have moved from `before`: tell the tree and redraw all of it.
    func traitsDidChange(from before: TraitCollection) {
        guard traitCollection != before else { return }
        contentView.propagateTraitChange(from: contentView.ownTraits(inheriting: before))
        setNeedsDisplay(in: Rect(origin: .zero, size: size))
    }
}
