/// Pointer shapes: a view names the cursor shown while the pointer is over it.
extension View {
    /// The cursor for this view and its subviews that set none themselves; nil inherits the superview's.
    ///
    ///     link.pointerCursor = .pointingHand
    public var pointerCursor: Cursor? {
        get { associatedValues[CursorKey.key] ?? defaultCursor }
        set { associatedValues[CursorKey.key] = newValue }
    }

    /// The cursor shown over the view: its own, else the nearest ancestor's, else the arrow.
    var effectiveCursor: Cursor {
        var view: View? = self
        while let v = view {
            if let cursor = v.pointerCursor { return cursor }
            view = v.superview
        }
        return .arrow
    }
}

@MainActor
private enum CursorKey {
    static let key = AssociatedKey<Cursor?>("xkit.view.cursor", default: nil)
}
