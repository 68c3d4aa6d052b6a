import Testing
@_spi(Platform) @_spi(Testing) import XKitCore
import XKitHeadless

/// The desktop's drag threshold, double-click time and long-press time are read live by every
/// widget and gesture, through one multi-click rule.
@MainActor
@Suite struct DesktopSettingsFollowedTests {
    @Test func oneMultiClickRuleIsInclusiveAtTheIntervalAndTheDragThreshold() {
        let settings = DesktopSettings(doubleClickTime: 0.4, dragThreshold: 8)
        var counter = MultiClickCounter()
        #expect(counter.press(at: .zero, time: 10, settings: settings) == 1)
        #expect(counter.press(at: Point(x: 8, y: 0), time: 10.4, settings: settings) == 2, "exactly at both limits")
        #expect(counter.press(at: Point(x: 8, y: 0), time: 10.8, settings: settings) == 3)
        #expect(counter.press(at: Point(x: 8, y: 0), time: 11.2, settings: settings) == 3, "a run stops counting at three")
        #expect(counter.press(at: Point(x: 8, y: 0), time: 11.601, settings: settings) == 1, "a millisecond past the interval")
        #expect(counter.press(at: Point(x: 16.01, y: 0), time: 11.7, settings: settings) == 1, "just past the threshold")
    }

    /// A selectable label and a text field side by side in one scene.
    private func labelAndField() -> (HeadlessScene, Label, TextField) {
        let scene = HeadlessScene()
        let label = Label(text: "alpha beta gamma")
        label.frame = Rect(x: 10, y: 10, width: 300, height: 24)
        label.isSelectable = true
        let field = TextField()
        field.text = "alpha beta gamma"
        field.frame = Rect(x: 10, y: 60, width: 300, height: 28)
        scene.root.addSubview(label)
        scene.root.addSubview(field)
        scene.platform.displayPass()
        return (scene, label, field)
    }

    private func twoClicks(_ scene: HeadlessScene, at point: Point, gap: Double) {
        scene.press(at: point)
        scene.release(at: point)
        scene.platform.advance(by: gap)
        scene.press(at: point)
        scene.release(at: point)
    }

    @Test func aLabelAndAFieldAgreeOnADoubleClickAtExactlyTheDoubleClickTimeAndFollowItsChange() {
        let (scene, label, field) = labelAndField()
        let time = scene.platform.settings.doubleClickTime
        twoClicks(scene, at: Point(x: 20, y: 22), gap: time)
        #expect(label.selectedText == "alpha", "the label takes two presses exactly the double-click time apart as a double click")
        twoClicks(scene, at: Point(x: 20, y: 74), gap: time)
        #expect(field.selectedText == "alpha", "and so does the field")
        // The desktop shortens it: the same gap is now two single clicks, in both.
        scene.platform.settings.doubleClickTime = time / 2
        scene.platform.advance(by: 1)
        twoClicks(scene, at: Point(x: 20, y: 22), gap: time)
        #expect(label.selectedText == nil || label.selectedText == "")
        twoClicks(scene, at: Point(x: 20, y: 74), gap: time)
        #expect(field.selectedText == "")
    }

    @Test func aDoubleTapRecognizerAgreesWithTheLabelAtExactlyTheDoubleClickTime() {
        let scene = HeadlessScene()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.root.addSubview(view)
        var taps = 0
        let double = TapGestureRecognizer { _ in taps += 1 }
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        let time = scene.platform.settings.doubleClickTime
        twoClicks(scene, at: Point(x: 50, y: 50), gap: time)
        #expect(taps == 1, "two presses exactly the double-click time apart are a double tap, as for a label")
        scene.platform.advance(by: 1)
        twoClicks(scene, at: Point(x: 50, y: 50), gap: time + 0.002)
        #expect(taps == 1, "two milliseconds later they are not")
        scene.platform.settings.doubleClickTime = time * 2
        scene.platform.advance(by: 1)
        twoClicks(scene, at: Point(x: 50, y: 50), gap: time * 1.5)
        #expect(taps == 2, "the desktop's new double-click time applies to the next click")
    }

    @Test func aLabelDragSelectsPastTheDesktopsDragThresholdReadLive() {
        let (scene, label, _) = labelAndField()
        func drag(by dx: Double) {
            scene.platform.advance(by: 1)
            scene.press(at: Point(x: 20, y: 22))
            scene.platform.send(PointerEvent(kind: .moved, location: Point(x: 20 + dx, y: 22), buttonsDown: [.primary],
                                             time: scene.platform.clock.now), to: scene.window)
            scene.release(at: Point(x: 20 + dx, y: 22))
        }
        scene.platform.settings.dragThreshold = 12
        drag(by: 10)
        #expect((label.selectedText ?? "").isEmpty, "10 points is inside a 12-point threshold")
        scene.platform.settings.dragThreshold = 6
        drag(by: 10)
        #expect(!(label.selectedText ?? "").isEmpty, "and past a 6-point one")
    }

    @Test func theLongPressTimeAndTapIntervalComeFromTheDesktopLive() throws {
        let scene = HeadlessScene()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.root.addSubview(view)
        let press = LongPressGestureRecognizer()
        let tap = TapGestureRecognizer()
        view.addGestureRecognizer(press)
        view.addGestureRecognizer(tap)
        #expect(press.minimumPressDuration == scene.platform.settings.longPressTime)
        #expect(tap.maximumTapInterval == scene.platform.settings.doubleClickTime)
        scene.platform.settings.longPressTime = 1.2
        scene.platform.settings.doubleClickTime = 0.7
        #expect(press.minimumPressDuration == 1.2 && tap.maximumTapInterval == 0.7)
        press.minimumPressDuration = 0.3
        scene.platform.settings.longPressTime = 2
        #expect(press.minimumPressDuration == 0.3, "a value the app sets stays")
    }

    @Test func aCopyableLabelsMenuWaitsForTheDesktopsLongPressTime() {
        let scene = HeadlessScene()
        let label = Label(text: "copy me")
        label.frame = Rect(x: 20, y: 40, width: 200, height: 24)
        label.isCopyable = true
        scene.root.addSubview(label)
        scene.platform.displayPass()
        scene.platform.settings.longPressTime = 1.0
        scene.longPress(at: Point(x: 30, y: 50), duration: 0.7)
        #expect(scene.menuWindow == nil, "0.7 s is short of a 1 s long press")
        scene.platform.advance(by: 1)
        scene.longPress(at: Point(x: 30, y: 50), duration: 1.1)
        #expect(scene.menuWindow != nil)
    }
}
