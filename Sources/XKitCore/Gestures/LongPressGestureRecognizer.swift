/// Recognizes a press held in place (a continuous gesture: began, changed, ended or cancelled).
///
/// It begins once the button has been held `minimumPressDuration` without moving more than
/// `allowableMovement`; after that, movement reports `changed` and the release ends it. With
/// `numberOfTapsRequired` above zero, that many quick clicks must come first.
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the button must be held, in seconds: by default the desktop's long-press time
    /// (`DesktopSettings.longPressTime`, 0.5 s as GTK's), read live; setting it fixes it.
    public var minimumPressDuration: Double {
        get { pressDurationOverride ?? view?.desktopSettings.longPressTime ?? DesktopSettings.standard.longPressTime }
        set { pressDurationOverride = newValue }
    }
    private var pressDurationOverride: Double?
    /// How far, in points, the pointer may travel before the gesture begins.
    public var allowableMovement = 10.0
    /// Clicks required before the press that is held.
    public var numberOfTapsRequired = 0
    /// The longest wait from a preceding click's press to the next press, in seconds: by default the
    /// desktop's double-click time (XSETTINGS `Net/DoubleClickTime`), read live; setting it fixes it.
    public var maximumTapInterval: Double {
        get { tapIntervalOverride ?? view?.desktopSettings.doubleClickTime ?? DesktopSettings.standard.doubleClickTime }
        set { tapIntervalOverride = newValue }
    }
    private var tapIntervalOverride: Double?

    private var tracker = ClickTracker()

    private var isHoldPhase: Bool { tracker.clicks >= numberOfTapsRequired }

    open override func pointerDown(_ event: PointerEvent) {
        // A second button during the press is ignored once the gesture runs.
        if !tracker.press(event, buttons: buttons, allowableMovement: allowableMovement, tapInterval: maximumTapInterval) && state == .possible {
            state = .failed
        }
    }

    open override func pointerMoved(_ event: PointerEvent) {
        guard tracker.isPressed else { return }
        if state.isActive {
            state = .changed
        } else if tracker.hasMoved(event, beyond: allowableMovement) {
            state = .failed
        }
    }

    open override func pointerUp(_ event: PointerEvent) {
        guard tracker.release(event) else { return }
        if state.isActive {
            state = .ended
        } else if isHoldPhase {
            state = .failed
        } else {
            tracker.clicks += 1
        }
    }

    open override func tick(now: Double) {
        guard state == .possible, let deadline = nextDeadline, now >= deadline else { return }
        // Held long enough in the hold phase begins; any other deadline is a timeout.
        state = tracker.isPressed && isHoldPhase ? .began : .failed
    }

    open override var nextDeadline: Double? {
        guard state == .possible else { return nil }
        return tracker.deadline(holdLimit: minimumPressDuration, tapInterval: maximumTapInterval)
    }

    open override func reset() {
        super.reset()
        tracker = ClickTracker()
    }
}
