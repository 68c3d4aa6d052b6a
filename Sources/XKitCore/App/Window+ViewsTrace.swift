/// Spaces out the `views` trace of one window so that serialising a big tree never dominates.
///
/// The whole tree is written each time it changes, which costs time in proportion to the views:
/// with 10,000 tag chips (a few hundred of them views) every key paid about 12 ms in a debug build.
/// A token bucket holds the time the trace may spend: it fills at `share` of the wall time up to
/// `burst`, and each write takes its own cost out. A short burst of changes after a quiet moment
/// (a click, then a key a tool waits for) is written at once; sustained changes (typing) are written
/// at most `share` of the time, the latest tree each time, and a change held back is written once
/// the bucket allows it, so the last state is never lost. A small scene never drains the bucket.
struct ViewsTraceThrottle {
    /// The most of the main thread's time the trace takes over a long run of changes.
    var share = 0.1
    /// The trace time (seconds) that may be spent at once after a quiet moment.
    var burst = 0.1
    /// The time the trace may still spend now (negative: owed by the last write).
    private(set) var credit = 0.1
    private var lastRefill: Double?
    /// A change is waiting until the bucket allows a write.
    var isOwed = false

    /// Whether a write may happen at `now`.
    func isDue(at now: Double) -> Bool { credit(at: now) >= 0 }

    /// Seconds from `now` until a write may happen.
    func delay(at now: Double) -> Double {
        let available = credit(at: now)
        return available >= 0 ? 0 : -available / share
    }

    /// Records a write that ran from `start` to `end`.
    mutating func didWrite(start: Double, end: Double) {
        isOwed = false
        credit = credit(at: start) - max(0, end - start)
        lastRefill = end
    }

    /// The credit at `now`, refilled since the last write.
    private func credit(at now: Double) -> Double {
        guard let last = lastRefill, now > last else { return credit }
        return min(burst, credit + (now - last) * share)
    }
}

extension Window {
    /// Writes the `views` event now if the throttle allows it, else once it does.
    func traceViewsIfDue() {
        let clock = platform.clock
        let start = clock.now
        guard viewsTraceThrottle.isDue(at: start) else {
            guard !viewsTraceThrottle.isOwed else { return }
            viewsTraceThrottle.isOwed = true
            _ = platform.schedule(after: viewsTraceThrottle.delay(at: start)) { [weak self] in
                guard let self, !self.isClosed, self.viewsTraceThrottle.isOwed else { return }
                self.viewsTraceThrottle.isOwed = false
                self.viewTreeDidChange()
            }
            return
        }
        Trace.emit("views", AccessibilityNode.traceFields(of: self))
        viewsTraceThrottle.didWrite(start: start, end: clock.now)
    }
}
