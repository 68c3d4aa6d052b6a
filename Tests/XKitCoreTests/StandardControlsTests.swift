import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// The standard controls' state machines, keyboard and accessibility values, with no display.
@MainActor
@Suite struct StandardControlsTests {
    private func scene<V: View>(_ view: V, at frame: Rect) -> HeadlessScene {
        let scene = HeadlessScene()
        view.frame = frame
        scene.root.addSubview(view)
        scene.platform.displayPass()
        return scene
    }

    // MARK: Switch

    @Test func aSwitchFlipsOnClickSpaceAndReturnAndSendsValueChangedEachTime() {
        let toggle = Switch()
        let s = scene(toggle, at: Rect(x: 10, y: 10, width: 44, height: 24))
        var values: [Bool] = []
        toggle.addAction(for: .valueChanged) { values.append($0.isOn) }
        s.click(at: Point(x: 30, y: 20))
        #expect(toggle.isOn)
        #expect(toggle.becomeFirstResponder())
        s.key(.space)
        s.key(.enter)
        #expect(values == [true, false, true])
        // Setting it in code sends nothing, as in UIKit.
        toggle.isOn = false
        #expect(values.count == 3)
        #expect(toggle.knobPosition == 0)
    }

    @Test func aDisabledSwitchIgnoresClicksAndKeys() {
        let toggle = Switch()
        let s = scene(toggle, at: Rect(x: 10, y: 10, width: 44, height: 24))
        toggle.isEnabled = false
        s.click(at: Point(x: 30, y: 20))
        s.key(.space)
        #expect(!toggle.isOn)
        #expect(!toggle.setAccessibilityValue(1))
    }

    @Test func aSwitchExposesAToggleButtonWithACheckedStateAndAValue() {
        let toggle = Switch()
        _ = scene(toggle, at: Rect(x: 10, y: 10, width: 44, height: 24))
        toggle.isOn = true
        let node = AccessibilityNode(view: toggle)
        #expect(node.role == .toggleButton)
        #expect(node.states.contains(.checked))
        #expect(node.value?.current == 1)
        #expect(node.value?.text == "on")
    }

    // MARK: Slider

    @Test func aContinuousSliderFollowsTheDragAndSendsValueChangedAsItGoes() {
        let slider = Slider(minimumValue: 0, maximumValue: 100, value: 0)
        // Usable track: 200 - 20 (knob) = 180 points, from x = 10 + 10.
        let s = scene(slider, at: Rect(x: 10, y: 10, width: 200, height: 28))
        var sent: [Double] = []
        slider.addAction(for: .valueChanged) { sent.append($0.value) }
        s.press(at: Point(x: 20, y: 24))               // the knob's centre at 0
        s.platform.send(PointerEvent(kind: .moved, location: Point(x: 110, y: 24), buttonsDown: [.primary], time: 1), to: s.window)
        #expect(abs(slider.value - 50) < 0.001)
        s.platform.send(PointerEvent(kind: .moved, location: Point(x: 400, y: 60), buttonsDown: [.primary], time: 1.1), to: s.window)
        #expect(slider.value == 100)
        s.release(at: Point(x: 400, y: 60))
        #expect(sent.count == 2)
        #expect(sent.last == 100)
    }

    @Test func aClickOnTheTrackJumpsThereAndANonContinuousSliderSendsOnceOnRelease() {
        let slider = Slider(minimumValue: 0, maximumValue: 10, value: 0)
        slider.isContinuous = false
        let s = scene(slider, at: Rect(x: 0, y: 0, width: 120, height: 28))
        var sent = 0
        slider.addAction(for: .valueChanged) { _ in sent += 1 }
        s.press(at: Point(x: 60, y: 14))
        #expect(slider.value == 5)
        #expect(sent == 0)
        s.release(at: Point(x: 60, y: 14))
        #expect(sent == 1)
    }

