#if canImport(Glibc)
import Glibc
#endif

/// How a `View.animate` call runs, like UIView.AnimationOptions: the timing curve and a few flags.
///
///     View.animate(withDuration: 0.25, delay: 0, options: [.curveLinear], animations: { bar.alpha = 0 })
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Slow at both ends (the default, as in UIKit).
    public static let curveEaseInOut = AnimationOptions([])
    /// Starts slowly, ends fast.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Starts fast, ends slowly.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// The same speed throughout.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    /// Accepted for UIKit's shape: XKit animations always begin from what is on screen and never block input.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// Accepted for UIKit's shape: input is never blocked while views animate.
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)

    /// The curve the options name (the curve bits are one value, not flags, as in UIKit).
    var timingCurve: TimingCurve {
        switch rawValue & (3 << 16) {
        case 1 << 16: return .easeIn
        case 2 << 16: return .easeOut
        case 3 << 16: return .linear
        default: return .easeInOut
        }
    }
}

/// Maps the time fraction of an animation (0...1) to its progress fraction.
enum TimingCurve: Equatable, Sendable {
    case linear, easeIn, easeOut, easeInOut
    /// A damped spring: `damping` 1 settles without overshoot, less overshoots; `velocity` is the
    /// starting speed in animation distances per duration.
    case spring(damping: Double, velocity: Double)

    /// The progress at time fraction `t` (clamped to 0...1); a spring may overshoot 1 on the way.
    func progress(at t: Double) -> Double {
        let t = t.isFinite ? min(1, max(0, t)) : 1
        if t >= 1 { return 1 }
        switch self {
        case .linear: return t
        // CSS's and Core Animation's control points.
        case .easeIn: return TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1, at: t)
        case .easeOut: return TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1, at: t)
        case .easeInOut: return TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1, at: t)
        case .spring(let damping, let velocity): return TimingCurve.spring(damping: damping, velocity: velocity, at: t)
        }
    }

    /// The y of a cubic Bézier from (0,0) to (1,1) at the x `t`: Newton steps on x, then bisection.
    static func cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double, at t: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let inv = 1 - s
            return 3 * inv * inv * s * p1 + 3 * inv * s * s * p2 + s * s * s
        }
        func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let inv = 1 - s
            return 3 * inv * inv * p1 + 6 * inv * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = t
        for _ in 0..<8 {
            let error = coordinate(s, x1, x2) - t
            if abs(error) < 1e-7 { return coordinate(s, y1, y2) }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-6 { break }
            s -= error / d
        }
        var low = 0.0, high = 1.0
        s = t
        for _ in 0..<40 {
            let x = coordinate(s, x1, x2)
            if abs(x - t) < 1e-7 { break }
            if x < t { low = s } else { high = s }
            s = (low + high) / 2
        }
        return coordinate(s, y1, y2)
    }

    /// A spring whose envelope decays to 0.1% by the end of the duration.
    static func spring(damping: Double, velocity: Double, at t: Double) -> Double {
        let zeta = damping.isFinite ? min(1, max(0.05, damping)) : 1
        let v = velocity.isFinite ? velocity : 0
        let decay = 6.9  // ln(1000)
        let omega0 = decay / zeta
        if zeta >= 1 {
            return 1 - exp(-omega0 * t) * (1 + (omega0 - v) * t)
        }
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-decay * t) * (cos(omegaD * t) + (decay - v) / omegaD * sin(omegaD * t))
    }
}
