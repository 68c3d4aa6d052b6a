/// A message with buttons that asks the user to decide, like UIAlertController; present it from a
/// view controller and it opens as a modal dialog window over that controller's window.
///
///     let alert = AlertController(title: "Delete all tags?", message: "This cannot be undone.",
///                                 preferredStyle: .alert)
///     alert.addAction(AlertAction(title: "Cancel", style: .cancel))
///     alert.addAction(AlertAction(title: "Delete", style: .destructive) { _ in tags.removeAll() })
///     controller.present(alert, animated: true)
///
/// Keyboard: focus starts on the default button (`preferredAction`, else the first `.default`
/// action, else the cancel action); Tab and Shift+Tab move between the buttons (and the copyable
/// labels) with a focus ring; Return and Space press the focused button, and Return in a text field
/// or on a label chooses the default action; Escape chooses the cancel action, and so does the
/// window manager's close button. An alert without a cancel action stays until an action is chosen
/// (as in UIKit); an action sheet without one closes on Escape with no action.
@MainActor
open class AlertController: ViewController, PresentationLifecycle {
    /// Whether the alert is a centred message with buttons or a list of choices, like UIAlertController.Style.
    public enum Style: String, Sendable {
        /// A list of actions, one per row, with the cancel action last.
        case actionSheet
        /// A title, a message, optional text fields and a row of buttons.
        case alert
    }

    /// The text under the title.
    open var message: String? { didSet { alertView?.rebuild() } }
    /// Whether the alert is a message with buttons or a list of choices.
    public let preferredStyle: Style
    /// The actions, in the order added.
    public private(set) var actions: [AlertAction] = []
    /// The text fields added with `addTextField`, in order; nil when there are none.
    public var textFields: [TextField]? { fields.isEmpty ? nil : fields }
    /// The action Return chooses and the button drawn as the default; it must be one of `actions`.
    open var preferredAction: AlertAction? {
        didSet {
            if let action = preferredAction, !actions.contains(where: { $0 === action }) {
                Trace.warn("AlertController.preferredAction \"\(action.title ?? "")\" is not one of the alert's actions; ignored")
                preferredAction = nil
            }
            alertView?.rebuild()
        }
    }

    private var fields: [TextField] = []
    /// The action chosen, once one was; the alert then ignores further choices.
    private(set) var chosenAction: AlertAction?
    private(set) var isFinished = false

    /// An alert or action sheet with a title and a message.
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.message = message
        self.preferredStyle = preferredStyle
        super.init()
        self.title = title
    }

    open override var title: String? { didSet { alertView?.rebuild() } }

    /// Adds a button; an alert has at most one `.cancel` action (a second is ignored with a warning).
    open func addAction(_ action: AlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            Trace.warn("AlertController \"\(title ?? "")\" already has a cancel action; \"\(action.title ?? "")\" ignored")
            return
        }
        guard !actions.contains(where: { $0 === action }) else { return }
        actions.append(action)
        alertView?.rebuild()
    }

    /// Adds a text field under the message, configured by the handler; only alerts have text fields.
    ///
    ///     alert.addTextField { field in field.placeholder = "Name" }
    open func addTextField(configurationHandler: ((TextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            Trace.warn("AlertController: text fields can only be added to the .alert style; ignored")
            return
        }
        let field = TextField()
        field.accessibilityIdentifier = "alert.field.\(fields.count)"
        field.onCommit = { [weak self] _ in self?.chooseDefaultAction() }
        configurationHandler?(field)
        fields.append(field)
        alertView?.rebuild()
    }

    // MARK: Which action a key reaches

    /// The cancel action, if the alert has one.
    var cancelAction: AlertAction? { actions.first { $0.style == .cancel } }

    /// What Return chooses: the preferred action, else the first enabled `.default` one.
    var defaultAction: AlertAction? {
        if let preferred = preferredAction, preferred.isEnabled { return preferred }
        return actions.first { $0.style == .default && $0.isEnabled }
    }

    /// The button that has focus when the alert opens: the default, else the safe (cancel) one.
    var initiallyFocusedAction: AlertAction? {
        defaultAction ?? cancelAction.flatMap { $0.isEnabled ? $0 : nil } ?? actions.first { $0.isEnabled }
    }

    /// Return with focus outside the buttons (a text field, a label).
    func chooseDefaultAction() {
        if let action = defaultAction { choose(action) }
    }

    /// Escape or the window manager's close button.
    func cancel() {
        if let action = cancelAction {
            if action.isEnabled { choose(action) }
        } else if preferredStyle == .actionSheet {
            finish(with: nil)
        }
    }

    /// A button was pressed: dismiss, then run the action's handler (as UIKit does).
    func choose(_ action: AlertAction) {
        guard !isFinished, action.isEnabled, actions.contains(where: { $0 === action }) else { return }
        chosenAction = action
        finish(with: action)
    }

    private func finish(with action: AlertAction?) {
        guard !isFinished else { return }
        isFinished = true
        dismiss(animated: true) { if let action { action.handler?(action) } }
    }

    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isDisjoint(with: [.control, .alt]) else { return super.keyDown(event) }
        switch event.key {
        case .escape:
            cancel()
            return true
        case .enter:
            if !event.isRepeat { chooseDefaultAction() }
            return true
        default:
            return super.keyDown(event)
        }
    }

    // MARK: View

    private var alertView: AlertView? { viewIfLoaded as? AlertView }

    open override func loadView() {
        view = AlertView(controller: self)
    }

    open override var preferredContentSize: Size {
        (view as? AlertView)?.preferredSize ?? super.preferredContentSize
    }

    // MARK: Presentation

    func presentationDidShow() {
        isFinished = false
        chosenAction = nil
        alertView?.focusInitialButton()
        Trace.emit("alert.shown", [
            ("title", title.map { .string($0) } ?? .null), ("message", message.map { .string($0) } ?? .null),
            ("style", .string(preferredStyle.rawValue)),
            ("actions", .array(actions.map { .string($0.title ?? "") })),
            ("preferred", defaultAction?.title.map { .string($0) } ?? .null),
            ("xid", .int(Int(viewIfLoaded?.window?.surface.nativeIdentifier ?? 0))),
        ])
    }

    func presentationDidEnd() {
        // Dismissed from outside (dismiss(animated:), the parent closing) counts as no choice.
        isFinished = true
        Trace.emit("alert.dismissed", [
            ("title", title.map { .string($0) } ?? .null),
            ("action", chosenAction.map { .string($0.title ?? "") } ?? .null),
            ("actionStyle", chosenAction.map { .string($0.style.rawValue) } ?? .null),
        ])
    }

    func presentationCloseRequested() { cancel() }
}
