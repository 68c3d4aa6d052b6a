import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// `View.animate` on the frame clock, display-free: the manual clock gives the value at each
/// moment, and the headless platform's timer list shows the clock sleeping when nothing moves.
@MainActor
@Suite struct AnimationTests {
    private func setUp() -> (HeadlessScene, View) {
        let scene = HeadlessScene()
        let view = View(frame: Rect(x: 0, y: 0, width: 50, height: 20))
        scene.root.addSubview(view)
        scene.platform.displayPass()
        return (scene, view)
    }

    @Test func aLinearAnimationIsAtTheFractionOfItsDurationThatHasPassed() {
        let (scene, view) = setUp()
        View.animate(withDuration: 0.4, delay: 0, options: [.curveLinear], animations: { view.frame.origin.x = 100 },
                     completion: nil)
        #expect(view.frame.x == 0, "the view starts where it was")
        scene.platform.advance(by: 0.1)
        #expect(abs(view.frame.x - 25) < 0.5)
        scene.platform.advance(by: 0.1)
        #expect(abs(view.frame.x - 50) < 0.5)
        scene.platform.advance(by: 0.25)
        #expect(view.frame.x == 100, "it lands exactly on the end value")
    }

    @Test func easeInOutIsTheDefaultAndIsSlowAtBothEnds() {
        let (scene, view) = setUp()
        View.animate(withDuration: 0.4) { view.frame.origin.x = 100 }
        scene.platform.advance(by: 0.1)
        let quarter = view.frame.x
        scene.platform.advance(by: 0.1)
        let half = view.frame.x
        scene.platform.advance(by: 0.1)
        let threeQuarters = view.frame.x
        #expect(quarter > 0 && quarter < 20, "slower than linear at the start: \(quarter)")
        #expect(abs(half - 50) < 1, "the curve is symmetric: \(half)")
        #expect(threeQuarters > 80 && threeQuarters < 100, "slower than linear at the end: \(threeQuarters)")
        #expect(abs(TimingCurve.easeInOut.progress(at: 0.25) + TimingCurve.easeInOut.progress(at: 0.75) - 1) < 1e-6)
        #expect(TimingCurve.easeIn.progress(at: 0.5) < 0.5 && TimingCurve.easeOut.progress(at: 0.5) > 0.5)
    }

    @Test func completionRunsOnceWithTrueAndThenTheClockSleeps() {
        let (scene, view) = setUp()
        var results: [Bool] = []
        View.animate(withDuration: 0.2, animations: { view.alpha = 0.5 }, completion: { results.append($0) })
        #expect(scene.app.frameClock.isTicking)
        scene.platform.advance(by: 0.1)
        #expect(results.isEmpty)
        scene.platform.advance(by: 0.5)
        #expect(results == [true])
        #expect(view.alpha == 0.5)
        #expect(!scene.app.frameClock.isTicking, "no frame is asked for once nothing moves")
        #expect(scene.platform.pendingTimerDelays.isEmpty, "an idle app has no timer waiting")
        scene.platform.advance(by: 1)
        #expect(results == [true])
    }

    @Test func anIdleAppNeverAsksForAFrame() {
        let (scene, view) = setUp()
        view.frame.origin.x = 30
        view.alpha = 0.3
        scene.platform.advance(by: 1)
        #expect(scene.app.frameClock.framesStepped == 0)
        #expect(scene.platform.pendingTimerDelays.isEmpty)
    }

    @Test func aNewAnimationTakesOverFromWhereTheOldOneIsAndTheOldOneHearsFalse() {
        let (scene, view) = setUp()
        var first: [Bool] = [], second: [Bool] = []
        View.animate(withDuration: 0.4, delay: 0, options: [.curveLinear], animations: { view.frame.origin.x = 100 },
                     completion: { first.append($0) })
        scene.platform.advance(by: 0.2)
        let midway = view.frame.x
        View.animate(withDuration: 0.4, delay: 0, options: [.curveLinear], animations: { view.frame.origin.x = 0 },
                     completion: { second.append($0) })
        #expect(view.frame.x == midway, "no jump: the new animation starts from what is drawn")
        scene.platform.advance(by: 0.2)
        #expect(first == [false])
        #expect(abs(view.frame.x - midway / 2) < 1)
        scene.platform.advance(by: 0.3)
        #expect(first == [false] && second == [true])
        #expect(view.frame.x == 0)
    }

