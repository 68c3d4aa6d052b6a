/// Recognizes one or more quick clicks in place (a discrete gesture: it ends, or fails).
///
/// Each press must be released within `maximumPressDuration` and move no more than
/// `allowableMovement`; each further press must start within `maximumTapInterval` of the last
/// release and near the first press.
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
    /// How many clicks make the gesture.
    public var numberOfTapsRequired = 1
    /// How far, in points, the pointer may travel from the first press.
    public var allowableMovement = 10.0
    /// The longest wait between a release and the next press, in seconds.
    public var maximumTapInterval = 0.35
    /// The longest a single press may be held, in seconds (UIKit's tap gives up after 1.5 s too).
    public var maximumPressDuration = 1.5

    private var tapsDone = 0
    private var pressedButton: PointerButton?
    private var pressTime = 0.0
    private var releaseTime = 0.0
    private var firstLocation: Point?

    open override func pointerDown(_ event: PointerEvent) {
        guard pressedButton == nil, let button = event.button, buttons.contains(button) else {
            state = .failed
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
        guard pressedButton != nil, let first = firstLocation else { return }
        if event.location.distance(to: first) > allowableMovement { state = .failed }
    }

    open override func pointerUp(_ event: PointerEvent) {
        guard let pressed = pressedButton, event.button == pressed else { return }
        pressedButton = nil
        tapsDone += 1
        releaseTime = event.time
        if tapsDone >= numberOfTapsRequired { state = .recognized }
    }

    open override func tick(now: Double) {
        guard state == .possible, let deadline = nextDeadline, now >= deadline else { return }
        state = .failed
    }

    open override var nextDeadline: Double? {
        guard state == .possible else { return nil }
        if pressedButton != nil { return pressTime + maximumPressDuration }
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
