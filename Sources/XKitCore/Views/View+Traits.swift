/// How a view's content reads when the interface is right to left, like UISemanticContentAttribute.
public enum SemanticContentAttribute: Int, Sendable, Hashable {
    /// Follows the interface: flipped in a right-to-left one.
    case unspecified
    /// Playback controls (play, rewind), which keep their left-to-right order everywhere.
    case playback
    /// Directional controls (arrows, a map's pan pad), which keep their order everywhere.
    case spatial
    /// Left to right for this view and its subtree, whatever the interface's direction.
    case forceLeftToRight
    /// Right to left for this view and its subtree, whatever the interface's direction.
    case forceRightToLeft
}

/// Traits per view: `overrideUserInterfaceStyle`, `semanticContentAttribute`, `traitCollection`
/// and the walk that tells a subtree its traits changed.
extension View {
    private static let styleKey = AssociatedKey<UserInterfaceStyle>("overrideUserInterfaceStyle", default: .unspecified)
    private static let semanticKey = AssociatedKey<SemanticContentAttribute>("semanticContentAttribute", default: .unspecified)

    /// Forces this view and its subtree light or dark; `.unspecified` (the default) follows the superview.
    ///
    ///     previewCard.overrideUserInterfaceStyle = .dark
    public var overrideUserInterfaceStyle: UserInterfaceStyle {
        get { associatedValues[View.styleKey] }
        set { changeTraits { $0.associatedValues[View.styleKey] = newValue } }
    }

    /// Whether this view's content flips in a right-to-left interface.
    ///
    /// `.forceLeftToRight` and `.forceRightToLeft` set the layout direction of the view's whole
    /// subtree; `.playback` and `.spatial` keep only the view's own content left to right.
    ///
    ///     transportBar.semanticContentAttribute = .playback
    public var semanticContentAttribute: SemanticContentAttribute {
        get { associatedValues[View.semanticKey] }
        set { changeTraits { $0.associatedValues[View.semanticKey] = newValue } }
    }

    /// The direction this view lays its own content out in: its traits' direction, except that
    /// playback and spatial content is always left to right.
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .playback, .spatial: .leftToRight
        default: traitCollection.layoutDirection
        }
    }

    /// Whether this view's own content runs right to left: `effectiveUserInterfaceLayoutDirection` as a test.
    var laysOutRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// `rect`, given in bounds as for a left-to-right layout, mirrored across the bounds' width when
    /// this view's content runs right to left: one `layoutSubviews` serves both directions.
    ///
    ///     control.frame = flippedForLayoutDirection(Rect(x: bounds.width - 60, y: 8, width: 60, height: 28))  // trailing
    public func flippedForLayoutDirection(_ rect: Rect) -> Rect {
        guard laysOutRightToLeft else { return rect }
        return Rect(x: bounds.width - rect.maxX, y: rect.y, width: rect.width, height: rect.height)
    }

    /// The traits the view draws and lays out with: its superview's (its window's at the top, the
    /// desktop's) with its own overrides applied.
    public var traitCollection: TraitCollection {
        if let traits = ancestry.traits { return traits }
        let inherited = superview?.traitCollection ?? hostWindow?.traitCollection ?? TraitCollection.current
        let traits = ownTraits(inheriting: inherited)
        if window != nil { ancestry.traits = traits }
        return traits
    }

    /// `inherited` with this view's own style and direction overrides applied.
    func ownTraits(inheriting inherited: TraitCollection) -> TraitCollection {
        // Every trait walk asks each ancestor, and most override nothing: a typed read costs a
        // dynamic cast, a presence check does not.
        if associatedValues.isEmpty { return inherited }
        guard associatedValues.contains(View.styleKey) || associatedValues.contains(View.semanticKey) else { return inherited }
        var traits = inherited.overriding(associatedValues[View.styleKey])
        switch associatedValues[View.semanticKey] {
        case .forceLeftToRight: traits.layoutDirection = .leftToRight
        case .forceRightToLeft: traits.layoutDirection = .rightToLeft
        default: break
        }
        return traits
    }

    /// The style this view itself forces, for the drawing walk (nil: inherits).
    var ownInterfaceStyle: UserInterfaceStyle? {
        let style = associatedValues[View.styleKey]
        return style == .unspecified ? nil : style
    }

    /// Makes a change to this view's overrides, then tells the subtree whose traits it moved.
    private func changeTraits(_ change: (View) -> Void) {
        let before = traitCollection
        let semanticBefore = semanticContentAttribute
        change(self)
        forgetAncestry()
        if semanticContentAttribute != semanticBefore { setNeedsLayout(); setNeedsDisplay() }
        propagateTraitChange(from: before)
    }

    /// Tells the subtree whose traits moved from `before` (skipping subtrees whose own overrides
    /// keep their traits as they were), then relayouts and redraws it.
    func propagateTraitChange(from before: TraitCollection) {
        let after = traitCollection
        guard after != before else { return }
        notifyTraitChange(previous: before, current: after)
        window?.viewTreeDidChange()
    }

    private func notifyTraitChange(previous: TraitCollection, current: TraitCollection) {
        if previous.layoutDirection != current.layoutDirection {
            layoutDirectionDidChange()
            setNeedsLayout()
        }
        setNeedsDisplay()
        traitCollectionDidChange(previous)
        viewController?.traitCollectionDidChange(previous)
        for sub in subviews {
            let p = sub.ownTraits(inheriting: previous), c = sub.ownTraits(inheriting: current)
            if p != c { sub.notifyTraitChange(previous: p, current: c) }
        }
    }
}