    @Test func aRemovedViewLandsOnItsEndValueAndItsCompletionHearsFalse() {
        let (scene, view) = setUp()
        var results: [Bool] = []
        View.animate(withDuration: 0.4, animations: { view.frame.origin.y = 80; view.alpha = 0 },
                     completion: { results.append($0) })
        scene.platform.advance(by: 0.1)
        view.removeFromSuperview()
        scene.platform.advance(by: 0.05)
        #expect(results == [false])
        #expect(view.frame.y == 80 && view.alpha == 0)
        #expect(!view.hasRunningAnimations)
        #expect(scene.platform.pendingTimerDelays.isEmpty)
    }

    @Test func aViewFreedMidAnimationEndsItCleanly() {
        let scene = HeadlessScene()
        var results: [Bool] = []
        do {
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            scene.root.addSubview(view)
            View.animate(withDuration: 0.4, animations: { view.frame.origin.x = 50 }, completion: { results.append($0) })
            scene.platform.advance(by: 0.1)
            view.removeFromSuperview()
        }
        scene.platform.advance(by: 0.5)
        #expect(results == [false])
    }

    @Test func aDirectSetDuringAnAnimationBecomesItsEnd() {
        let (scene, view) = setUp()
        var results: [Bool] = []
        View.animate(withDuration: 0.4, delay: 0, options: [.curveLinear], animations: { view.frame.origin.x = 100 },
                     completion: { results.append($0) })
        scene.platform.advance(by: 0.2)
        let drawn = view.frame.x
        view.frame.origin.x = 40
        #expect(view.frame.x == drawn, "what is on screen stays until the next frame")
        scene.platform.advance(by: 0.5)
        #expect(view.frame.x == 40)
        #expect(results == [true])
    }

    @Test func aDelayKeepsTheOldValueUntilItPasses() {
        let (scene, view) = setUp()
        View.animate(withDuration: 0.2, delay: 0.3, options: [.curveLinear], animations: { view.frame.origin.x = 100 },
                     completion: nil)
        scene.platform.advance(by: 0.25)
        #expect(view.frame.x == 0)
        scene.platform.advance(by: 0.15)
        #expect(view.frame.x > 20 && view.frame.x < 80)
    }

    @Test func alphaAndBackgroundColourInterpolate() {
        let (scene, view) = setUp()
        view.backgroundColor = Color(white: 0)
        View.animate(withDuration: 0.4, delay: 0, options: [.curveLinear], animations: {
            view.alpha = 0
            view.backgroundColor = Color(white: 1)
        }, completion: nil)
        scene.platform.advance(by: 0.2)
        #expect(abs(view.alpha - 0.5) < 0.05)
        #expect(abs((view.backgroundColor?.redComponent ?? -1) - 0.5) < 0.05)
        scene.platform.advance(by: 0.3)
        #expect(view.alpha == 0 && view.backgroundColor == Color(white: 1))
    }

