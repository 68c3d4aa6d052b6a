import Glibc

/// The one clock that moves every running animation of an app, a frame at a time.
///
/// It asks the platform for one timer per frame only while something animates, so an idle app
/// wakes for nothing; tests drive it with the headless platform's manual clock. Animations follow
/// the desktop's reduced-motion setting (`DesktopSettings.enablesAnimations`, XSETTINGS
/// `Gtk/EnableAnimations` on X) live, unless `animationsEnabledOverride` says otherwise: with
/// motion off every animation lands on its end state at once and its completion still runs.
///
/// Besides animations with an end, it drives continuous motions (a spinner, an indeterminate bar):
/// each ticks only while its view is on screen, so a hidden or removed spinner lets the clock sleep.
@MainActor
public final class FrameClock {
    /// Seconds between frames.
    public static let frameInterval = 1.0 / 60

    /// Forces animations on (true) or off (false) for this app; nil follows the desktop.
    ///
    ///     app.frameClock.animationsEnabledOverride = false   // a kiosk that never moves
    public var animationsEnabledOverride: Bool? {
        didSet { if areAnimationsEnabled == false { requestFrame() } }
    }

    /// How many times slower than asked animations run: 1 normally. `XKIT_SLOWDOWN=N` sets it at
    /// start (as `GTK_SLOWDOWN` does for GTK), to watch an animation closely or to test one while it
    /// runs. A value that is not a positive number counts as 1.
    public var slowdown: Double = FrameClock.environmentSlowdown {
        didSet { if !(slowdown.isFinite && slowdown > 0) { slowdown = 1 } }
    }

    /// `XKIT_SLOWDOWN` as a factor (1 when unset or not a positive number).
    nonisolated static var environmentSlowdown: Double {
        guard let raw = getenv("XKIT_SLOWDOWN"), let value = Double(String(cString: raw)), value.isFinite, value > 0 else { return 1 }
        return value
    }

    /// Whether views animate now: the override, else the desktop's setting.
    public var areAnimationsEnabled: Bool {
        animationsEnabledOverride ?? platform?.settings.enablesAnimations ?? true
    }

    /// The animations still running (each `animate` call and control motion counts once).
    public var runningAnimationCount: Int { Set(tracks.map { ObjectIdentifier($0.group) }).count }

    /// Frames stepped since the app started (for tests and the trace).
    public private(set) var framesStepped = 0

    /// Whether a frame is scheduled (false while idle: no timer is pending).
    public var isTicking: Bool { pendingFrame != nil }

    /// The continuous motions whose views are on screen now (and would move if motion is allowed).
    public var visibleContinuousMotionCount: Int { continuous.filter { $0.view.map(isOnScreen) ?? false }.count }

    /// True while the clock itself sets animated values, so the setters do not record or retarget them.
    ///
    /// Static because a property setter has no way to reach its view's clock without a window (a view
    /// being animated may have just left one); main-actor only, and true only inside one frame's apply.
    static var isApplying = false

    weak var application: Application?
    var platform: Platform? { application?.platform }
    private var tracks: [Track] = []
    private var finishedGroups: [AnimationGroup] = []
    private var pendingFrame: Cancellable?
    /// When the pending frame fires (clock time).
    private var pendingFrameDue = 0.0
    /// True inside `step`, which schedules the next frame itself once everything has moved.
    private(set) var isStepping = false
    var continuous: [ContinuousMotion] = [] {
        didSet { application?.hasContinuousMotions = !continuous.isEmpty }
    }

    init(application: Application) {
        self.application = application
    }

    /// One animation call: its timing, and the completion run once when its last track ends.
    final class AnimationGroup {
        let start: Double
        let duration: Double
        let curve: TimingCurve
        var completion: ((Bool) -> Void)?
        var remaining = 0
        var interrupted = false

        init(start: Double, duration: Double, curve: TimingCurve, completion: ((Bool) -> Void)?) {
            self.start = start; self.duration = duration; self.curve = curve; self.completion = completion
        }
    }

    private struct Track {
        weak var view: View?
        let property: AnimatedProperty
        var from: AnimatedValue
        var to: AnimatedValue
        let group: AnimationGroup
        /// How a custom value reaches its owner; nil for view properties.
        let apply: ((AnimatedValue) -> Void)?
    }

    // MARK: Starting

    /// Animates what a transaction recorded: each view goes back to its old value, then moves to the new one.
    func run(_ transaction: AnimationTransaction, duration: Double, delay: Double, curve: TimingCurve,
             completion: ((Bool) -> Void)?) {
        let group = makeGroup(duration: duration, delay: delay, curve: curve, completion: completion)
        // Every end value is read before any view goes back: a frame going back resizes autoresizing subviews.
        let ends = transaction.records.map { $0.view.animatedValue(of: $0.property) }
        for (record, end) in zip(transaction.records, ends) {
            guard let to = end, to != record.from else { continue }
            add(Track(view: record.view, property: record.property, from: record.from, to: to, group: group, apply: nil))
            apply(record.from, to: record.view, record.property, nil)
        }
        if group.remaining == 0 { finishedGroups.append(group) }
        requestFrame()
    }

    /// Moves a control's own value from `from` to `to` through `apply`, tied to `view`: a new motion
    /// with the same key on the same view takes over from this one.
    func animate(_ key: String, on view: View, from: Double, to: Double, duration: Double,
                 curve: TimingCurve = .easeInOut, apply: @escaping (Double) -> Void, completion: ((Bool) -> Void)? = nil) {
        let group = makeGroup(duration: duration, delay: 0, curve: curve, completion: completion)
        let forward: (AnimatedValue) -> Void = { value in if case .number(let n) = value { apply(n) } }
        add(Track(view: view, property: .custom(key), from: .number(from), to: .number(to), group: group, apply: forward))
        apply(from)
        requestFrame()
    }

