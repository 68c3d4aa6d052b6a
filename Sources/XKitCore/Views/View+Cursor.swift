/// Pointer shapes: a view names the cursor shown while the pointer is over it.
extension View {
    /// The cursor for this view and its subviews that set none themselves; nil inherits the superview's.
    ///
    ///     link.pointerCursor = .pointingHand
    public var pointerCursor: Cursor? {
        get { associatedValues[CursorKey.key] ?? defaultCursor }
        set { associatedValues[CursorKey.key] = newValue }
    }

    /// The cursor shown with the pointer over the view at `point` (window coordinates): its own,
    /// else the nearest ancestor's, else the arrow.
    func effectiveCursor(atWindowPoint point: Point) -> Cursor {
        var view: View? = self
        while let v = view {
            if let cursor = v.associatedValues[CursorKey.key] ?? v.defaultCursor(at: v.convert(point, from: nil)) {
                return cursor
            }
            view = v.superview
        }
        return .arrow
    }
}

@MainActor
private enum CursorKey {
    static let key = AssociatedKey<Cursor?>("xkit.view.cursor", default: nil)
}
