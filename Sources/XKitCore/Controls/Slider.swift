/// A horizontal slider, like UISlider, continuous or stepped (`stepValue`).
///
/// Dragging the knob or clicking the track moves it; the arrow keys move a step (1% when continuous),
/// Page Up/Down a tenth of the range, Home/End to the ends. Each change sends `.valueChanged`
/// (while dragging too, unless `isContinuous` is false; then once on release). In a right-to-left
/// interface the minimum is on the right and Left moves the knob up a step, as GTK's scales do.
///
///     let size = Slider(minimumValue: 10, maximumValue: 24, value: 13)
///     size.stepValue = 1
///     size.addAction(for: .valueChanged) { slider in label.font = .system(size: slider.value) }
@MainActor
open class Slider: Control, AccessibilityValueProviding {
    private var stepping = ValueStepping(minimum: 0, maximum: 1, step: 0)
    private var storedValue: Double = 0
    private var valueAtPress: Double?
    private var dragOffset: Double = 0

    /// The current value, clamped to the range and snapped to the step; setting it sends no action.
    open var value: Double {
        get { storedValue }
        set {
            if !newValue.isFinite { Trace.warnOnce("slider.value", "a slider's value was set to \(newValue); it is clamped to the range") }
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
    /// The largest value (1 by default).
    open var maximumValue: Double {
        get { stepping.maximum }
        set { stepping = ValueStepping(minimum: stepping.minimum, maximum: newValue, step: stepping.step); value = storedValue }
    }
    /// The step values snap to; 0 (the default) is continuous.
    open var stepValue: Double {
        get { stepping.step }
        set { stepping = ValueStepping(minimum: stepping.minimum, maximum: stepping.maximum, step: newValue); value = storedValue }
    }
    /// Whether a drag sends `.valueChanged` as it goes (true) or once when released.
    open var isContinuous = true
    /// The colour of the track left of the knob; nil uses the tint.
    open var minimumTrackTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The colour of the track right of the knob.
    open var maximumTrackTintColor: Color? { didSet { setNeedsDisplay() } }

    static let knobDiameter = 20.0
    static let trackHeight = 4.0

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// A slider over a range, starting at `value`.
    public convenience init(minimumValue: Double = 0, maximumValue: Double = 1, value: Double = 0) {
        self.init()
        stepping = ValueStepping(minimum: minimumValue, maximum: maximumValue, step: 0)
        storedValue = stepping.normalized(value)
        frame.size = sizeThatFits(Size(width: .infinity, height: .infinity))
    }

    /// Sets the value; `animated` is accepted for UIKit's shape.
    open func setValue(_ value: Float, animated: Bool) { self.value = Double(value) }

    /// The knob's frame for the current value, in bounds coordinates (the minimum at the leading end).
    public var knobRect: Rect {
        let d = Slider.knobDiameter
        let usable = max(0, bounds.width - d)
        return flippedForLayoutDirection(Rect(x: usable * stepping.fraction(of: storedValue), y: (bounds.height - d) / 2,
                                              width: d, height: d))
    }

    /// The value a pointer at `x` (bounds coordinates, the knob's centre) stands for.
    func value(atX x: Double) -> Double {
        let d = Slider.knobDiameter
        let usable = bounds.width - d
        guard usable > 0 else { return stepping.minimum }
        let fromLeading = laysOutRightToLeft ? bounds.width - x : x
        return stepping.value(atFraction: (fromLeading - d / 2) / usable)
    }

    /// Changes the value as the user does, sending `.valueChanged` if it moved.
    func userSetValue(_ newValue: Double, send: Bool = true) {
        let old = storedValue
        value = newValue
        if send && storedValue != old { sendActions(for: .valueChanged) }
    }

    open override func pointerDown(_ event: PointerEvent) -> Bool {
        guard super.pointerDown(event) else { return false }
        let local = convert(event.location, from: nil)
        valueAtPress = storedValue
        let knob = knobRect
        // Grabbing the knob keeps the grab point under the pointer; a click on the track jumps there.
        dragOffset = knob.insetBy(dx: -2, dy: -4).contains(local) ? local.x - knob.midX : 0
        userSetValue(value(atX: local.x - dragOffset), send: isContinuous)
        return true
    }

    open override func pointerDragged(_ event: PointerEvent) {
        super.pointerDragged(event)
        guard valueAtPress != nil else { return }
        let local = convert(event.location, from: nil)
        userSetValue(value(atX: local.x - dragOffset), send: isContinuous)
    }

    open override func pointerUp(_ event: PointerEvent) {
        let start = valueAtPress
        valueAtPress = nil
        super.pointerUp(event)
        if !isContinuous, let start, start != storedValue { sendActions(for: .valueChanged) }
    }

    open override func pointerCancelled() {
        valueAtPress = nil
        super.pointerCancelled()
    }

    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard isEnabled, event.modifiers.isDisjoint(with: [.control, .alt]),
              let next = stepping.value(after: event.key, from: storedValue, isRightToLeft: laysOutRightToLeft) else {
            return super.keyDown(event)
        }
        userSetValue(next)
        return true
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width.isFinite ? size.width : 160, height: Slider.knobDiameter + 8)
    }

