import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// The spinner's turn and the indeterminate bar's sweep on the frame clock, display-free: they move
/// only while on screen and motion is allowed, and the clock sleeps as soon as nothing is seen moving.
@MainActor
@Suite struct ContinuousMotionTests {
    private func spinnerScene() -> (HeadlessScene, ActivityIndicatorView) {
        let scene = HeadlessScene()
        let spinner = ActivityIndicatorView(frame: Rect(x: 100, y: 100, width: 20, height: 20))
        scene.root.addSubview(spinner)
        spinner.startAnimating()
        scene.platform.displayPass()
        return (scene, spinner)
    }

    private func barScene() -> (HeadlessScene, ProgressView) {
        let scene = HeadlessScene()
        let bar = ProgressView(frame: Rect(x: 20, y: 200, width: 200, height: 6))
        scene.root.addSubview(bar)
        bar.isIndeterminate = true
        scene.platform.displayPass()
        return (scene, bar)
    }

    @Test func theSpinnerStepsASpokeAtATimeAboutOneTurnPerSecond() {
        let (scene, spinner) = spinnerScene()
        #expect(spinner.spinPhase == 0)
        #expect(scene.platform.pendingTimerDelays.count == 1)
        #expect(scene.platform.pendingTimerDelays.first.map { abs($0 - 0.125) < 1e-9 } == true,
                "a spinner alone wakes the clock once per spoke, not 60 times a second: \(scene.platform.pendingTimerDelays)")
        scene.platform.advance(by: 0.125)
        #expect(spinner.spinPhase == 1.0 / 8)
        scene.platform.advance(by: 0.06)
        #expect(spinner.spinPhase == 1.0 / 8, "between spokes nothing moves")
        scene.platform.advance(by: 0.5 - 0.06)
        #expect(spinner.spinPhase == 5.0 / 8)
        let frames = scene.app.frameClock.framesStepped
        scene.platform.advance(by: 0.375)
        #expect(spinner.spinPhase == 0, "a whole turn in one second")
        scene.platform.advance(by: 1)
        #expect(scene.app.frameClock.framesStepped - frames == 3 + 8, "eight frames a second")
        #expect(scene.app.frameClock.isTicking)
    }

    @Test func theIndeterminateStripeSweepsEveryFrameAboutOneAndAHalfSecondsASweep() {
        let (scene, bar) = barScene()
        #expect(bar.sweepPhase == ProgressView.restingSweepPhase)
        #expect(scene.platform.pendingTimerDelays.first.map { abs($0 - FrameClock.frameInterval) < 1e-9 } == true)
        scene.platform.advance(by: 0.75)
        #expect(abs(bar.sweepPhase - 0.75) < 1e-6, "half a sweep in 0.75 s: \(bar.sweepPhase)")
        let x = bar.stripeRect(phase: bar.sweepPhase).x
        scene.platform.advance(by: FrameClock.frameInterval)
        #expect(bar.stripeRect(phase: bar.sweepPhase).x != x, "the stripe moves every frame")
        scene.platform.advance(by: 0.75 - FrameClock.frameInterval)
        #expect(abs(bar.sweepPhase - 0.25) < 1e-6, "a whole sweep in 1.5 s: \(bar.sweepPhase)")
    }

    @Test func stopAnimatingPutsTheClockToSleepAtOnce() {
        let (scene, spinner) = spinnerScene()
        scene.platform.advance(by: 0.3)
        spinner.stopAnimating()
        #expect(!scene.app.frameClock.isTicking)
        #expect(scene.platform.pendingTimerDelays.isEmpty)
        let frames = scene.app.frameClock.framesStepped, phase = spinner.spinPhase
        scene.platform.advance(by: 2)
        #expect(scene.app.frameClock.framesStepped == frames && spinner.spinPhase == phase)
        spinner.startAnimating()
        #expect(scene.app.frameClock.isTicking && spinner.spinPhase == 0, "starting again starts from the first spoke")
    }

    @Test func hidingTheSpinnerOrAnAncestorStopsTheClockAndShowingItAgainRestartsIt() {
        let (scene, spinner) = spinnerScene()
        spinner.hidesWhenStopped = false
        spinner.isHidden = true
        scene.platform.displayPass()
        #expect(!scene.app.frameClock.isTicking, "a hidden spinner is seen by no one")
        #expect(scene.platform.pendingTimerDelays.isEmpty)
        let phase = spinner.spinPhase
        scene.platform.advance(by: 1.06)
        #expect(spinner.spinPhase == phase)
        spinner.isHidden = false
        scene.platform.displayPass()
        #expect(scene.app.frameClock.isTicking)
        scene.platform.advance(by: 0.13)
        #expect(spinner.spinPhase != phase)

        let box = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        scene.root.addSubview(box)
        box.addSubview(spinner)
        scene.platform.displayPass()
        #expect(scene.app.frameClock.isTicking)
        box.isHidden = true
        scene.platform.displayPass()
        #expect(!scene.app.frameClock.isTicking, "hidden with its ancestor")
        box.isHidden = false
        box.alpha = 0
        scene.platform.displayPass()
        #expect(!scene.app.frameClock.isTicking, "a fully transparent ancestor hides it too")
    }

    @Test func removingTheSpinnerFromItsWindowStopsTheClockAndAddingItBackRestartsIt() {
        let (scene, spinner) = spinnerScene()
        spinner.removeFromSuperview()
        scene.platform.displayPass()
        #expect(!scene.app.frameClock.isTicking)
        #expect(scene.platform.pendingTimerDelays.isEmpty)
        scene.root.addSubview(spinner)
        scene.platform.displayPass()
        #expect(scene.app.frameClock.isTicking)
    }

    @Test func aSpinnerStartedBeforeItHasAWindowSpinsOnceItJoinsOne() {
        let scene = HeadlessScene()
        let box = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let spinner = ActivityIndicatorView()
        box.addSubview(spinner)
        spinner.startAnimating()
        let bar = ProgressView(frame: Rect(x: 0, y: 50, width: 80, height: 6))
        bar.isIndeterminate = true
        box.addSubview(bar)
        scene.platform.advance(by: 0.5)
        #expect(scene.app.frameClock.framesStepped == 0)
        scene.root.addSubview(box)
        scene.platform.displayPass()
        #expect(scene.app.frameClock.visibleContinuousMotionCount == 2)
        scene.platform.advance(by: 0.26)
        #expect(spinner.spinPhase == 2.0 / 8)
        #expect(bar.sweepPhase > ProgressView.restingSweepPhase)
    }

    @Test func hidingOrClosingTheWindowStopsTheClock() {
        let (scene, _) = spinnerScene()
        scene.window.hide()
        scene.platform.displayPass()
        #expect(!scene.app.frameClock.isTicking)
        scene.window.show()
        scene.platform.displayPass()
        #expect(scene.app.frameClock.isTicking)
        scene.window.close()
        #expect(!scene.app.frameClock.isTicking, "closing needs no frame of its own to notice")
        #expect(scene.platform.pendingTimerDelays.isEmpty)
    }

    @Test func anIndeterminateBarMadeDeterminateStopsTheClock() {
        let (scene, bar) = barScene()
        scene.platform.advance(by: 0.2)
        bar.isIndeterminate = false
        #expect(!scene.app.frameClock.isTicking)
        #expect(scene.platform.pendingTimerDelays.isEmpty)
        let frames = scene.app.frameClock.framesStepped
        scene.platform.advance(by: 1)
        #expect(scene.app.frameClock.framesStepped == frames)
    }

    @Test func withReducedMotionNothingMovesAndNoFrameIsAskedFor() {
        let scene = HeadlessScene()
        scene.platform.settings.enablesAnimations = false
        let spinner = ActivityIndicatorView(frame: Rect(x: 100, y: 100, width: 20, height: 20))
        let bar = ProgressView(frame: Rect(x: 20, y: 200, width: 200, height: 6))
        scene.root.addSubview(spinner)
        scene.root.addSubview(bar)
        spinner.startAnimating()
        bar.isIndeterminate = true
        scene.platform.displayPass()
        #expect(scene.platform.pendingTimerDelays.isEmpty)
        scene.platform.advance(by: 2)
        #expect(scene.app.frameClock.framesStepped == 0)
        #expect(spinner.spinPhase == 0 && !spinner.isHidden, "a still spinner still says busy")
        #expect(bar.sweepPhase == ProgressView.restingSweepPhase, "the stripe rests in the middle")
    }

    @Test func turningMotionOffMidSpinPutsBothAtRestAndTurningItOnResumes() {
        let scene = HeadlessScene()
        let spinner = ActivityIndicatorView(frame: Rect(x: 100, y: 100, width: 20, height: 20))
        let bar = ProgressView(frame: Rect(x: 20, y: 200, width: 200, height: 6))
        scene.root.addSubview(spinner)
        scene.root.addSubview(bar)
        spinner.startAnimating()
        bar.isIndeterminate = true
        scene.platform.advance(by: 0.3)
        #expect(spinner.spinPhase != 0 && bar.sweepPhase != ProgressView.restingSweepPhase)
        scene.platform.settings.enablesAnimations = false
        scene.platform.setNeedsDisplayPass()   // as a settings change does
        scene.platform.displayPass()
        #expect(spinner.spinPhase == 0 && bar.sweepPhase == ProgressView.restingSweepPhase)
        #expect(!scene.app.frameClock.isTicking)
        scene.platform.advance(by: 1)
        #expect(spinner.spinPhase == 0)
        scene.platform.settings.enablesAnimations = true
        scene.platform.displayPass()
        #expect(scene.app.frameClock.isTicking)
        scene.platform.advance(by: 0.2)
        #expect(spinner.spinPhase != 0)
    }

    @Test func aSpinnerFrameRedrawsOnlyTheSpinnersRect() throws {
        let (scene, spinner) = spinnerScene()
        let label = Label(text: "Downloading the offline copy")
        label.frame = Rect(x: 10, y: 10, width: 300, height: 20)
        scene.root.addSubview(label)
        scene.platform.displayPass()
        let surface = try #require(scene.platform.surface(of: scene.window))
        let presents = surface.presentCount
        scene.platform.advance(by: 0.125)
        #expect(surface.presentCount == presents + 1)
        let dirty = try #require(surface.lastPresentedDirty)
        #expect(dirty == spinner.frame.insetBy(dx: -4, dy: -4), "the spinner and its focus-ring margin: \(dirty)")
        let polygons = surface.recorder.calls.filter { if case .polygon = $0 { true } else { false } }
        #expect(polygons.count == ActivityIndicatorView.spokes)
        #expect(surface.recorder.calls.count <= ActivityIndicatorView.spokes + 1, "\(surface.recorder.calls.count) calls")
        #expect(surface.recorder.texts.isEmpty, "the label outside the rect is not drawn")
    }

    @Test func anAnimationEndingBesideASpinnerLeavesTheClockOnTheSpinnersPace() {
        let (scene, spinner) = spinnerScene()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scene.root.addSubview(view)
        var done = false
        View.animate(withDuration: 0.2, animations: { view.alpha = 0.5 }, completion: { _ in done = true })
        scene.platform.advance(by: 0.1)
        #expect(scene.platform.pendingTimerDelays.first.map { $0 <= FrameClock.frameInterval + 1e-9 } == true)
        scene.platform.advance(by: 0.2)
        #expect(done)
        #expect(spinner.spinPhase == 2.0 / 8)
        #expect(scene.platform.pendingTimerDelays.count == 1)
        #expect(scene.platform.pendingTimerDelays.first.map { $0 > FrameClock.frameInterval } == true,
                "back to one frame per spoke: \(scene.platform.pendingTimerDelays)")
    }

    @Test func displayPassesBetweenFramesNeverPostponeTheNextFrame() {
        let (scene, spinner) = spinnerScene()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scene.root.addSubview(view)
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.frame.origin.x = 100 }, completion: nil)
        for _ in 0..<30 {
            scene.platform.manualClock.advance(by: 0.005)
            spinner.setNeedsDisplay()   // input between frames asks for passes
            scene.platform.displayPass()
        }
        scene.platform.advance(by: 0)
        #expect(view.frame.x > 10, "frames kept coming while passes ran: \(view.frame.x)")
    }

    @Test func aSpinnerBesideASweepingBarAddsNoFramesOfItsOwn() {
        let (scene, spinner) = spinnerScene()
        let bar = ProgressView(frame: Rect(x: 20, y: 200, width: 200, height: 6))
        scene.root.addSubview(bar)
        scene.platform.advance(by: 0.01)
        bar.isIndeterminate = true
        scene.platform.displayPass()
        let frames = scene.app.frameClock.framesStepped
        scene.platform.advance(by: 1)
        #expect(scene.app.frameClock.framesStepped - frames == 60, "the bar's frames alone: \(scene.app.frameClock.framesStepped - frames)")
        let spoke = 1.0 / 8
        #expect(spinner.spinPhase == (1.01 / spoke).rounded(.down).truncatingRemainder(dividingBy: 8) * spoke,
                "the spinner still turns on them: \(spinner.spinPhase)")
    }

    @Test func aSweepFrameRedrawsOnlyTheBarsRect() throws {
        let (scene, bar) = barScene()
        let label = Label(text: "Connecting")
        label.frame = Rect(x: 10, y: 10, width: 300, height: 20)
        scene.root.addSubview(label)
        scene.platform.displayPass()
        let surface = try #require(scene.platform.surface(of: scene.window))
        let presents = surface.presentCount
        scene.platform.advance(by: FrameClock.frameInterval)
        #expect(surface.presentCount == presents + 1)
        #expect(surface.lastPresentedDirty == bar.frame.insetBy(dx: -4, dy: -4))
        #expect(surface.recorder.calls.count <= 3, "the window's background, the track and the stripe: \(surface.recorder.calls.count)")
        #expect(surface.recorder.texts.isEmpty)
    }
}

