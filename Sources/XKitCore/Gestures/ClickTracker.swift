/// The press-and-release bookkeeping that tap and long-press recognizers share.
///
/// Whether a press continues the run of clicks is `MultiClickCounter`'s rule, the one labels and
/// text fields use: within the tap interval of the previous press (inclusive, in whole
/// milliseconds) and near it. So a double-tap recognizer and a label's double-click agree about
/// every pair of clicks.
struct ClickTracker {
    /// Clicks completed so far in this gesture.
    var clicks = 0
    /// The button held down now, if any.
    private(set) var pressedButton: PointerButton?
    private(set) var pressTime = 0.0
    private var run = MultiClickCounter()
    private var firstLocation: Point?

    init() { run.limit = .max }

    var isPressed: Bool { pressedButton != nil }

    /// Records a press; false when it does not qualify (a button not listened to, a second button,
    /// or a later click too late or too far from the previous one).
    mutating func press(_ event: PointerEvent, buttons: Set<PointerButton>, allowableMovement: Double, tapInterval: Double) -> Bool {
        guard pressedButton == nil, let button = event.button, buttons.contains(button) else { return false }
        if let first = firstLocation {
            guard event.location.distance(to: first) <= allowableMovement else { return false }
        } else {
            firstLocation = event.location
        }
        let rule = DesktopSettings(doubleClickTime: tapInterval, dragThreshold: allowableMovement)
        guard run.press(at: event.location, time: event.time, settings: rule) == clicks + 1 else { return false }
        pressedButton = button
        pressTime = event.time
        return true
    }

    /// Whether the pointer has left the allowed circle around the first press.
    func hasMoved(_ event: PointerEvent, beyond allowableMovement: Double) -> Bool {
        guard let first = firstLocation else { return false }
        return event.location.distance(to: first) > allowableMovement
    }

    /// Records the release of the pressed button; false for any other release.
    mutating func release(_ event: PointerEvent) -> Bool {
        guard let pressed = pressedButton, event.button == pressed else { return false }
        pressedButton = nil
        return true
    }

    /// The deadline while pressed (`holdLimit` after the press) or for the next click: past the
    /// last press's interval, which `MultiClickCounter` rounds to the millisecond.
    func deadline(holdLimit: Double, tapInterval: Double) -> Double? {
        if pressedButton != nil { return pressTime + holdLimit }
        if clicks > 0 { return pressTime + tapInterval + 0.0005 }
        return nil
    }
}
