/// The press-and-release bookkeeping that tap and long-press recognizers share.
struct ClickTracker {
    /// Clicks completed so far in this gesture.
    var clicks = 0
    /// The button held down now, if any.
    private(set) var pressedButton: PointerButton?
    private(set) var pressTime = 0.0
    private(set) var releaseTime = 0.0
    private var firstLocation: Point?

    var isPressed: Bool { pressedButton != nil }

    /// Records a press; false when it does not qualify (a button not listened to, a second button,
    /// or a later click too far from the first one).
    mutating func press(_ event: PointerEvent, buttons: Set<PointerButton>, allowableMovement: Double) -> Bool {
        guard pressedButton == nil, let button = event.button, buttons.contains(button) else { return false }
        if let first = firstLocation {
            guard event.location.distance(to: first) <= allowableMovement else { return false }
        } else {
            firstLocation = event.location
        }
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
        releaseTime = event.time
        return true
    }

    /// The deadline while pressed (`holdLimit` after the press) or between clicks.
    func deadline(holdLimit: Double, tapInterval: Double) -> Double? {
        if pressedButton != nil { return pressTime + holdLimit }
        if clicks > 0 { return releaseTime + tapInterval }
        return nil
    }
}
