/// Recognizes one or more quick clicks in place (a discrete gesture: it ends, or fails).
///
/// Each press must be released within `maximumPressDuration` and move no more than
/// `allowableMovement`; each further press must start within `maximumTapInterval` of the last
/// press and near it, the rule `MultiClickCounter` gives labels and fields.
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
    /// How many clicks make the gesture.
    public var numberOfTapsRequired = 1
    /// How far, in points, the pointer may travel from the first press.
    public var allowableMovement = 10.0
    /// The longest wait from one press to the next, in seconds, as the desktop counts a double
    /// click: by default the desktop's double-click time (XSETTINGS `Net/DoubleClickTime`), read
    /// live; setting it fixes it.
    public var maximumTapInterval: Double {
        get { tapIntervalOverride ?? view?.desktopSettings.doubleClickTime ?? DesktopSettings.standard.doubleClickTime }
        set { tapIntervalOverride = newValue }
    }
    private var tapIntervalOverride: Double?
    /// The longest a single press may be held, in seconds (UIKit's tap gives up after 1.5 s too).
    public var maximumPressDuration = 1.5

    private var tracker = ClickTracker()

    open override func pointerDown(_ event: PointerEvent) {
        if !tracker.press(event, buttons: buttons, allowableMovement: allowableMovement, tapInterval: maximumTapInterval) { state = .failed }
    }

    open override func pointerMoved(_ event: PointerEvent) {
        if tracker.isPressed && tracker.hasMoved(event, beyond: allowableMovement) { state = .failed }
    }

    open override func pointerUp(_ event: PointerEvent) {
        guard tracker.release(event) else { return }
        tracker.clicks += 1
        if tracker.clicks >= numberOfTapsRequired { state = .recognized }
    }

    open override func tick(now: Double) {
        guard state == .possible, let deadline = nextDeadline, now >= deadline else { return }
        state = .failed
    }

    open override var nextDeadline: Double? {
        guard state == .possible else { return nil }
        return tracker.deadline(holdLimit: maximumPressDuration, tapInterval: maximumTapInterval)
    }

    open override func reset() {
        super.reset()
        tracker = ClickTracker()
    }
}