    @Test func aSteppedSliderSnapsAndTheKeysMoveByStepPageAndEnds() {
        let slider = Slider(minimumValue: 10, maximumValue: 24, value: 13.4)
        slider.stepValue = 1
        let s = scene(slider, at: Rect(x: 0, y: 0, width: 160, height: 28))
        #expect(slider.value == 13)
        #expect(slider.becomeFirstResponder())
        var sent = 0
        slider.addAction(for: .valueChanged) { _ in sent += 1 }
        s.key(.right); #expect(slider.value == 14)
        s.key(.up); #expect(slider.value == 15)
        s.key(.left); s.key(.down); #expect(slider.value == 13)
        s.key(.pageUp); #expect(slider.value == 14)  // a tenth of 14, rounded to a step: 1
        s.key(.end); #expect(slider.value == 24)
        s.key(.right); #expect(slider.value == 24)   // no change at the end: nothing sent
        s.key(.home); #expect(slider.value == 10)
        #expect(sent == 7)
    }

    @Test func aContinuousSliderStepsOnePercentAndPagesATenth() {
        let slider = Slider(minimumValue: 0, maximumValue: 200, value: 100)
        let s = scene(slider, at: Rect(x: 0, y: 0, width: 160, height: 28))
        slider.becomeFirstResponder()
        s.key(.right); #expect(slider.value == 102)
        s.key(.pageDown); #expect(slider.value == 82)
    }

    @Test func badSliderInputIsClampedNotTrapped() {
        let slider = Slider(minimumValue: 5, maximumValue: 1, value: .nan)
        #expect(slider.minimumValue == 1 && slider.maximumValue == 5)
        #expect(slider.value == 1)
        slider.value = .infinity
        #expect(slider.value == 5)
        slider.stepValue = -2
        #expect(slider.stepValue == 2)
        #expect(!slider.setAccessibilityValue(.nan))
    }

    @Test func aSliderExposesItsRangeAndTakesAValueFromAssistiveTechnologies() {
        let slider = Slider(minimumValue: 0, maximumValue: 10, value: 2)
        slider.stepValue = 0.5
        _ = scene(slider, at: Rect(x: 0, y: 0, width: 160, height: 28))
        var sent = 0
        slider.addAction(for: .valueChanged) { _ in sent += 1 }
        let node = AccessibilityNode(view: slider)
        #expect(node.role == .slider)
        #expect(node.value == AccessibilityValue(current: 2, minimum: 0, maximum: 10, increment: 0.5))
        #expect(slider.setAccessibilityValue(7.3))
        #expect(slider.value == 7.5)
        #expect(sent == 1)
    }

    // MARK: SegmentedControl

    @Test func aSegmentIsChosenByClickAndByArrowsSkippingDisabledOnes() {
        let control = SegmentedControl(items: ["A", "B", "C"])
        let s = scene(control, at: Rect(x: 0, y: 0, width: 300, height: 28))
        var sent: [Int] = []
        control.addAction(for: .valueChanged) { sent.append($0.selectedSegmentIndex) }
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        s.click(at: Point(x: 150, y: 14))
        #expect(control.selectedSegmentIndex == 1)
        s.click(at: Point(x: 150, y: 14))   // the same segment again: no change, nothing sent
        control.setEnabled(false, forSegmentAt: 2)
        control.becomeFirstResponder()
        s.key(.right)                         // skips C, wraps to A
        #expect(control.selectedSegmentIndex == 0)
        s.key(.end)
        #expect(control.selectedSegmentIndex == 1)
        s.click(at: Point(x: 250, y: 14))    // disabled
        #expect(control.selectedSegmentIndex == 1)
        #expect(sent == [1, 0, 1])
    }

    @Test func aPressThatLeavesItsSegmentChoosesNothing() {
        let control = SegmentedControl(items: ["A", "B"])
        let s = scene(control, at: Rect(x: 0, y: 0, width: 200, height: 28))
        s.press(at: Point(x: 50, y: 14))
        s.release(at: Point(x: 150, y: 14))
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    }

