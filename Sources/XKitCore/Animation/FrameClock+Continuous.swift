/// Motions with no end (a spinner's turn, an indeterminate bar's sweep) on the frame clock.
///
/// A control registers one while it wants to move; the clock ticks it only while its view is on
/// screen (in a shown window of this app, with no hidden or transparent ancestor) and motion is
/// allowed, and asks for a frame only when the soonest such motion next changes. Anything that can
/// hide a view asks for a display pass, and each pass reviews the motions, so hiding, removing or
/// closing puts the clock back to sleep without a frame of its own.
extension FrameClock {
    /// One registered motion: `tick` gets the seconds since it started, a multiple of `interval`.
    final class ContinuousMotion {
        weak var view: View?
        let key: String
        let start: Double
        let interval: Double
        let tick: (Double) -> Void
        /// The elapsed time last handed to `tick`; 0 is the rest state shown without motion.
        var lastElapsed = 0.0

        init(view: View, key: String, start: Double, interval: Double, tick: @escaping (Double) -> Void) {
            self.view = view; self.key = key; self.start = start; self.interval = interval; self.tick = tick
        }
    }

    /// Starts a continuous motion keyed `key` on `view` (a second start with the same key keeps the first).
    ///
    /// `tick` is called with the seconds since the start, at most every `interval` seconds and only
    /// while the view is on screen; with motion off it is called once with 0 (its rest state).
    func startContinuous(_ key: String, on view: View, interval: Double, tick: @escaping (Double) -> Void) {
        guard !continuous.contains(where: { $0.view === view && $0.key == key }) else { return }
        let step = interval.isFinite && interval > 0 ? max(interval, FrameClock.frameInterval) : FrameClock.frameInterval
        let motion = ContinuousMotion(view: view, key: key, start: platform?.clock.now ?? 0, interval: step, tick: tick)
        continuous.append(motion)
        tick(0)
        reviewContinuousMotions()
    }

    /// Stops a continuous motion; the clock sleeps if nothing else moves.
    func stopContinuous(_ key: String, on view: View) {
        let count = continuous.count
        continuous.removeAll { $0.view == nil || ($0.view === view && $0.key == key) }
        if continuous.count != count { reviewContinuousMotions() }
    }

    /// Whether `view` has a continuous motion keyed `key`.
    func hasContinuous(_ key: String, on view: View) -> Bool {
        continuous.contains { $0.view === view && $0.key == key }
    }

    /// Brings the frame timer in line with the motions: armed for the next change of one on screen,
    /// cancelled when none is (and nothing else animates). Called on every display pass while any
    /// motion is registered, since whatever hides a view asks for one.
    func reviewContinuousMotions() {
        guard !isStepping, let now = platform?.clock.now else { return }
        continuous.removeAll { $0.view == nil }
        if !areAnimationsEnabled { restContinuousMotions() }
        // Never later than a frame already armed: passes come with every input event, and
        // re-arming from each would starve a running animation.
        schedule(at: nextFrameDue(now: now))
    }

    /// One frame's ticks: each motion on screen moves to now; with motion off each rests.
    func stepContinuous(now: Double, enabled: Bool) {
        guard !continuous.isEmpty else { return }
        guard enabled else { restContinuousMotions(); return }
        for motion in continuous {
            guard let view = motion.view, isOnScreen(view) else { continue }
            let elapsed = max(0, now - motion.start)
            motion.lastElapsed = elapsed
            motion.tick(elapsed)
        }
    }

    /// The clock time of the soonest change of a motion on screen; nil when none is or motion is off.
    ///
    /// While a motion moves every frame, slower ones (a spinner's spokes) ride on its frames, a frame
    /// late at most, rather than adding frames of their own between them.
    func nextContinuousDue(now: Double) -> Double? {
        guard !continuous.isEmpty, areAnimationsEnabled else { return nil }
        var soonest: Double?, soonestEveryFrame: Double?
        for motion in continuous {
            guard let view = motion.view, isOnScreen(view) else { continue }
            let steps = ((now - motion.start) / motion.interval + FrameClock.timeTolerance).rounded(.down)
            let due = motion.start + (max(0, steps) + 1) * motion.interval
            soonest = min(soonest ?? due, due)
            if motion.interval <= FrameClock.frameInterval + FrameClock.timeTolerance {
                soonestEveryFrame = min(soonestEveryFrame ?? due, due)
            }
        }
        return soonestEveryFrame ?? soonest
    }

    /// Whether a view is drawn now: in a shown, open window of this app, it and its ancestors visible.
    func isOnScreen(_ view: View) -> Bool {
        guard let window = view.window, window.application === application, window.isShown, !window.isClosed else {
            return false
        }
        var current: View? = view
        while let v = current {
            if v.isHidden || v.alpha == 0 { return false }
            current = v.superview
        }
        return true
    }

    private func restContinuousMotions() {
        for motion in continuous where motion.lastElapsed != 0 {
            motion.lastElapsed = 0
            motion.tick(0)
        }
    }
}
