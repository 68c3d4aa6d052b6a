extension Window {
    /// What assistive technologies call a dialog window: `alert` for an `AlertController`, `dialog`
    /// for any other presented controller; nil for other kinds of window.
    package var dialogAccessibilityRole: AccessibilityNode.Role? {
        guard kind.role == .dialog else { return nil }
        return rootViewController is AlertController ? .alert : .dialog
    }
}
