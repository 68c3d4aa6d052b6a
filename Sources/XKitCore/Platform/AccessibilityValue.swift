/// A number a control shows (a slider's position, a switch's state) with its range, as AT-SPI's Value interface reads it.
public struct AccessibilityValue: Sendable, Equatable {
    /// The current value.
    public var current: Double
    /// The smallest value.
    public var minimum: Double
    /// The largest value.
    public var maximum: Double
    /// The smallest change the control makes (0: continuous).
    public var increment: Double
    /// The value as a screen reader speaks it ("50%", "on").
    public var text: String

    /// A value in `minimum...maximum`, moved by `increment` (0 for continuous), with an optional spoken text.
    public init(current: Double, minimum: Double, maximum: Double, increment: Double = 0, text: String? = nil) {
        self.current = current; self.minimum = minimum; self.maximum = maximum; self.increment = increment
        self.text = text ?? AccessibilityValue.format(current)
    }

    /// A number without a trailing ".0".
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// A view whose value assistive technologies read and may set (sliders, steppers, progress, switches).
@MainActor
public protocol AccessibilityValueProviding: View {
    /// The value and its range.
    var accessibilityValue: AccessibilityValue { get }
    /// States that follow from the value (checked, indeterminate).
    var accessibilityValueStates: AccessibilityNode.States { get }
    /// Sets the value as the user would (clamped and stepped, sending `.valueChanged`); false when it is read-only.
    func setAccessibilityValue(_ value: Double) -> Bool
}

extension AccessibilityValueProviding {
    public var accessibilityValueStates: AccessibilityNode.States { [] }
}
