/// The view of an `AlertController`: title, message, text fields and one button per action.
///
/// An alert lays its buttons out in one row of equal widths (the cancel action first when there
/// are two, as UIKit and GNOME do) when they fit, else one per row with the cancel action last; an
/// action sheet always lists them one per row, the cancel action last and set apart.
@MainActor
final class AlertView: View {
    unowned let controller: AlertController
    let titleLabel = Label()
    let messageLabel = Label()
    private(set) var buttons: [AlertButton] = []

    static let padding = 20.0
    static let buttonHeight = 30.0
    static let buttonSpacing = 8.0
    static let fieldHeight = 28.0
    static let alertWidth = 360.0
    static let maximumWidth = 480.0
    static let sheetWidth = 320.0

    init(controller: AlertController) {
        self.controller = controller
        super.init(frame: .zero)
        backgroundColor = .windowBackground
        // Without a window manager's frame, the edge still shows where the alert ends over its parent.
        borderColor = .separatorStrong
        borderWidth = 1
        accessibilityIdentifier = "alert"
        titleLabel.font = .system(size: 15, weight: .semibold)
        titleLabel.accessibilityIdentifier = "alert.title"
        messageLabel.font = .system(size: 13)
        messageLabel.textColor = .secondaryLabel
        messageLabel.accessibilityIdentifier = "alert.message"
        for label in [titleLabel, messageLabel] {
            label.numberOfLines = 0
            label.textAlignment = .center
            label.isCopyable = true
            addSubview(label)
        }
        rebuild()
        frame.size = preferredSize
    }

    /// Puts the controller's title, message, fields and actions in place again.
    func rebuild() {
        titleLabel.text = controller.title
        titleLabel.isHidden = (controller.title ?? "").isEmpty
        messageLabel.text = controller.message
        messageLabel.isHidden = (controller.message ?? "").isEmpty
        for field in controller.textFields ?? [] where field.superview !== self { addSubview(field) }
        let actions = controller.actions
        if buttons.map(\.action).elementsEqual(actions, by: ===) {
            buttons.forEach { $0.updateStyle() }
        } else {
            buttons.forEach { $0.removeFromSuperview() }
            buttons = orderedActions(actions).map { action in
                let button = AlertButton(action: action, alert: controller)
                action.onEnabledChange = { [weak button] _ in button?.updateStyle() }
                return button
            }
            buttons.forEach { addSubview($0) }
        }
        setNeedsLayout()
        window?.viewTreeDidChange()
    }

    /// The actions in button order: two in a row put the cancel one first; one per row, last.
    private func orderedActions(_ actions: [AlertAction]) -> [AlertAction] {
        guard let cancel = actions.first(where: { $0.style == .cancel }) else { return actions }
        let others = actions.filter { $0 !== cancel }
        return usesRow(for: actions) && actions.count == 2 ? [cancel] + others : others + [cancel]
    }

    /// Whether the buttons go in one row: an alert's two or three buttons whose titles fit.
    private func usesRow(for actions: [AlertAction]) -> Bool {
        guard controller.preferredStyle == .alert, (1...3).contains(actions.count) else { return false }
        return rowWidth(for: actions) <= AlertView.maximumWidth - 2 * AlertView.padding
    }

    /// The row's width with every button as wide as the widest title needs.
    private func rowWidth(for actions: [AlertAction]) -> Double {
        let widest = actions.map { Self.buttonWidth(title: $0.title, measurer: textMeasurer) }.max() ?? 0
        return widest * Double(actions.count) + AlertView.buttonSpacing * Double(max(0, actions.count - 1))
    }

    private static func buttonWidth(title: String?, measurer: TextMeasurer) -> Double {
        let probe = Button()
        probe.titleLabel.font = AlertButton.titleFont
        probe.title = title ?? ""
        return max(80, probe.sizeThatFits(Size(width: .infinity, height: .infinity)).width + 8)
    }

    private var isRow: Bool { usesRow(for: controller.actions) }

    /// The window size the alert asks for.
    var preferredSize: Size {
        let width = preferredWidth
        return Size(width: width, height: layoutFrames(width: width).height)
    }

    private var preferredWidth: Double {
        if controller.preferredStyle == .actionSheet { return AlertView.sheetWidth }
        let row = isRow ? rowWidth(for: controller.actions) + 2 * AlertView.padding : 0
        return min(AlertView.maximumWidth, max(AlertView.alertWidth, row.rounded(.up)))
    }

    private struct Frames {
        var title: Rect?, message: Rect?
        var fields: [Rect] = []
        var buttons: [Rect] = []
        var height = 0.0
    }

