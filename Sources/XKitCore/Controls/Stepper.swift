/// A pair of − and + buttons that change a number by `stepValue`, like UIStepper.
///
/// Up/Right add a step, Down/Left take one away, Page Up/Down ten steps, Home/End go to the ends;
/// each change sends `.valueChanged`. With `wraps`, stepping past an end comes round to the other.
@MainActor
open class Stepper: Control, AccessibilityValueProviding {
    private var stepping = ValueStepping(minimum: 0, maximum: 100, step: 1)
    private var storedValue: Double = 0
    private var pressedSide: Int = 0

    /// The value (0 by default), clamped to the range; setting it sends no action.
    open var value: Double {
        get { storedValue }
        set {
            let v = stepping.normalized(newValue)
            guard v != storedValue else { return }
            storedValue = v
            setNeedsDisplay()
            window?.viewTreeDidChange()
        }
    }
    /// The smallest value (0 by default).
    open var minimumValue: Double {
        get { stepping.minimum }
        set { stepping = ValueStepping(minimum: newValue, maximum: stepping.maximum, step: stepping.step); value = storedValue }
    }
    /// The largest value (100 by default).
    open var maximumValue: Double {
        get { stepping.maximum }
        set { stepping = ValueStepping(minimum: stepping.minimum, maximum: newValue, step: stepping.step); value = storedValue }
    }
    /// How much one press changes the value (1 by default; a zero or NaN step is taken as 1).
    open var stepValue: Double {
        get { stepping.step }
        set {
            let step = newValue.isFinite && newValue != 0 ? abs(newValue) : 1
            stepping = ValueStepping(minimum: stepping.minimum, maximum: stepping.maximum, step: step)
        }
    }
    /// Whether stepping past an end wraps to the other end.
    open var wraps = false

    /// The stepper's size when created with a zero frame.
    public static let standardSize = Size(width: 84, height: 28)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame.size == .zero ? Rect(origin: frame.origin, size: Stepper.standardSize) : frame)
        cornerRadius = 6
    }

    /// Changes the value by `steps` steps as the user does.
    func step(by steps: Double) {
        var next = storedValue + steps * stepping.step
        if wraps {
            if next > stepping.maximum + 1e-9 { next = stepping.minimum } else if next < stepping.minimum - 1e-9 { next = stepping.maximum }
        }
        userSetValue(next)
    }

    private func userSetValue(_ newValue: Double) {
        let old = storedValue
        value = newValue
        if storedValue != old { sendActions(for: .valueChanged) }
    }

    /// Whether the − (-1) or + (+1) half can step now.
    func canStep(_ side: Int) -> Bool {
        guard isEnabled else { return false }
        if wraps { return true }
        return side < 0 ? storedValue > stepping.minimum : storedValue < stepping.maximum
    }

    open override func pointerDown(_ event: PointerEvent) -> Bool {
        guard super.pointerDown(event) else { return false }
        pressedSide = convert(event.location, from: nil).x < bounds.midX ? -1 : 1
        setNeedsDisplay()
        return true
    }

    open override func pointerUp(_ event: PointerEvent) {
        let side = pressedSide
        pressedSide = 0
        let inside = bounds.contains(convert(event.location, from: nil))
        super.pointerUp(event)
        if inside && side != 0 && canStep(side) { step(by: Double(side)) }
    }

    open override func pointerCancelled() {
        pressedSide = 0
        super.pointerCancelled()
    }

    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard isEnabled, event.modifiers.isDisjoint(with: [.control, .alt]) else { return super.keyDown(event) }
        switch event.key {
        case .up, .right: step(by: 1)
        case .down, .left: step(by: -1)
        case .pageUp: step(by: 10)
        case .pageDown: step(by: -10)
        case .home: userSetValue(stepping.minimum)
        case .end: userSetValue(stepping.maximum)
        default: return super.keyDown(event)
        }
        return true
    }

    open override func sizeThatFits(_ size: Size) -> Size { Stepper.standardSize }

    open override func draw(in context: GraphicsContext) {
        let half = bounds.width / 2
        let body = Rect(origin: .zero, size: bounds.size)
        context.fillRoundedRect(body, radius: cornerRadius, color: .secondarySystemFill)
        if isHighlighted && pressedSide != 0 {
            let pressed = Rect(x: pressedSide < 0 ? 0 : half, y: 0, width: half, height: bounds.height)
            context.withSavedState {
                context.clip(to: pressed)
                context.fillRoundedRect(body, radius: cornerRadius, color: .systemFill)
            }
        }
        context.fill(Rect(x: half - 0.5, y: 6, width: 1, height: max(0, bounds.height - 12)), color: .separator)
        let cy = bounds.height / 2
        for side in [-1, 1] {
            let cx = side < 0 ? half / 2 : half * 1.5
            let color: Color = canStep(side) ? .label : .tertiaryLabel
            context.fill(Rect(x: cx - 6, y: cy - 1, width: 12, height: 2), color: color)
            if side > 0 { context.fill(Rect(x: cx - 1, y: cy - 6, width: 2, height: 12), color: color) }
        }
    }

    open override var accessibilityRole: AccessibilityNode.Role { .spinButton }

    public var accessibilityValue: AccessibilityValue {
        AccessibilityValue(current: storedValue, minimum: stepping.minimum, maximum: stepping.maximum, increment: stepping.step)
    }

    public func setAccessibilityValue(_ value: Double) -> Bool {
        guard isEnabled, value.isFinite else { return false }
        userSetValue(value)
        return true
    }

    open override var traceType: String { "Stepper" }

    override package func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("value", .double(storedValue)), ("enabled", .bool(isEnabled))]
    }
}
