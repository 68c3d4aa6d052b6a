/// A view property the frame clock moves.
enum AnimatedProperty: Hashable, Sendable {
    case frame, alpha, backgroundColor, boundsOrigin
    /// A control's own value (a switch's knob, a progress bar's fill), moved through a closure.
    case custom(String)

    /// The bit in `ViewAnimationState.properties`; custom values need none (their owner drives them).
    var bit: UInt8 {
        switch self {
        case .frame: 1
        case .alpha: 2
        case .backgroundColor: 4
        case .boundsOrigin: 8
        case .custom: 0
        }
    }
}

/// The value of an animated property at one moment.
enum AnimatedValue: Equatable, Sendable {
    case rect(Rect)
    case number(Double)
    case color(Color?)
    case point(Point)

    /// The value a fraction `t` of the way to `end` (a spring's `t` may pass 1); `t` = 1 is `end` exactly.
    func interpolated(to end: AnimatedValue, at t: Double) -> AnimatedValue {
        if t == 1 { return end }
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        switch (self, end) {
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(x: mix(a.x, b.x), y: mix(a.y, b.y), width: max(0, mix(a.width, b.width)),
                              height: max(0, mix(a.height, b.height))))
        case (.number(let a), .number(let b)):
            return .number(mix(a, b))
        case (.point(let a), .point(let b)):
            return .point(Point(x: mix(a.x, b.x), y: mix(a.y, b.y)))
        case (.color(let a), .color(let b)):
            // nil is "no fill": fade from or to the other colour made transparent.
            guard let from = a ?? b?.withAlpha(0), let to = b ?? a?.withAlpha(0) else { return end }
            return .color(from.blended(with: to, fraction: min(1, max(0, t))))
        default:
            return end
        }
    }
}

/// What a view knows of its running animations: which properties the frame clock moves, and the clock.
struct ViewAnimationState {
    var properties: UInt8 = 0
    weak var clock: FrameClock?
}

extension View {
    /// The current value of an animatable property.
    func animatedValue(of property: AnimatedProperty) -> AnimatedValue? {
        switch property {
        case .frame: .rect(frame)
        case .alpha: .number(alpha)
        case .backgroundColor: .color(backgroundColor)
        case .boundsOrigin: .point(boundsOrigin)
        case .custom: nil
        }
    }

    /// Sets an animatable property (the frame clock's step, so it is not recorded again).
    func setAnimatedValue(_ value: AnimatedValue, of property: AnimatedProperty) {
        switch (property, value) {
        case (.frame, .rect(let rect)): frame = rect
        case (.alpha, .number(let number)): alpha = number
        case (.backgroundColor, .color(let color)): backgroundColor = color
        case (.boundsOrigin, .point(let point)): boundsOrigin = point
        default: break
        }
    }

    /// Whether the frame clock is moving this view's frame in this step: autoresizing leaves it to its own animation.
    var isFrameDrivenByClock: Bool { FrameClock.isApplying && animationState.properties & AnimatedProperty.frame.bit != 0 }

    /// An animatable property changed: inside an `animate` block it is recorded to animate; while
    /// the frame clock moves it, a direct set becomes the animation's new end and the property
    /// keeps its on-screen value until the next frame.
    func animatableDidChange(_ property: AnimatedProperty, from old: @autoclosure () -> AnimatedValue) {
        guard AnimationTransaction.current != nil || animationState.properties & property.bit != 0 else { return }
        guard !FrameClock.isApplying else { return }
        if let transaction = AnimationTransaction.current {
            transaction.record(self, property, from: old())
        } else if let clock = animationState.clock, let value = animatedValue(of: property) {
            // What is on screen stays until the next frame moves it toward the new end (a layout
            // pass setting the end frame of a sliding view must not make it jump there).
            clock.retarget(self, property, to: value)
            let outer = FrameClock.isApplying
            FrameClock.isApplying = true
            setAnimatedValue(old(), of: property)
            FrameClock.isApplying = outer
        }
    }
}
