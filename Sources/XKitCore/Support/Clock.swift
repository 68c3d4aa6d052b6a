#if canImport(Glibc)
import Glibc
#endif

/// A source of monotonic time in seconds; recognizers and timers read it so tests can fake it.
public protocol Clock: AnyObject, Sendable {
/// The current time in seconds; it never goes backwards, and only differences between readings mean anything.
    var now: Double { get }
}

/// The system's monotonic clock.
public final class SystemClock: Clock {
    /// The process-wide system clock.
    public static let shared = SystemClock()
    /// Creates a system clock; `shared` serves most uses.
    public init() {}
    /// Seconds on `CLOCK_MONOTONIC`: unaffected by changes to the wall clock.
    public var now: Double { monotonicSeconds() }
}

/// Seconds on CLOCK_MONOTONIC.
package func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