    private func layoutFrames(width: Double) -> Frames {
        let pad = AlertView.padding
        let inner = max(1, width - 2 * pad)
        var frames = Frames()
        var y = pad
        func place(_ label: Label) -> Rect? {
            guard !label.isHidden else { return nil }
            let height = label.sizeThatFits(Size(width: inner, height: .infinity)).height.rounded(.up)
            let rect = Rect(x: pad, y: y, width: inner, height: height)
            y += height + 6
            return rect
        }
        frames.title = place(titleLabel)
        frames.message = place(messageLabel)
        if frames.title != nil || frames.message != nil { y += 8 }
        for _ in controller.textFields ?? [] {
            frames.fields.append(Rect(x: pad, y: y, width: inner, height: AlertView.fieldHeight))
            y += AlertView.fieldHeight + AlertView.buttonSpacing
        }
        if !frames.fields.isEmpty { y += 6 }
        let count = buttons.count
        if isRow, count > 0 {
            let w = ((inner - AlertView.buttonSpacing * Double(count - 1)) / Double(count)).rounded(.down)
            // Right-aligned: the last button's edge meets the padding exactly.
            var x = width - pad - w * Double(count) - AlertView.buttonSpacing * Double(count - 1)
            for _ in buttons {
                frames.buttons.append(Rect(x: x, y: y, width: w, height: AlertView.buttonHeight))
                x += w + AlertView.buttonSpacing
            }
            y += AlertView.buttonHeight
        } else {
            for button in buttons {
                if button.action.style == .cancel, count > 1, controller.preferredStyle == .actionSheet { y += 6 }
                frames.buttons.append(Rect(x: pad, y: y, width: inner, height: AlertView.buttonHeight))
                y += AlertView.buttonHeight + AlertView.buttonSpacing
            }
            if count > 0 { y -= AlertView.buttonSpacing }
        }
        frames.height = (y + pad).rounded(.up)
        return frames
    }

    override func layoutSubviews() {
        let frames = layoutFrames(width: bounds.width)
        if let rect = frames.title { titleLabel.frame = rect }
        if let rect = frames.message { messageLabel.frame = rect }
        for (field, rect) in zip(controller.textFields ?? [], frames.fields) { field.frame = rect }
        for (button, rect) in zip(buttons, frames.buttons) { button.frame = flippedForLayoutDirection(rect) }
    }

    override func sizeThatFits(_ size: Size) -> Size { preferredSize }

    /// Gives focus to the default button (or the first text field, where the user types).
    func focusInitialButton() {
        guard let router = window?.eventRouter else { return }
        if let field = controller.textFields?.first {
            router.makeFirstResponder(field)
        } else if let action = controller.initiallyFocusedAction, let button = buttons.first(where: { $0.action === action }) {
            router.makeFirstResponder(button)
        }
    }

    override var accessibilityRole: AccessibilityNode.Role { .panel }
    override var traceType: String { "Alert" }

    package override func traceFields() -> [(String, JSON)] {
        var fields = super.traceFields()
        fields.append(("style", .string(controller.preferredStyle.rawValue)))
        return fields
    }
}

/// One action's button in an alert: the default action filled with the tint, a destructive one red,
/// the others plain.
@MainActor
final class AlertButton: Button {
    let action: AlertAction
    unowned let alert: AlertController
    static let titleFont = Font.system(size: 13, weight: .medium)

    init(action: AlertAction, alert: AlertController) {
        self.action = action
        self.alert = alert
        super.init(frame: .zero)
        titleLabel.font = AlertButton.titleFont
        title = action.title ?? ""
        accessibilityIdentifier = "alert.action." + (action.title ?? "")
        addAction { [unowned alert] button in alert.choose(button.action) }
        updateStyle()
    }

    /// Follows the action's style, whether it is the default, and whether it is enabled.
    func updateStyle() {
        isEnabled = action.isEnabled
        let isDefault = alert.defaultAction === action
        let fill: Color
        let text: Color
        switch action.style {
        case .destructive: (fill, text) = (.systemRed, .white)
        case .default where isDefault: (fill, text) = (.accent, .white)
        case .default, .cancel: (fill, text) = (.systemFill, .label)
        }
        setBackgroundColor(fill, for: .normal)
        setBackgroundColor(fill.blended(with: .black, fraction: 0.2), for: .highlighted)
        setTitleColor(text, for: .normal)
        setTitleColor(text.withAlpha(0.5), for: .disabled)
    }

    override var traceType: String { "AlertButton" }

    package override func traceFields() -> [(String, JSON)] {
        var fields = super.traceFields()
        fields.append(("actionStyle", .string(action.style.rawValue)))
        fields.append(("isDefault", .bool(alert.defaultAction === action)))
        return fields
    }
}
