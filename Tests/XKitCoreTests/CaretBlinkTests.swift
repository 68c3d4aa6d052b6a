import Testing
@_spi(Platform) import XKitCore
import XKitHeadless

/// The caret blinks with the desktop's settings, comes back at every keystroke and rests when idle.
@MainActor
@Suite struct CaretBlinkTests {
    private func scene(_ settings: DesktopSettings) -> (Application, TextField, HeadlessPlatform) {
        let platform = HeadlessPlatform(settings: settings)
        let app = platform.makeApplication()
        let window = Window(title: "blink", size: Size(width: 300, height: 100), app: app)
        let field = TextField(placeholder: nil, text: "abc")
        field.frame = Rect(x: 10, y: 10, width: 200, height: 24)
        window.contentView.addSubview(field)
        window.show()
        platform.displayPass()
        window.eventRouter.makeFirstResponder(field)
        return (app, field, platform)
    }

    private func caretShown(_ field: TextField) -> Bool {
        let recorder = DrawRecorder()
        field.draw(in: recorder)
        return recorder.fills.contains { $0.rect == field.caretRect }
    }

    @Test func theCaretBlinksAtHalfTheCycleAndAKeystrokeBringsItBack() {
        let (app, field, platform) = scene(DesktopSettings(caretBlinkTime: 1.0, caretBlinkTimeout: 3))
        #expect(caretShown(field))
        platform.advance(by: 0.5)
        #expect(!caretShown(field))
        platform.advance(by: 0.5)
        #expect(caretShown(field))
        platform.advance(by: 0.5)
        #expect(!caretShown(field))
        field.insertText("d")
        #expect(caretShown(field), "typing shows the caret at once")
        platform.advance(by: 0.4)
        #expect(caretShown(field), "and restarts the cycle")
        withExtendedLifetime(app) {}
    }

    @Test func afterTheIdleTimeoutTheCaretStaysOnAndNoTimerIsLeft() {
        let (app, field, platform) = scene(DesktopSettings(caretBlinkTime: 1.0, caretBlinkTimeout: 3))
        platform.advance(by: 3.7)
        #expect(caretShown(field))
        #expect(platform.pendingTimerDelays.isEmpty)
        withExtendedLifetime(app) {}
    }

    @Test func noBlinkingWhenTheDesktopTurnsItOffOrTheFieldLosesFocus() {
        let (app, field, platform) = scene(DesktopSettings(caretBlinks: false))
        #expect(platform.pendingTimerDelays.isEmpty)
        platform.advance(by: 2)
        #expect(caretShown(field))
        withExtendedLifetime(app) {}
        let (otherApp, other, otherPlatform) = scene(DesktopSettings(caretBlinkTime: 1.0))
        otherPlatform.advance(by: 0.5)
        other.window?.eventRouter.makeFirstResponder(nil)
        #expect(otherPlatform.pendingTimerDelays.isEmpty)
        other.window?.eventRouter.makeFirstResponder(other)
        #expect(caretShown(other))
        withExtendedLifetime(otherApp) {}
    }
}