    @Test func segmentsAreTabsForAssistiveTechnologiesAndRemovingKeepsTheSelectionRight() {
        let control = SegmentedControl(items: ["Day", "Week", "Month"])
        _ = scene(control, at: Rect(x: 0, y: 0, width: 300, height: 28))
        control.selectedSegmentIndex = 2
        #expect(control.accessibilityElements.map(\.name) == ["Day", "Week", "Month"])
        #expect(control.accessibilityElements.allSatisfy { $0.role == .pageTab })
        #expect(control.performAccessibilityAction(ofElementAt: 1))
        #expect(control.selectedSegmentIndex == 1)
        control.removeSegment(at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 0)
        #expect(control.titleForSegment(at: 0) == "Week")
        control.selectedSegmentIndex = 9
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    }

    // MARK: Stepper

    @Test func theStepperStepsByClickOnEachHalfAndStopsAtTheEnds() {
        let stepper = Stepper()
        stepper.minimumValue = 0
        stepper.maximumValue = 3
        let s = scene(stepper, at: Rect(x: 0, y: 0, width: 84, height: 28))
        var sent: [Double] = []
        stepper.addAction(for: .valueChanged) { sent.append($0.value) }
        s.click(at: Point(x: 70, y: 14))
        s.click(at: Point(x: 70, y: 14))
        s.click(at: Point(x: 10, y: 14))
        #expect(stepper.value == 1)
        s.click(at: Point(x: 10, y: 14)); s.click(at: Point(x: 10, y: 14))
        #expect(stepper.value == 0)
        #expect(sent == [1, 2, 1, 0])
    }

    @Test func theStepperWrapsAndTakesKeys() {
        let stepper = Stepper()
        stepper.maximumValue = 50
        stepper.stepValue = 5
        let s = scene(stepper, at: Rect(x: 0, y: 0, width: 84, height: 28))
        stepper.becomeFirstResponder()
        s.key(.up); #expect(stepper.value == 5)
        s.key(.pageUp); #expect(stepper.value == 50)
        s.key(.down); #expect(stepper.value == 45)
        s.key(.home); #expect(stepper.value == 0)
        stepper.wraps = true
        s.key(.down); #expect(stepper.value == 50)
        s.key(.up); #expect(stepper.value == 0)
        stepper.stepValue = .nan
        #expect(stepper.stepValue == 1)
        #expect(AccessibilityNode(view: stepper).role == .spinButton)
    }

    // MARK: Progress and activity

    @Test func progressIsClampedAndIndeterminateProgressSaysSo() {
        let progress = ProgressView()
        _ = scene(progress, at: Rect(x: 0, y: 0, width: 200, height: 6))
        progress.progress = 1.7
        #expect(progress.progress == 1)
        progress.progress = .nan
        #expect(progress.progress == 0)
        progress.setProgress(0.25, animated: false)
        #expect(AccessibilityNode(view: progress).value?.text == "25%")
        progress.isIndeterminate = true
        let node = AccessibilityNode(view: progress)
        #expect(node.role == .progressBar)
        #expect(node.states.contains(.indeterminate))
        #expect(!progress.setAccessibilityValue(0.5))
        // The stripe sweeps there and back within the track.
        #expect(progress.stripeRect(phase: 0).x == 0)
        #expect(progress.stripeRect(phase: 0.5).maxX == 200)
        #expect(progress.stripeRect(phase: 1).x == 0)
    }

