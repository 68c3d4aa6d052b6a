/// A box with a title that is checked or not, as desktop toolkits have (UIKit has none).
///
/// A click on the box or its title, Space or Return flips it and sends `.valueChanged`.
///
///     let remember = CheckBox(title: "Remember me")
///     remember.addAction(for: .valueChanged) { box in prefs.remember = box.isOn }
@MainActor
open class CheckBox: Control, AccessibilityValueProviding {
    /// Whether the box is checked; setting it sends no action.
    open var isOn = false {
        didSet { if isOn != oldValue { setNeedsDisplay(); window?.viewTreeDidChange() } }
    }
    /// The label beside the box; it belongs to the control, so a click on it toggles the box.
    public let titleLabel = Label()

    static let boxSide = 16.0
    static let gap = 8.0

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = 4
        addOwnedSubview(titleLabel)
        addAnyAction(for: .primaryActionTriggered) { control in
            guard let box = control as? CheckBox, box.isEnabled else { return true }
            box.isOn.toggle()
            box.sendActions(for: .valueChanged)
            return true
        }
    }

    /// A check box with a title.
    public convenience init(title: String, isOn: Bool = false) {
        self.init()
        self.title = title
        self.isOn = isOn
        sizeToFit()
    }

    /// The title.
    open var title: String? {
        get { titleLabel.text }
        set { titleLabel.text = newValue; setNeedsLayout(); window?.viewTreeDidChange() }
    }

    open override func stateDidChange() {
        titleLabel.textColor = isEnabled ? .label : .tertiaryLabel
        super.stateDidChange()
    }

    open override func layoutSubviews() {
        let x = CheckBox.boxSide + CheckBox.gap
        titleLabel.frame = Rect(x: x, y: 0, width: max(0, bounds.width - x), height: bounds.height)
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let text = titleLabel.sizeThatFits(Size(width: .infinity, height: .infinity))
        return Size(width: (CheckBox.boxSide + CheckBox.gap + text.width).rounded(.up),
                    height: max(CheckBox.boxSide + 4, text.height.rounded(.up)))
    }

    /// The box's frame in bounds coordinates.
    public var boxRect: Rect {
        Rect(x: 0, y: ((bounds.height - CheckBox.boxSide) / 2).rounded(), width: CheckBox.boxSide, height: CheckBox.boxSide)
    }

    open override func draw(in context: GraphicsContext) {
        let box = boxRect
        let tint = tintColor ?? .tint
        if isOn {
            context.fillRoundedRect(box, radius: 3, color: isEnabled ? tint : tint.withAlpha(0.45))
            // The tick as two strokes (polygons, so every backend draws it the same).
            let s = box.width
            let p = { (x: Double, y: Double) in Point(x: box.x + x * s, y: box.y + y * s) }
            context.fillPolygon([p(0.2, 0.52), p(0.3, 0.42), p(0.45, 0.58), p(0.42, 0.72)], color: .white)
            context.fillPolygon([p(0.42, 0.72), p(0.36, 0.62), p(0.72, 0.26), p(0.82, 0.36)], color: .white)
        } else {
            context.fillRoundedRect(box, radius: 3, color: .controlBackground)
            context.strokeRoundedRect(box, radius: 3, color: isHighlighted ? tint : .separatorStrong, lineWidth: 1.5)
        }
    }

    /// The focus ring goes round the box and the title.
    open override var accessibilityRole: AccessibilityNode.Role { .checkBox }
    open override var accessibilityName: String? { titleLabel.text }

    public var accessibilityValue: AccessibilityValue {
        AccessibilityValue(current: isOn ? 1 : 0, minimum: 0, maximum: 1, increment: 1, text: isOn ? "checked" : "not checked")
    }

    public var accessibilityValueStates: AccessibilityNode.States { isOn ? .checked : [] }

    public func setAccessibilityValue(_ value: Double) -> Bool {
        guard isEnabled, value.isFinite else { return false }
        if (value >= 0.5) != isOn { sendActions(for: .primaryActionTriggered) }
        return true
    }

    open override var traceType: String { "CheckBox" }

    override package func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("text", titleLabel.text.map { JSON.string($0) } ?? .null), ("on", .bool(isOn)),
                               ("enabled", .bool(isEnabled))]
    }
}
