/// One button of an alert or action sheet, like UIAlertAction.
///
///     alert.addAction(AlertAction(title: "Delete", style: .destructive) { _ in tags.removeAll() })
@MainActor
public final class AlertAction {
    /// How an action looks and which key reaches it, like UIAlertAction.Style.
    public enum Style: String, Sendable {
        /// A plain action; the first one is what Return activates when no `preferredAction` is set.
        case `default`
        /// The action that changes nothing; Escape and the window manager's close button choose it.
        case cancel
        /// An action that destroys data, drawn in red.
        case destructive
    }

    /// The button's title.
    public let title: String?
    /// How the button looks and which key reaches it.
    public let style: Style
    /// Whether the button can be chosen; a disabled one is dimmed and skipped by Return and Escape.
    public var isEnabled = true {
        didSet { if isEnabled != oldValue { onEnabledChange?(self) } }
    }
    let handler: ((AlertAction) -> Void)?
    /// The alert's view, told when `isEnabled` changes so the button follows.
    var onEnabledChange: ((AlertAction) -> Void)?

    /// An action with a title, a style and a handler run after the alert is dismissed.
    public init(title: String?, style: Style, handler: ((AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
