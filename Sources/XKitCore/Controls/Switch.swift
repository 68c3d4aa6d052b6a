/// An on/off toggle, like UISwitch: a click, Space or Return flips it and sends `.valueChanged`.
/// Its knob is at the trailing end when on: the left in a right-to-left interface.
///
///     let darkMode = Switch()
///     darkMode.addAction(for: .valueChanged) { toggle in settings.dark = toggle.isOn }
@MainActor
open class Switch: Control, AccessibilityValueProviding {
    /// Whether the switch is on; setting it sends no action (as UIKit).
    open var isOn = false {
        didSet {
            guard isOn != oldValue else { return }
            window?.application.frameClock.stop(Switch.knobMotion, on: self)
            knobPosition = isOn ? 1 : 0
            window?.viewTreeDidChange()
            setNeedsDisplay()
        }
    }
    /// The track's colour when on; nil uses the tint.
    open var onTintColor: Color? { didSet { setNeedsDisplay() } }
    /// Where the knob is drawn, 0 (off) to 1 (on); animations move it between the two.
    open var knobPosition: Double = 0 {
        didSet { knobPosition = knobPosition.isFinite ? min(1, max(0, knobPosition)) : (isOn ? 1 : 0); setNeedsDisplay() }
    }

    /// The size of every switch (as UISwitch's is fixed).
    public static let standardSize = Size(width: 44, height: 24)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame.size == .zero ? Rect(origin: frame.origin, size: Switch.standardSize) : frame)
        cornerRadius = Switch.standardSize.height / 2
        addAnyAction(for: .primaryActionTriggered) { control in
            (control as? Switch)?.toggleByUser()
            return true
        }
    }

    /// Sets the state, sliding the knob when `animated` (and motion is allowed).
    open func setOn(_ on: Bool, animated: Bool) {
        guard on != isOn else { return }
        let from = knobPosition
        isOn = on
        guard animated, let clock = window?.application.frameClock, clock.areAnimationsEnabled else { return }
        clock.animate(Switch.knobMotion, on: self, from: from, to: knobPosition, duration: Switch.knobDuration,
                      apply: { [weak self] position in self?.knobPosition = position })
    }

    /// The knob's slide, in seconds.
    static let knobDuration = 0.15
    static let knobMotion = "switch.knob"

    /// A user's toggle: flips the state, slides the knob and sends `.valueChanged`.
    func toggleByUser() {
        guard isEnabled else { return }
        setOn(!isOn, animated: true)
        sendActions(for: .valueChanged)
    }

    open override func sizeThatFits(_ size: Size) -> Size { Switch.standardSize }

    open override func draw(in context: GraphicsContext) {
        let track = Rect(origin: .zero, size: bounds.size)
        let offColor = Color.systemFill
        let onColor = onTintColor ?? tintColor ?? .tint
        var fill = offColor.blended(with: onColor, fraction: knobPosition)
        if !isEnabled { fill = fill.withAlpha(fill.alpha * 0.5) }
        if isHighlighted { fill = fill.blended(with: .black, fraction: 0.1) }
        context.fillRoundedRect(track, radius: track.height / 2, color: fill)
        let inset = 2.0
        let knobSide = track.height - 2 * inset
        let x = inset + (track.width - knobSide - 2 * inset) * knobPosition
        // On is at the trailing end: the right, or the left in a right-to-left interface.
        let knob = flippedForLayoutDirection(Rect(x: x, y: inset, width: knobSide, height: knobSide))
        context.fillRoundedRect(knob.offsetBy(dx: 0, dy: 0.5), radius: knobSide / 2, color: Color.black.withAlpha(0.18))
        context.fillRoundedRect(knob, radius: knobSide / 2, color: isEnabled ? .white : Color(white: 0.92))
    }

    open override var accessibilityRole: AccessibilityNode.Role { .toggleButton }

    public var accessibilityValue: AccessibilityValue {
        AccessibilityValue(current: isOn ? 1 : 0, minimum: 0, maximum: 1, increment: 1, text: isOn ? "on" : "off")
    }

    public var accessibilityValueStates: AccessibilityNode.States { isOn ? .checked : [] }

    public func setAccessibilityValue(_ value: Double) -> Bool {
        guard isEnabled, value.isFinite else { return false }
        if (value >= 0.5) != isOn { toggleByUser() }
        return true
    }

    open override var traceType: String { "Switch" }

    override package func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("on", .bool(isOn)), ("enabled", .bool(isEnabled))]
    }
}