    @Test func aTranslucentViewDrawsItsSubtreeWithScaledAlpha() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        parent.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let child = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        child.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        parent.addSubview(child)
        parent.alpha = 0.5
        let recorder = RecordingRenderer()
        parent.render(in: recorder, dirty: parent.bounds)
        let alphas = recorder.calls.compactMap { if case .fill(_, let c) = $0 { c.alpha } else { nil } }
        #expect(alphas == [0.5, 0.25])
        parent.alpha = 0
        let hidden = RecordingRenderer()
        parent.render(in: hidden, dirty: parent.bounds)
        #expect(hidden.calls.isEmpty)
        parent.alpha = .nan
        #expect(parent.alpha == 1)
    }

    @Test func withMotionOffTheEndStateLandsAtOnceAndCompletionStillRuns() {
        let (scene, view) = setUp()
        scene.platform.settings.enablesAnimations = false
        var results: [Bool] = []
        View.animate(withDuration: 0.4, animations: { view.frame.origin.x = 100 }, completion: { results.append($0) })
        #expect(view.frame.x == 100)
        #expect(results.isEmpty, "completion is never called from inside animate")
        scene.platform.advance(by: FrameClock.frameInterval)
        #expect(results == [true])
        #expect(scene.platform.pendingTimerDelays.isEmpty)
    }

    @Test func turningMotionOffMidAnimationLandsItOnTheNextFrame() {
        let (scene, view) = setUp()
        var results: [Bool] = []
        View.animate(withDuration: 1, animations: { view.frame.origin.x = 100 }, completion: { results.append($0) })
        scene.platform.advance(by: 0.1)
        #expect(view.frame.x < 100)
        scene.platform.settings.enablesAnimations = false
        scene.platform.advance(by: FrameClock.frameInterval)
        #expect(view.frame.x == 100 && results == [true])
    }

    @Test func theAppOverrideBeatsTheDesktop() {
        let (scene, view) = setUp()
        scene.app.frameClock.animationsEnabledOverride = false
        View.animate(withDuration: 0.4) { view.frame.origin.x = 100 }
        #expect(view.frame.x == 100)
        scene.platform.settings.enablesAnimations = false
        scene.app.frameClock.animationsEnabledOverride = true
        View.animate(withDuration: 0.4) { view.frame.origin.x = 0 }
        #expect(view.frame.x == 100, "animates although the desktop asks for no motion")
        scene.platform.advance(by: 0.2)
        #expect(view.frame.x > 0 && view.frame.x < 100)
    }

    @Test func badDurationsCountAsZero() {
        let (scene, view) = setUp()
        var results: [Bool] = []
        View.animate(withDuration: .nan, delay: -1, options: [], animations: { view.frame.origin.x = 10 },
                     completion: { results.append($0) })
        View.animate(withDuration: -3, animations: { view.alpha = 0.2 }, completion: { results.append($0) })
        #expect(view.frame.x == 10 && view.alpha == 0.2)
        scene.platform.advance(by: 0.1)
        #expect(results == [true, true])
    }

    @Test func performWithoutAnimationChangesAtOnceInsideABlock() {
        let (scene, view) = setUp()
        View.animate(withDuration: 0.4) {
            view.frame.origin.x = 100
            View.performWithoutAnimation { view.alpha = 0.3 }
        }
        #expect(view.alpha == 0.3 && view.frame.x == 0)
        scene.platform.advance(by: 0.5)
        #expect(view.frame.x == 100)
    }

    @Test func anAnimationThatChangesNothingStillCompletes() {
        let (scene, view) = setUp()
        var results: [Bool] = []
        View.animate(withDuration: 0.3, animations: { view.frame.origin.x = 0 }, completion: { results.append($0) })
        scene.platform.advance(by: 0.05)
        #expect(results == [true])
    }

    @Test func aSpringOvershootsAndSettlesOnTheEnd() {
        let values = stride(from: 0.0, through: 1.0, by: 0.01).map { TimingCurve.spring(damping: 0.3, velocity: 0).progress(at: $0) }
        #expect(values.max() ?? 0 > 1.05, "a low damping overshoots")
        #expect(values.last == 1)
        let stiff = stride(from: 0.0, through: 1.0, by: 0.01).map { TimingCurve.spring(damping: 1, velocity: 0).progress(at: $0) }
        #expect(stiff.allSatisfy { $0 <= 1.0001 }, "critical damping never overshoots")
        let (scene, view) = setUp()
        View.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [],
                     animations: { view.frame.origin.x = 100 }, completion: nil)
        scene.platform.advance(by: 0.6)
        #expect(view.frame.x == 100)
    }

    @Test func subviewsFollowAnAnimatedResizeThroughAutoresizing() {
        let (scene, view) = setUp()
        let fill = View(frame: view.bounds)
        fill.autoresizingMask = .fill
        view.addSubview(fill)
        View.animate(withDuration: 0.4, delay: 0, options: [.curveLinear], animations: { view.frame.size.width = 150 },
                     completion: nil)
        scene.platform.advance(by: 0.2)
        #expect(abs(fill.frame.width - 100) < 2)
        scene.platform.advance(by: 0.3)
        #expect(fill.frame.width == 150)
    }
}

/// The toolkit's own motion: navigation slides, the dialog fade, the switch knob and the progress fill.
@MainActor
@Suite struct ToolkitMotionTests {
    private func navigationScene() -> (HeadlessScene, NavigationController, ViewController) {
        let scene = HeadlessScene(size: Size(width: 400, height: 300))
        let root = ViewController()
        root.title = "Settings"
        let navigation = NavigationController(rootViewController: root)
        scene.window.rootViewController = navigation
        scene.platform.displayPass()
        return (scene, navigation, root)
    }

