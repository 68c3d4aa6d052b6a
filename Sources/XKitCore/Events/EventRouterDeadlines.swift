// Placeholder until gesture recognizers land: no recognizer asks for the clock yet.
extension EventRouter {
    /// The earliest time a recognizer needs `tick(now:)`.
    public var nextDeadline: Double? { nil }
    /// Lets time-based recognizers advance.
    public func tick(now: Double) {}
}