    /// Calls `completion` with true on the next frame: an animation that had nothing to move, or ran without motion.
    func completeSoon(_ completion: ((Bool) -> Void)?) {
        guard let completion else { return }
        finishedGroups.append(makeGroup(duration: 0, delay: 0, curve: .linear, completion: completion))
        requestFrame()
    }

    /// Stops a control's motion (its value was set directly); its completion hears `false`.
    func stop(_ key: String, on view: View) {
        removeTracks { $0.view === view && $0.property == .custom(key) }
    }

    /// A set outside any animation while the clock moves the property: it becomes the new end.
    func retarget(_ view: View, _ property: AnimatedProperty, to value: AnimatedValue) {
        for i in tracks.indices where tracks[i].view === view && tracks[i].property == property { tracks[i].to = value }
    }

    /// Whether a property of a view is moving now.
    func isAnimating(_ view: View, _ property: AnimatedProperty) -> Bool {
        tracks.contains { $0.view === view && $0.property == property }
    }

    private func makeGroup(duration: Double, delay: Double, curve: TimingCurve, completion: ((Bool) -> Void)?) -> AnimationGroup {
        AnimationGroup(start: (platform?.clock.now ?? 0) + delay * slowdown, duration: duration * slowdown, curve: curve,
                       completion: completion)
    }

    private func add(_ track: Track) {
        // The newer animation takes over from where the older one has got to.
        removeTracks { $0.view === track.view && $0.property == track.property }
        tracks.append(track)
        track.group.remaining += 1
        if let view = track.view {
            view.animationState.properties |= track.property.bit
            view.animationState.clock = self
        }
    }

    private func removeTracks(where matches: (Track) -> Bool) {
        var kept: [Track] = []
        for track in tracks {
            if matches(track) { end(track, interrupted: true) } else { kept.append(track) }
        }
        tracks = kept
    }

    private func end(_ track: Track, interrupted: Bool) {
        if let view = track.view, track.property.bit != 0,
           !tracks.contains(where: { $0.view === view && $0.property == track.property && $0.group !== track.group }) {
            view.animationState.properties &= ~track.property.bit
        }
        track.group.remaining -= 1
        if interrupted { track.group.interrupted = true }
        if track.group.remaining == 0 { finishedGroups.append(track.group) }
        requestFrame()
    }

    private func apply(_ value: AnimatedValue, to view: View, _ property: AnimatedProperty, _ custom: ((AnimatedValue) -> Void)?) {
        let outer = FrameClock.isApplying
        FrameClock.isApplying = true
        if let custom { custom(value) } else { view.setAnimatedValue(value, of: property) }
        FrameClock.isApplying = outer
    }

    // MARK: Frames

    private func requestFrame() {
        guard !isStepping, let now = platform?.clock.now else { return }
        schedule(at: now + FrameClock.frameInterval)
    }

    /// Arms the one frame timer for `due`, unless one fires sooner already; nil cancels it.
    func schedule(at due: Double?) {
        guard let platform else { return }
        guard let due else {
            pendingFrame?.cancel()
            pendingFrame = nil
            return
        }
        if pendingFrame != nil, pendingFrameDue <= due + FrameClock.timeTolerance { return }
        pendingFrame?.cancel()
        pendingFrameDue = due
        pendingFrame = platform.schedule(after: max(0, due - platform.clock.now)) { [weak self] in self?.step() }
    }

    /// When the next frame is needed: a frame from now while animations run, else when the soonest
    /// visible continuous motion next changes; nil when nothing moves.
    func nextFrameDue(now: Double) -> Double? {
        if !tracks.isEmpty || !finishedGroups.isEmpty { return now + FrameClock.frameInterval }
        return nextContinuousDue(now: now)
    }

    /// Float slack when comparing clock times (a timer fires at its deadline, give or take rounding).
    static let timeTolerance = 1e-6

    /// One frame: every track moves to its value for now; ended ones complete after all have moved.
    func step() {
        pendingFrame = nil
        guard let platform else { return }
        isStepping = true
        framesStepped += 1
        let now = platform.clock.now
        let enabled = areAnimationsEnabled
        let current = tracks
        tracks = []
        var ended: [(Track, Bool)] = []
        for track in current {
            guard let view = track.view else { ended.append((track, true)); continue }
            // A view that left its window (or app) has nowhere to be seen moving: it lands at once.
            let inApp = view.window?.application === application
            let t = track.group.duration > 0 ? (now - track.group.start) / track.group.duration : (now >= track.group.start ? 1 : 0)
            if !inApp || !enabled || t >= 1 {
                apply(track.to, to: view, track.property, track.apply)
                ended.append((track, !inApp))
            } else {
                if t > 0 { apply(track.from.interpolated(to: track.to, at: track.group.curve.progress(at: t)), to: view, track.property, track.apply) }
                tracks.append(track)
            }
        }
        for (track, interrupted) in ended { end(track, interrupted: interrupted) }
        stepContinuous(now: now, enabled: enabled)
        let groups = finishedGroups
        finishedGroups = []
        if !current.isEmpty { platform.setNeedsDisplayPass() }
        for group in groups {
            let completion = group.completion
            group.completion = nil
            Trace.emit("animation.ended", [("finished", .bool(!group.interrupted))])
            completion?(!group.interrupted)
        }
        isStepping = false
        // Completions may have started animations (their requests were held back while stepping).
        schedule(at: nil)
        schedule(at: nextFrameDue(now: platform.clock.now))
        if !groups.isEmpty { platform.setNeedsDisplayPass() }
    }
}
