/// Animating view changes, like UIView's `animate(withDuration:…)`.
///
/// The block's changes to `frame`, `alpha`, `backgroundColor` and `boundsOrigin` (a scroll offset)
/// are recorded; each view then goes back to its old value and the app's `FrameClock` moves it to
/// the new one. The properties themselves pass through the values on screen, so hit testing
/// follows what is drawn and input is never delayed. A property that animates again takes over
/// from where it has got to, and the older animation's completion hears `false`.
extension View {
    /// Animates the changes `animations` makes over `duration` seconds after `delay`, then calls
    /// `completion` once: true when the animation ran to its end, false when it was interrupted
    /// (animated again, or its view left the window).
    ///
    ///     View.animate(withDuration: 0.25, delay: 0, options: [.curveEaseOut], animations: {
    ///         panel.frame.origin.y = 0
    ///         panel.alpha = 1
    ///     }, completion: { finished in log(finished) })
    ///
    /// A NaN or negative duration or delay counts as 0, with a warning. With motion off (the
    /// desktop's reduced-motion setting, `FrameClock.animationsEnabledOverride`,
    /// `performWithoutAnimation`) the changes land at once and `completion` gets true on the next frame.
    public static func animate(withDuration duration: Double, delay: Double, options: AnimationOptions,
                               animations: () -> Void, completion: ((Bool) -> Void)?) {
        run(duration: duration, delay: delay, curve: options.timingCurve, animations: animations, completion: completion)
    }

    /// Animates the changes `animations` makes over `duration` seconds with the ease-in-out curve.
    ///
    ///     View.animate(withDuration: 0.2, animations: { chip.alpha = 0 }, completion: { _ in chip.removeFromSuperview() })
    public static func animate(withDuration duration: Double, animations: () -> Void, completion: ((Bool) -> Void)?) {
        run(duration: duration, delay: 0, curve: .easeInOut, animations: animations, completion: completion)
    }

    /// Animates the changes `animations` makes over `duration` seconds with the ease-in-out curve.
    ///
    ///     View.animate(withDuration: 0.2) { badge.alpha = 1 }
    public static func animate(withDuration duration: Double, animations: () -> Void) {
        run(duration: duration, delay: 0, curve: .easeInOut, animations: animations, completion: nil)
    }

    /// Animates with a spring: `dampingRatio` 1 settles without overshoot, smaller values overshoot
    /// and swing back; `velocity` is the starting speed in animation distances per duration.
    public static func animate(withDuration duration: Double, delay: Double, usingSpringWithDamping dampingRatio: Double,
                               initialSpringVelocity velocity: Double, options: AnimationOptions,
                               animations: () -> Void, completion: ((Bool) -> Void)?) {
        run(duration: duration, delay: delay, curve: .spring(damping: dampingRatio, velocity: velocity),
            animations: animations, completion: completion)
    }

    /// Runs `actions` with animation off: changes inside it land at once, even inside an `animate` block.
    ///
    ///     View.performWithoutAnimation { list.boundsOrigin = .zero }
    public static func performWithoutAnimation(_ actions: () -> Void) {
        AnimationTransaction.withoutCollecting(actions)
    }

    /// Whether the frame clock is moving one of this view's properties now.
    var hasRunningAnimations: Bool { animationState.properties != 0 }

    private static func run(duration: Double, delay: Double, curve: TimingCurve, animations: () -> Void,
                            completion: ((Bool) -> Void)?) {
        let duration = checked(duration, "duration")
        let delay = checked(delay, "delay")
        let transaction = AnimationTransaction.collect(animations)
        let views = transaction.records.lazy.map(\.view)
        let app = views.lazy.compactMap { $0.window?.application }.first ?? Application.current
        guard let clock = app?.frameClock else {
            // Nothing on screen to move, and no clock to run the completion later.
            completion?(true)
            return
        }
        if !clock.areAnimationsEnabled || (duration == 0 && delay == 0) {
            clock.completeSoon(completion)
            return
        }
        Trace.emit("animation.began", [("duration", .double(duration)), ("delay", .double(delay)),
                                       ("changes", .int(transaction.records.count))])
        clock.run(transaction, duration: duration, delay: delay, curve: curve, completion: completion)
    }

    private static func checked(_ value: Double, _ name: String) -> Double {
        guard value.isFinite, value >= 0 else {
            Trace.warn("View.animate: a \(name) of \(value) counts as 0")
            return 0
        }
        return value
    }
}