    @Test func theActivityIndicatorShowsOnlyWhileAnimatingByDefault() {
        let spinner = ActivityIndicatorView()
        _ = scene(spinner, at: Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(spinner.isHidden)
        spinner.startAnimating()
        #expect(!spinner.isHidden && spinner.isAnimating)
        spinner.stopAnimating()
        #expect(spinner.isHidden && !spinner.isAnimating)
        spinner.hidesWhenStopped = false
        #expect(!spinner.isHidden)
    }

    @Test func everySpokeOfTheSpinnerIsVisibleOnALightBackground() {
        let spinner = ActivityIndicatorView()
        _ = scene(spinner, at: Rect(x: 0, y: 0, width: 20, height: 20))
        let recorder = RecordingRenderer()
        TraitCollection(userInterfaceStyle: .light).performAsCurrent { spinner.draw(in: recorder) }
        let spokes: [(points: [Point], color: Color)] = recorder.calls.compactMap {
            if case .polygon(let points, let color) = $0 { (points, color) } else { nil }
        }
        #expect(spokes.count == ActivityIndicatorView.spokes)
        // Ink over white: the faintest spoke must still be a visible grey, the lead one near black.
        let inks = spokes.map { $0.color.resolvedColor(with: TraitCollection()).alpha }
        #expect((inks.min() ?? 0) >= 0.2, "\(inks)")
        #expect((inks.max() ?? 0) >= 0.85, "\(inks)")
        for spoke in spokes {
            let xs = spoke.points.map(\.x), ys = spoke.points.map(\.y)
            let length = max((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
            #expect(length >= 5, "a spoke spans at least half the radius")
            // The shoelace area: a spoke whose sides are not across it collapses to a sliver.
            let p = spoke.points
            let area = abs(p.indices.reduce(0.0) { sum, i in
                let q = p[(i + 1) % p.count]
                return sum + p[i].x * q.y - q.x * p[i].y
            }) / 2
            #expect(area >= 2 * 5 * 0.9, "each spoke is a solid bar: area \(area)")
        }
    }

    // MARK: CheckBox and RadioGroup

    @Test func aCheckBoxTogglesFromItsTitleToo() {
        let box = CheckBox(title: "Remember me")
        let s = scene(box, at: Rect(x: 0, y: 0, width: 200, height: 20))
        var sent: [Bool] = []
        box.addAction(for: .valueChanged) { sent.append($0.isOn) }
        s.click(at: Point(x: 100, y: 10))   // on the title
        s.click(at: Point(x: 8, y: 10))     // on the box
        box.becomeFirstResponder()
        s.key(.space)
        #expect(sent == [true, false, true])
        let node = AccessibilityNode(view: box)
        #expect(node.role == .checkBox && node.name == "Remember me" && node.states.contains(.checked))
        #expect(box.setAccessibilityValue(0))
        #expect(!box.isOn)
    }

    @Test func theRadioGroupChoosesOneByClickAndArrows() {
        let group = RadioGroup(options: ["Small", "Medium", "Large"])
        let s = scene(group, at: Rect(x: 0, y: 0, width: 200, height: 72))
        var sent: [Int] = []
        group.addAction(for: .valueChanged) { sent.append($0.selectedIndex) }
        s.click(at: Point(x: 50, y: 36))
        #expect(group.selectedIndex == 1)
        group.becomeFirstResponder()
        s.key(.down); #expect(group.selectedIndex == 2)
        s.key(.down); #expect(group.selectedIndex == 0)   // wraps, as GTK's radio buttons
        group.setEnabled(false, forOptionAt: 1)
        s.key(.down); #expect(group.selectedIndex == 2)
        #expect(sent == [1, 2, 0, 2])
        #expect(group.accessibilityElements.map(\.role) == [.radioButton, .radioButton, .radioButton])
        group.options = ["One"]
        #expect(group.selectedIndex == -1)
    }

    @Test func everyControlTakesTabFocus() {
        let scene = HeadlessScene()
        let controls: [View] = [Switch(), Slider(), SegmentedControl(items: ["A"]), Stepper(), CheckBox(title: "C"),
                                RadioGroup(options: ["R"])]
        for (i, c) in controls.enumerated() {
            c.frame = Rect(x: 10, y: 10 + Double(i) * 40, width: 120, height: 28)
            scene.root.addSubview(c)
        }
        var focused: [String] = []
        for _ in controls {
            scene.key(.tab)
            focused.append(scene.eventRouter.firstResponder.map { String(describing: type(of: $0)) } ?? "nil")
        }
        #expect(focused == ["Switch", "Slider", "SegmentedControl", "Stepper", "CheckBox", "RadioGroup"])
    }
}
