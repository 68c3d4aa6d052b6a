/// A column of radio buttons of which one is chosen, as desktop toolkits have.
///
/// A click chooses an option; with focus, the arrows move the choice (wrapping, skipping disabled
/// options) and Home/End go to the ends. A change sends `.valueChanged`. Assistive technologies see
/// one radio button per option, the chosen one checked.
///
///     let size = RadioGroup(options: ["Small", "Medium", "Large"])
///     size.selectedIndex = 1
@MainActor
open class RadioGroup: Control, AccessibilityElementProviding {
    private var labels: [Label] = []
    private var disabled: Set<Int> = []
    private var press = ChoicePress()

    /// The options' titles.
    open var options: [String] {
        didSet {
            while labels.count > options.count { labels.removeLast().removeFromSuperview() }
            while labels.count < options.count {
                let label = Label()
                addOwnedSubview(label)
                labels.append(label)
            }
            if selectedIndex >= options.count { selectedIndex = -1 }
            updateLabels()
            setNeedsLayout()
            window?.viewTreeDidChange()
        }
    }

    /// The chosen option, or -1; setting it sends no action.
    open var selectedIndex: Int = -1 {
        didSet {
            if selectedIndex != -1 && !options.indices.contains(selectedIndex) {
                Trace.warnOnce("radio.index", "option \(selectedIndex) does not exist; nothing is chosen")
                selectedIndex = -1
            }
            if selectedIndex != oldValue { setNeedsDisplay(); window?.viewTreeDidChange() }
        }
    }

    /// The height of one option's row.
    public var rowHeight: Double = 24 { didSet { setNeedsLayout() } }

    static let circle = 16.0

    public override init(frame: Rect = .zero) {
        options = []
        super.init(frame: frame)
    }

    /// A group with one radio button per title.
    public convenience init(options: [String]) {
        self.init()
        self.options = options
        sizeToFit()
    }

    /// Enables or disables one option.
    open func setEnabled(_ enabled: Bool, forOptionAt index: Int) {
        guard options.indices.contains(index) else { return }
        if enabled { disabled.remove(index) } else { disabled.insert(index) }
        updateLabels()
        setNeedsDisplay()
    }

    /// Whether an option can be chosen.
    open func isEnabledForOption(at index: Int) -> Bool { options.indices.contains(index) && !disabled.contains(index) }

    /// An option's row in bounds coordinates.
    public func rowFrame(at index: Int) -> Rect {
        Rect(x: 0, y: rowHeight * Double(index), width: bounds.width, height: rowHeight)
    }

    private func row(at point: Point) -> Int? {
        guard point.y >= 0 else { return nil }
        let i = Int(point.y / rowHeight)
        return options.indices.contains(i) ? i : nil
    }

    private func choose(byUser index: Int) {
        guard isEnabled, index != selectedIndex, isEnabledForOption(at: index) else { return }
        selectedIndex = index
        sendActions(for: .valueChanged)
    }

    private func updateLabels() {
        for (i, label) in labels.enumerated() {
            label.text = options[i]
            label.textColor = isEnabled && !disabled.contains(i) ? .label : .tertiaryLabel
        }
    }

    open override func stateDidChange() {
        updateLabels()
        super.stateDidChange()
    }

    open override func layoutSubviews() {
        let x = RadioGroup.circle + 8
        for (i, label) in labels.enumerated() {
            label.frame = Rect(x: x, y: rowHeight * Double(i), width: max(0, bounds.width - x), height: rowHeight)
        }
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let widest = labels.map { $0.sizeThatFits(Size(width: .infinity, height: .infinity)).width }.max() ?? 0
        return Size(width: (RadioGroup.circle + 8 + widest).rounded(.up), height: rowHeight * Double(options.count))
    }

    open override func pointerDown(_ event: PointerEvent) -> Bool {
        guard super.pointerDown(event) else { return false }
        press.begin(at: row(at: convert(event.location, from: nil)))
        setNeedsDisplay()
        return true
    }

    open override func pointerUp(_ event: PointerEvent) {
        let chosen = press.end(at: row(at: convert(event.location, from: nil)))
        super.pointerUp(event)
        if let chosen { choose(byUser: chosen) }
        setNeedsDisplay()
    }

    open override func pointerCancelled() {
        press.cancel()
        super.pointerCancelled()
    }

    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard isEnabled, event.modifiers.isDisjoint(with: [.control, .alt]) else { return super.keyDown(event) }
        let nav = ChoiceNavigation(count: options.count) { [disabled] in !disabled.contains($0) }
        if let next = nav.index(after: event.key, from: selectedIndex) {
            choose(byUser: next)
            return true
        }
        if event.key == .space, selectedIndex < 0, let first = nav.index(after: .home, from: -1) {
            choose(byUser: first)
            return true
        }
        return super.keyDown(event)
    }

    open override func draw(in context: GraphicsContext) {
        let tint = tintColor ?? .tint
        let d = RadioGroup.circle
        for i in options.indices {
            let row = rowFrame(at: i)
            let circle = Rect(x: 0, y: row.y + ((row.height - d) / 2).rounded(), width: d, height: d)
            let enabled = isEnabled && !disabled.contains(i)
            if i == selectedIndex {
                context.fillRoundedRect(circle, radius: d / 2, color: enabled ? tint : tint.withAlpha(0.45))
                context.fillRoundedRect(circle.insetBy(dx: 5, dy: 5), radius: d / 2 - 5, color: .white)
            } else {
                context.fillRoundedRect(circle, radius: d / 2, color: .controlBackground)
                let edge: Color = press.index == i && isHighlighted ? tint : .separatorStrong
                context.strokeRoundedRect(circle, radius: d / 2, color: enabled ? edge : edge.withAlpha(0.5), lineWidth: 1.5)
            }
        }
    }

    // MARK: Accessibility

    open override var accessibilityRole: AccessibilityNode.Role { .panel }

    public var accessibilityElements: [AccessibilityElement] {
        options.indices.map { AccessibilityElement(role: .radioButton, name: options[$0], frame: rowFrame(at: $0), actionName: "click") }
    }

    public func performAccessibilityAction(ofElementAt index: Int) -> Bool {
        guard isEnabledForOption(at: index), isEnabled else { return false }
        choose(byUser: index)
        return true
    }

    open override var traceType: String { "RadioGroup" }

    override package func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("selectedIndex", .int(selectedIndex)), ("options", .array(options.map { .string($0) })),
                               ("enabled", .bool(isEnabled))]
    }
}