    @Test func anAnimatedPushSlidesTheNewScreenInFromTheRightOverTheOldOne() {
        let (scene, navigation, root) = navigationScene()
        let about = ViewController()
        navigation.pushViewController(about, animated: true)
        scene.platform.displayPass()
        #expect(about.view.frame.x == 400, "the new screen starts off the right edge")
        #expect(root.view.superview != nil, "the old screen stays while it slides")
        var xs: [Double] = []
        for _ in 0..<6 {
            scene.platform.advance(by: 0.05)
            xs.append(about.view.frame.x)
        }
        #expect(xs.first.map { $0 > 0 && $0 < 400 } == true, "an intermediate frame: \(xs)")
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 >= $1 }, "it only moves left: \(xs)")
        #expect(root.view.frame.x < 0, "the old screen moves left under it")
        scene.platform.advance(by: 0.2)
        #expect(about.view.frame.x == 0)
        #expect(root.viewIfLoaded?.superview == nil, "the old screen leaves once it is covered")
        #expect(root.view.frame.x == 0, "and is put back for when it returns")
        #expect(!scene.app.frameClock.isTicking)
    }

    @Test func anAnimatedPopSlidesTheTopScreenOffToTheRight() {
        let (scene, navigation, root) = navigationScene()
        let about = ViewController()
        navigation.pushViewController(about, animated: false)
        scene.platform.displayPass()
        navigation.popViewController(animated: true)
        scene.platform.advance(by: 0.15)
        #expect(about.view.frame.x > 0 && about.view.frame.x < 400)
        let container = try? #require(navigation.viewIfLoaded)
        #expect(container?.subviews.last === about.view, "the leaving screen is drawn over the one it uncovers")
        scene.platform.advance(by: 0.3)
        #expect(about.viewIfLoaded?.superview == nil)
        #expect(root.view.frame.x == 0)
    }

    @Test func aPopDuringAPushKeepsTheScreenItReturnsTo() {
        let (scene, navigation, root) = navigationScene()
        let about = ViewController()
        navigation.pushViewController(about, animated: true)
        scene.platform.advance(by: 0.1)
        navigation.popViewController(animated: true)
        scene.platform.advance(by: 0.6)
        #expect(root.view.superview != nil && root.view.frame.x == 0)
        #expect(about.viewIfLoaded?.superview == nil)
        #expect(navigation.topViewController === root)
    }

    @Test func withMotionOffAPushLandsInOneFrame() {
        let (scene, navigation, root) = navigationScene()
        scene.platform.settings.enablesAnimations = false
        let about = ViewController()
        navigation.pushViewController(about, animated: true)
        scene.platform.displayPass()
        #expect(about.view.frame.x == 0 && root.viewIfLoaded?.superview == nil)
    }

    @Test func aPresentedDialogFadesIn() throws {
        let scene = HeadlessScene()
        let root = ViewController()
        scene.window.rootViewController = root
        let alert = AlertController(title: "Delete?", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "OK", style: .default) { _ in })
        root.present(alert, animated: true)
        scene.platform.displayPass()
        #expect(alert.view.alpha == 0)
        scene.platform.advance(by: Presentation.fadeDuration / 2)
        #expect(alert.view.alpha > 0 && alert.view.alpha < 1)
        scene.platform.advance(by: Presentation.fadeDuration)
        #expect(alert.view.alpha == 1)
    }

    @Test func theSwitchKnobSlidesWhenTheUserTogglesIt() {
        let scene = HeadlessScene()
        let toggle = Switch()
        scene.root.addSubview(toggle)
        toggle.setOn(true, animated: true)
        #expect(toggle.isOn && toggle.knobPosition == 0)
        scene.platform.advance(by: Switch.knobDuration / 2)
        #expect(toggle.knobPosition > 0 && toggle.knobPosition < 1)
        scene.platform.advance(by: Switch.knobDuration)
        #expect(toggle.knobPosition == 1)
        toggle.setOn(false, animated: true)
        scene.platform.advance(by: 0.05)
        toggle.isOn = true
        #expect(toggle.knobPosition == 1, "a direct set stops the slide at its own end")
        scene.platform.advance(by: 0.2)
        #expect(toggle.knobPosition == 1)
    }

    @Test func progressSlidesItsFillWhenAnimated() {
        let scene = HeadlessScene()
        let progress = ProgressView(frame: Rect(x: 0, y: 0, width: 100, height: 6))
        scene.root.addSubview(progress)
        progress.setProgress(0.8, animated: true)
        #expect(progress.progress == 0.8, "the model value is set at once")
        scene.platform.advance(by: ProgressView.fillDuration / 2)
        #expect(progress.displayedProgress > 0 && progress.displayedProgress < 0.8)
        scene.platform.advance(by: ProgressView.fillDuration)
        #expect(progress.displayedProgress == 0.8)
        progress.setProgress(0.2, animated: false)
        #expect(progress.displayedProgress == 0.2)
    }
}
