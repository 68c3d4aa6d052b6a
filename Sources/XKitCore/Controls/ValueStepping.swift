/// The arithmetic shared by value controls: a range, an optional step, clamping and snapping.
///
/// Bad input never traps: NaN becomes the minimum, an inverted range is swapped, a negative step counts as its size.
struct ValueStepping: Equatable {
    var minimum: Double
    var maximum: Double
    /// 0 means continuous.
    var step: Double

    init(minimum: Double, maximum: Double, step: Double) {
        let lo = minimum.isFinite ? minimum : 0
        let hi = maximum.isFinite ? maximum : 1
        self.minimum = Swift.min(lo, hi)
        self.maximum = Swift.max(lo, hi)
        self.step = step.isFinite ? abs(step) : 0
    }

    /// `value` clamped to the range and snapped to the nearest step from the minimum.
    func normalized(_ value: Double) -> Double {
        guard value.isFinite else { return value == .infinity ? maximum : minimum }
        var v = Swift.min(maximum, Swift.max(minimum, value))
        if step > 0 {
            v = minimum + ((v - minimum) / step).rounded() * step
            v = Swift.min(maximum, v)
        }
        return v
    }

    /// The keyboard's small step: the step, else 1% of the range.
    var lineStep: Double { step > 0 ? step : (maximum - minimum) / 100 }

    /// The keyboard's page step: a tenth of the range, at least one step.
    var pageStep: Double { Swift.max(lineStep, step > 0 ? ((maximum - minimum) / 10 / step).rounded() * step : (maximum - minimum) / 10) }

    /// Where `value` sits in the range, 0...1.
    func fraction(of value: Double) -> Double {
        maximum > minimum ? (normalized(value) - minimum) / (maximum - minimum) : 0
    }

    /// The value at `fraction` of the range.
    func value(atFraction fraction: Double) -> Double {
        normalized(minimum + (maximum - minimum) * (fraction.isFinite ? fraction : 0))
    }

    /// The new value after a navigation key, or nil when the key is not one.
    func value(after key: Key, from value: Double, isRightToLeft: Bool = false) -> Double? {
        switch key {
        case .up: normalized(value + lineStep)
        case .down: normalized(value - lineStep)
        case .right: normalized(value + (isRightToLeft ? -lineStep : lineStep))
        case .left: normalized(value + (isRightToLeft ? lineStep : -lineStep))
        case .pageUp: normalized(value + pageStep)
        case .pageDown: normalized(value - pageStep)
        case .home: minimum
        case .end: maximum
        default: nil
        }
    }
}
