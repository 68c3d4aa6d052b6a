/// Recognizes a press held in place (a continuous gesture: began, changed, ended or cancelled).
///
/// It begins once the button has been held `minimumPressDuration` without moving more than
/// `allowableMovement`; after that, movement reports `changed` and the release ends it. With
/// `numberOfTapsRequired` above zero, that many quick clicks must come first.
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the button must be held, in seconds (GTK's long-press time is 0.5 s too).
    public var minimumPressDuration = 0.5
    /// How far, in points, the pointer may travel before the gesture begins.
    public var allowableMovement = 10.0
    /// Clicks required before the press that is held.
    public var numberOfTapsRequired = 0
    /// The longest wait between a preceding click and the next press, in seconds.
    public var maximumTapInterval = 0.35

    private var tapsDone = 0
    private var pressedButton: PointerButton?
    private var pressTime = 0.0
    private var releaseTime = 0.0
    private var firstLocation: Point?

    private var isHoldPhase: Bool { tapsDone >= numberOfTapsRequired }

    open override func pointerDown(_ event: PointerEvent) {
        guard pressedButton == nil, let button = event.button, buttons.contains(button) else {
            // A second button during the press is ignored once the gesture runs.
            if state == .possible { state = .failed }
            return
        }
        if let first = firstLocation {
            guard event.location.distance(to: first) <= allowableMovement else { state = .failed; return }
        } else {
            firstLocation = event.location
        }
        pressedButton = button
        pressTime = event.time
    }

    open override func pointerMoved(_ event: PointerEvent) {
        guard pressedButton != nil else { return }
        if state.isActive {
            state = .changed
        } else if let first = firstLocation, event.location.distance(to: first) > allowableMovement {
            state = .failed
        }
    }

    open override func pointerUp(_ event: PointerEvent) {
        guard let pressed = pressedButton, event.button == pressed else { return }
        pressedButton = nil
        if state.isActive {
            state = .ended
        } else if isHoldPhase {
            state = .failed
        } else {
            tapsDone += 1
            releaseTime = event.time
        }
    }

    open override func tick(now: Double) {
        guard state == .possible, let deadline = nextDeadline, now >= deadline else { return }
        // Held long enough in the hold phase begins; any other deadline is a timeout.
        state = pressedButton != nil && isHoldPhase ? .began : .failed
    }

    open override var nextDeadline: Double? {
        guard state == .possible else { return nil }
        if pressedButton != nil { return pressTime + minimumPressDuration }
        if tapsDone > 0 { return releaseTime + maximumTapInterval }
        return nil
    }

    open override func reset() {
        super.reset()
        tapsDone = 0
        pressedButton = nil
        firstLocation = nil
    }
}
