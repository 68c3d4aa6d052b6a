/// The blinking caret: on for half the desktop's blink time, off for the other half, back on
/// at every keystroke, click or focus change, and steady once the user has been idle for the
/// blink timeout (as GTK does), so an idle window causes no redraws.
extension TextField {
    /// Shows the caret and starts a new blink cycle (or stops blinking when the field has no
    /// focus, or the desktop turned blinking off).
    func restartCaretBlink() {
        caretBlinkTimer?.cancel()
        caretBlinkTimer = nil
        if caretBlinkHidden {
            caretBlinkHidden = false
            setNeedsTextDisplay()
        }
        guard isFirstResponder, let platform = window?.platform, platform.settings.caretBlinks else { return }
        caretLastActivity = platform.clock.now
        scheduleCaretBlink(platform)
    }

    private func scheduleCaretBlink(_ platform: Platform) {
        let half = max(0.05, platform.settings.caretBlinkTime / 2)
        caretBlinkTimer = platform.schedule(after: half) { [weak self] in self?.caretBlinkTick() }
    }

    private func caretBlinkTick() {
        caretBlinkTimer = nil
        guard isFirstResponder, let platform = window?.platform, platform.settings.caretBlinks else {
            if caretBlinkHidden { caretBlinkHidden = false; setNeedsTextDisplay() }
            return
        }
        let idle = platform.clock.now - caretLastActivity
        if idle >= platform.settings.caretBlinkTimeout && !caretBlinkHidden { return }  // stays on
        caretBlinkHidden.toggle()
        setNeedsDisplay(caretRect.insetBy(dx: -1, dy: 0))
        scheduleCaretBlink(platform)
    }
}
