/// The phase of a gesture recognizer's state machine, as in UIKit.
public enum GestureState: Sendable, Hashable, CustomStringConvertible {
    /// Watching events; nothing decided yet.
    case possible
    /// A continuous gesture started.
    case began
    /// A continuous gesture moved.
    case changed
    /// A continuous gesture finished, or a discrete gesture was recognized.
    case ended
    /// A continuous gesture was interrupted after it began.
    case cancelled
    /// The events do not match the gesture.
    case failed

    /// A discrete gesture's success state, the same as `ended`.
    public static let recognized = GestureState.ended

    /// Whether the recognizer is done with the current sequence.
    public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }

    /// Whether a continuous gesture is in progress.
    public var isActive: Bool { self == .began || self == .changed }

    /// The case name, for logs and the trace.
    public var description: String {
        switch self {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}

/// Turns a sequence of pointer events into a gesture, UIKit style: subclass it and set `state`.
///
/// A window's `EventRouter` feeds recognizers the pointer sequences that hit their view (or a
/// descendant) and arbitrates between them: `require(toFail:)`, exclusivity and
/// `cancelsTouchesInView`. Recognizers own no timers; they report `nextDeadline` and the host
/// calls `tick(now:)` when it passes.
@MainActor
open class GestureRecognizer: Then {
    /// The recognizer's state machine phase.
    public typealias State = GestureState

    private var currentState: State = .possible
    /// A recognition asked for while a `require(toFail:)` recognizer was undecided.
    var pendingState: State?
    /// The arena arbitrating the current sequence; nil when the recognizer is driven directly.
    weak var arena: GestureArena?

    private var targets: [(id: Int, action: @MainActor (GestureRecognizer) -> Void)] = []
    private var nextTargetID = 0
    private var failureRequirements: [WeakRecognizer] = []

    /// The view the recognizer is attached to (set by `View.addGestureRecognizer`).
    public internal(set) weak var view: View?

    /// Whether the recognizer takes events; turning it off cancels a gesture in progress.
    public var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            if let arena { arena.drop(self) } else if state != .possible { resetState() }
        }
    }

    /// The buttons that can start the gesture; the router offers other buttons' sequences to no one here.
    public var buttons: Set<PointerButton> = [.primary]

    /// Whether recognizing cancels the pointer tracking of the view under the pointer (`pointerCancelled`).
    public var cancelsTouchesInView = true

    /// Asked when the recognizer is about to leave `possible`; returning false makes it fail.
    public var shouldBegin: ((GestureRecognizer) -> Bool)?

    /// Asked whether the two recognizers may both recognize; either side returning true allows it.
    public var shouldRecognizeSimultaneously: ((GestureRecognizer, GestureRecognizer) -> Bool)?

    /// Asked at the start of each pointer sequence whether the recognizer should see it at all.
    public var shouldReceive: ((GestureRecognizer, PointerEvent) -> Bool)?

    /// The most recent event the recognizer handled; its `timestamp` is the one for a Copy.
    public private(set) var lastEvent: PointerEvent?

    /// The sequence's first server-stamped event, on both clocks; see `onSequenceClock`.
    private var timeAnchor: (time: Double, timestamp: PlatformTimestamp)?

    /// Creates a recognizer with no targets, attached to no view.
    public init() {}

    /// Creates a recognizer with one target.
    ///
    ///     let press = LongPressGestureRecognizer { recognizer in if recognizer.state == .began { … } }
    public convenience init(_ action: @escaping @MainActor (GestureRecognizer) -> Void) {
        self.init()
        addTarget(action)
    }

    // MARK: State

    /// The current state; subclasses set it, and the router decides when a recognition takes effect.
    public var state: State {
        get { currentState }
        set {
            if let arena { arena.request(self, newValue) } else { applyDirectly(newValue) }
        }
    }

    /// Whether the recognizer still takes events in this sequence (undecided and not waiting on others).
    var isListening: Bool { !currentState.isFinished && pendingState == nil }

    /// Moves to `newState` and tells the targets; called once arbitration allowed it.
    func apply(_ newState: State) {
        currentState = newState
        guard newState != .possible, newState != .failed else { return }
        // A snapshot, so a target may add or remove targets (its own included) while this runs;
        // one removed meanwhile is skipped, one added runs from the next state change.
        let snapshot = targets
        for target in snapshot where targets.contains(where: { $0.id == target.id }) { target.action(self) }
    }

    private func applyDirectly(_ newState: State) {
        switch (currentState, newState) {
        case (.possible, .began), (.possible, .ended):
            if let shouldBegin, !shouldBegin(self) { apply(.failed) } else { apply(newState) }
        case (.possible, .failed), (.possible, .cancelled):
            apply(.failed)
        case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
             (.began, .cancelled), (.changed, .cancelled):
            apply(newState)
        case (.began, .failed), (.changed, .failed):
            apply(.cancelled)
        case (_, .possible):
            resetState()
        default:
            break
        }
    }

    /// Returns to `possible` and clears the subclass's tracking.
    func resetState() {
        currentState = .possible
        pendingState = nil
        timeAnchor = nil
        reset()
    }

    // MARK: Targets

    /// Adds a closure called on began, changed, ended (recognized) and cancelled; keep the token to remove it.
    @discardableResult
    public func addTarget(_ action: @escaping @MainActor (GestureRecognizer) -> Void) -> GestureTargetToken {
        nextTargetID += 1
        targets.append((nextTargetID, action))
        return GestureTargetToken(recognizer: self, id: nextTargetID)
    }

    /// Removes the closure added with `token`.
    public func removeTarget(_ token: GestureTargetToken) {
        targets.removeAll { $0.id == token.id }
    }

    /// The number of closures attached.
    public var targetCount: Int { targets.count }

    // MARK: Relationships

    /// Makes this recognizer wait until `other` fails before it recognizes; it fails if `other` recognizes.
    ///
    ///     tap.require(toFail: press)
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.recognizer === other }) else { return }
        failureRequirements.append(WeakRecognizer(recognizer: other))
    }

    /// The recognizers this one waits on, still alive.
    var requiredToFail: [GestureRecognizer] { failureRequirements.compactMap(\.recognizer) }

    /// Whether the two may recognize at the same time.
    func canRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
        (shouldRecognizeSimultaneously?(self, other) ?? false)
            || (other.shouldRecognizeSimultaneously?(other, self) ?? false)
    }

    // MARK: Location

    /// Where the last event happened, in `view`'s coordinates (nil: the window's).
    public func location(in view: View?) -> Point {
        let inWindow = lastEvent?.location ?? .zero
        guard let view else { return inWindow }
        return view.convert(inWindow, from: nil)
    }

    // MARK: Driving

    /// Feeds one pointer event (window coordinates); deadlines that passed by its time fire first.
    ///
    /// Durations are judged on the X server's clock when events carry its timestamps (see `onSequenceClock`).
    public func handle(_ event: PointerEvent) {
        guard isEnabled else { return }
        if arena == nil, event.kind == .down, currentState.isFinished { resetState() }
        guard isListening else { return }
        let event = onSequenceClock(event)
        tick(now: event.time)
        guard isListening else { return }
        lastEvent = event
        switch event.kind {
        case .down: pointerDown(event)
        case .moved: pointerMoved(event)
        case .up: pointerUp(event)
        case .entered, .exited, .scroll: break
        }
    }

    /// `event` with its time re-measured from the sequence's first event by platform timestamps.
    ///
    /// A busy app reads events late, but the server stamps them when they happen. So a release
    /// 0.3 s (server time) after the press is a tap even when read 0.8 s later, and one 0.5 s or
    /// more after it ends a long press even if the app's timer has not fired yet. The anchor keeps
    /// the app's clock, so deadlines still compare with the host's `tick(now:)`. Events without a
    /// timestamp keep their own time.
    func onSequenceClock(_ event: PointerEvent) -> PointerEvent {
        guard let stamp = event.timestamp else { return event }
        guard let anchor = timeAnchor else {
            timeAnchor = (event.time, stamp)
            return event
        }
        // A stamp before the anchor keeps the event's own time.
        guard let elapsed = stamp.seconds(since: anchor.timestamp) else { return event }
        var measured = event
        measured.time = anchor.time + elapsed
        return measured
    }

    /// Cancels the sequence from outside (the router lost the pointer): active gestures cancel, others fail.
    public func cancel() {
        guard !currentState.isFinished else { return }
        pointerCancelled()
        if !currentState.isFinished { state = currentState.isActive ? .cancelled : .failed }
    }

    // MARK: Subclass hooks

    /// A button went down; subclasses decide from here.
    open func pointerDown(_ event: PointerEvent) {}
    /// The pointer moved (with or without buttons down).
    open func pointerMoved(_ event: PointerEvent) {}
    /// A button was released.
    open func pointerUp(_ event: PointerEvent) {}
    /// The sequence was cancelled; the base class then moves an unfinished recognizer to cancelled or failed.
    open func pointerCancelled() {}

    /// Time passed; called by the host at `nextDeadline` and before each event with the event's time.
    open func tick(now: Double) {}

    /// When `tick(now:)` must next be called (monotonic seconds), or nil when no timeout is pending.
    open var nextDeadline: Double? { nil }

    /// Clears per-sequence tracking when the recognizer returns to `possible`; call `super`.
    open func reset() {}
}

/// A weak reference, so `require(toFail:)` never keeps another recognizer alive.
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
}