    open override func draw(in context: GraphicsContext) {
        let knob = knobRect
        let h = Slider.trackHeight
        let y = (bounds.height - h) / 2
        let inset = Slider.knobDiameter / 2
        let track = Rect(x: inset, y: y, width: max(0, bounds.width - 2 * inset), height: h)
        let dim = isEnabled ? 1.0 : 0.5
        let maxColor = maximumTrackTintColor ?? .systemFill
        context.fillRoundedRect(track, radius: h / 2, color: maxColor.withAlpha(maxColor.alpha * dim))
        // The minimum track runs from the leading end to the knob.
        let filled = laysOutRightToLeft ? Rect(x: knob.midX, y: y, width: max(0, track.maxX - knob.midX), height: h)
                                        : Rect(x: track.x, y: y, width: max(0, knob.midX - track.x), height: h)
        let minColor = minimumTrackTintColor ?? tintColor ?? .tint
        context.fillRoundedRect(filled, radius: h / 2, color: minColor.withAlpha(minColor.alpha * dim))
        if stepping.step > 0, track.width > 0 {
            let ticks = Int(((stepping.maximum - stepping.minimum) / stepping.step).rounded())
            if ticks > 0 && ticks <= 50 {
                for i in 0...ticks {
                    let x = track.x + track.width * Double(i) / Double(ticks)
                    context.fill(Rect(x: x - 0.5, y: y + h + 3, width: 1, height: 3), color: .separator)
                }
            }
        }
        context.fillRoundedRect(knob.offsetBy(dx: 0, dy: 0.5), radius: knob.width / 2, color: Color.black.withAlpha(0.2))
        let knobColor: Color = isHighlighted ? Color.controlKnob.blended(with: .black, fraction: 0.06) : .controlKnob
        context.fillRoundedRect(knob.insetBy(dx: 0.5, dy: 0.5), radius: knob.width / 2 - 0.5, color: knobColor)
    }

    open override var accessibilityRole: AccessibilityNode.Role { .slider }

    public var accessibilityValue: AccessibilityValue {
        AccessibilityValue(current: storedValue, minimum: stepping.minimum, maximum: stepping.maximum, increment: stepping.step)
    }

    public func setAccessibilityValue(_ value: Double) -> Bool {
        guard isEnabled, value.isFinite else { return false }
        userSetValue(value)
        return true
    }

    open override var traceType: String { "Slider" }

    override package func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("value", .double(storedValue)), ("minimum", .double(stepping.minimum)),
                               ("maximum", .double(stepping.maximum)), ("enabled", .bool(isEnabled))]
    }
}
