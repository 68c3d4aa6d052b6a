/// The tint colour controls draw their active parts in, inherited down the tree as in UIKit.
extension View {
    private static let tintKey = AssociatedKey<Color?>("tintColor", default: nil)

    /// The colour of a control's active parts (a switch's track, a slider's fill); nil inherits the
    /// superview's, and the window's default is `.tint`.
    ///
    ///     settingsView.tintColor = .systemGreen
    public var tintColor: Color! {
        get {
            var view: View? = self
            while let v = view {
                if let own = v.associatedValues[View.tintKey] { return own }
                view = v.superview
            }
            return .tint
        }
        set {
            associatedValues[View.tintKey] = newValue
            forEachDescendant { $0.setNeedsDisplay() }
        }
    }
}
