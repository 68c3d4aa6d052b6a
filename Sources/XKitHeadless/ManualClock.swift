import XKitCore

/// A clock that moves only when told, for deterministic tests.
public final class ManualClock: Clock, @unchecked Sendable {
    private var current: Double
    /// A clock that reads `now` until advanced.
    public init(now: Double = 0) { current = now }
    public var now: Double { current }
    /// Moves time forward.
    public func advance(by seconds: Double) { current += seconds }
}
