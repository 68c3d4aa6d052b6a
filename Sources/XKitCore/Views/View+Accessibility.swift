/// What assistive technologies see of a view: its label, hint, role and whether it is an element at all.
///
/// The defaults come from the view itself (a label's text, a button's title, a field's placeholder),
/// so most apps set nothing; these properties are for views whose text does not say what they do.
extension View {
    private static let labelKey = AssociatedKey<String?>("accessibilityLabel", default: nil)
    private static let hintKey = AssociatedKey<String?>("accessibilityHint", default: nil)
    private static let roleKey = AssociatedKey<AccessibilityNode.Role?>("accessibilityRole", default: nil)
    private static let elementKey = AssociatedKey<Bool>("isAccessibilityElement", default: true)

    /// The name a screen reader speaks for the view; defaults to `accessibilityName` (the view's text).
    ///
    /// Setting nil goes back to the default.
    ///
    ///     deleteButton.accessibilityLabel = "Delete message"
    public var accessibilityLabel: String? {
        get { associatedValues.contains(View.labelKey) ? associatedValues[View.labelKey] : accessibilityName }
        set {
            if let newValue { associatedValues[View.labelKey] = newValue } else { associatedValues.remove(View.labelKey) }
            window?.viewTreeDidChange()
        }
    }

    /// A longer description of what the view does (AT-SPI's description); nil by default.
    public var accessibilityHint: String? {
        get { associatedValues[View.hintKey] }
        set { associatedValues[View.hintKey] = newValue; window?.viewTreeDidChange() }
    }

    /// A role set by the app that replaces the class's `accessibilityRole`; nil keeps the class's.
    public var accessibilityRoleOverride: AccessibilityNode.Role? {
        get { associatedValues[View.roleKey] }
        set { associatedValues[View.roleKey] = newValue; window?.viewTreeDidChange() }
    }

    /// The role assistive technologies see: the app's override, else the class's `accessibilityRole`.
    public var effectiveAccessibilityRole: AccessibilityNode.Role { accessibilityRoleOverride ?? accessibilityRole }

    /// Whether the view is a node of the accessibility tree (default true).
    ///
    /// A view that is not (a layout container with no meaning of its own) is skipped, and its
    /// children become children of its nearest ancestor that is.
    public var isAccessibilityElement: Bool {
        get { associatedValues[View.elementKey] }
        set { associatedValues[View.elementKey] = newValue; window?.viewTreeDidChange() }
    }
}
