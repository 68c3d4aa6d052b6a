import Testing
@testable import XKitCore

/// Control tracking, closure actions, tap closures and handler lifetimes, with synthetic events.
@MainActor
struct ControlTests {
    @MainActor private final class Fixture {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let host: MeasuringHost
        var time = 0.0
        init() { host = MeasuringHost(root: root) }
        var router: EventRouter { host.eventRouter }

        func send(_ kind: PointerEvent.Kind, _ x: Double, _ y: Double, button: PointerButton = .primary) {
            time += 0.05
            let held: Set<PointerButton> = kind == .up ? [] : [button]
            router.handle(PointerEvent(kind: kind, location: Point(x: x, y: y), button: kind == .moved ? nil : button,
                                       buttonsDown: held, time: time))
        }

        func click(_ x: Double, _ y: Double) {
            send(.down, x, y)
            send(.up, x, y)
        }

        func key(_ key: Key, modifiers: Modifiers = []) {
            router.handle(KeyEvent(key: key, modifiers: modifiers))
        }
    }

    private func button(in fixture: Fixture, _ title: String = "OK") -> Button {
        let button = Button(title: title)
        button.frame = Rect(x: 10, y: 10, width: 100, height: 30)
        fixture.root.addSubview(button)
        return button
    }

    @Test func aClickFiresThePrimaryActionExactlyOnce() {
        let f = Fixture()
        let b = button(in: f)
        var events: [String] = []
        b.addAction(for: .allEvents.subtracting(.primaryActionTriggered)) { _ in events.append("any") }
        var primary = 0
        b.addAction { _ in primary += 1 }
        f.click(50, 20)
        #expect(primary == 1)
        #expect(events.count == 2) // touchDown, touchUpInside
    }

    @Test func pressingInsideAndReleasingOutsideSendsTouchUpOutsideOnly() {
        let f = Fixture()
        let b = button(in: f)
        var log: [String] = []
        b.addAction(for: .touchUpOutside) { _ in log.append("outside") }
        b.addAction(for: .touchDragExit) { _ in log.append("exit") }
        b.addAction(for: .touchDragEnter) { _ in log.append("enter") }
        b.addAction { _ in log.append("primary") }
        f.send(.down, 50, 20)
        #expect(b.isHighlighted)
        f.send(.moved, 250, 200)
        #expect(!b.isHighlighted)
        f.send(.moved, 60, 20)
        f.send(.moved, 300, 250)
        f.send(.up, 300, 250)
        #expect(log == ["exit", "enter", "exit", "outside"])
    }

    @Test func aDisabledButtonIgnoresClicksAndKeys() {
        let f = Fixture()
        let b = button(in: f)
        var ran = 0
        b.addAction { _ in ran += 1 }
        b.isEnabled = false
        f.click(50, 20)
        #expect(!b.becomeFirstResponder())
        f.key(.space)
        #expect(ran == 0)
        #expect(b.state.contains(.disabled))
    }

    @Test func handlersRunInOrderAndOneCanBeRemoved() {
        let f = Fixture()
        let b = button(in: f)
        var log: [String] = []
        b.addAction { _ in log.append("A") }
        let tokenB = b.addAction { _ in log.append("B") }
        b.addAction { _ in log.append("C") }
        f.click(50, 20)
        b.removeAction(tokenB)
        f.click(50, 20)
        #expect(log == ["A", "B", "C", "A", "C"])
    }

    @Test func theHandlerReceivesTheConcreteSender() {
        let f = Fixture()
        let b = button(in: f, "Typed")
        var title: String?
        b.addAction { (sender: Button) in title = sender.title }
        f.click(50, 20)
        #expect(title == "Typed")
    }

    @Test func tabReachesButtonsInReadingOrderAndSpaceOrEnterActivates() {
        let f = Fixture()
        let first = button(in: f, "First")
        let second = button(in: f, "Second")
        second.frame = Rect(x: 150, y: 10, width: 100, height: 30)
        var log: [String] = []
        first.addAction { _ in log.append("first") }
        second.addAction { _ in log.append("second") }
        f.key(.tab)
        #expect(first.isFirstResponder)
        #expect(first.state.contains(.focused))
        f.key(.space)
        f.key(.tab)
        #expect(second.isFirstResponder)
        f.key(.enter)
        f.key(.tab, modifiers: .shift)
        #expect(first.isFirstResponder)
        #expect(log == ["first", "second"])
    }

    @Test func theTitleLabelBelongsToTheButtonAndNeverTakesClicks() {
        let f = Fixture()
        let b = button(in: f)
        b.layoutIfNeeded()
        #expect(b.titleLabel.isOwnedByControl)
        #expect(f.root.hitTest(Point(x: 60, y: 25)) === b)
    }

    @Test func aContainerWithInteractionOffHidesItsSubtreeFromThePointer() {
        let f = Fixture()
        let container = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        f.root.addSubview(container)
        let b = Button(title: "Inside")
        b.frame = Rect(x: 10, y: 10, width: 100, height: 30)
        container.addSubview(b)
        var ran = 0
        b.addAction { _ in ran += 1 }
        container.isUserInteractionEnabled = false
        #expect(f.root.hitTest(Point(x: 50, y: 20)) === f.root)
        f.click(50, 20)
        container.isUserInteractionEnabled = true
        #expect(f.root.hitTest(Point(x: 50, y: 20)) === b)
        f.click(50, 20)
        #expect(ran == 1)
    }

    @Test func onTapInstallsOneRecognizerHoweverOftenItIsCalled() {
        let f = Fixture()
        let view = View(frame: Rect(x: 200, y: 100, width: 50, height: 50))
        f.root.addSubview(view)
        var taps: [String] = []
        view.onTap { _ in taps.append("1") }
        view.onTap { _ in taps.append("2") }
        #expect(view.gestureRecognizers.count == 1)
        #expect(view.isUserInteractionEnabled)
        f.click(220, 120)
        #expect(taps == ["1", "2"])
    }

    @Test func onTapWithAWeakOwnerDropsItselfOnceTheOwnerIsGone() {
        final class Owner { var taps = 0 }
        let f = Fixture()
        let view = View(frame: Rect(x: 200, y: 100, width: 50, height: 50))
        f.root.addSubview(view)
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        if let owner { view.onTap(owner: owner) { owner, _ in owner.taps += 1 } }
        f.click(220, 120)
        #expect(owner?.taps == 1)
        owner = nil
        #expect(weakOwner == nil)
        f.click(220, 120)
        #expect(weakOwner == nil)
    }

    @Test func handlersSurviveReparentingAndDieWithTheView() {
        final class Probe { nonisolated(unsafe) static var alive = 0; init() { Probe.alive += 1 }; deinit { Probe.alive -= 1 } }
        let f = Fixture()
        weak var weakButton: Button?
        var ran = 0
        do {
            let b = button(in: f)
            weakButton = b
            let probe = Probe()
            b.addAction { _ in _ = probe; ran += 1 }
            let other = View(frame: Rect(x: 0, y: 100, width: 300, height: 100))
            f.root.addSubview(other)
            other.addSubview(b) // reparent: the button is now at y 110 in the window
            f.click(50, 120)
            #expect(ran == 1)
            #expect(Probe.alive == 1)
            b.removeFromSuperview()
            other.removeFromSuperview()
        }
        #expect(weakButton == nil)
        #expect(Probe.alive == 0)
    }

    @Test func aWeakOwnerIsNotRetainedAndItsHandlerStopsRunning() {
        final class Owner { var hits = 0 }
        let f = Fixture()
        let b = button(in: f)
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        b.addAction(owner: owner!) { owner, _ in owner.hits += 1 }
        f.click(50, 20)
        #expect(owner?.hits == 1)
        owner = nil
        #expect(weakOwner == nil)
        #expect(b.actionCount(for: .primaryActionTriggered) == 1)
        f.click(50, 20)
        // The dead owner's handler removed itself when it next fired.
        #expect(b.actionCount(for: .primaryActionTriggered) == 0)
    }

    @Test func aControlInsideATappableViewKeepsItsClick() {
        let f = Fixture()
        let card = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        f.root.addSubview(card)
        var cardTaps = 0
        card.onTap { _ in cardTaps += 1 }
        let b = Button(title: "Inner")
        b.frame = Rect(x: 10, y: 10, width: 100, height: 30)
        card.addSubview(b)
        var buttonTaps = 0
        b.addAction { _ in buttonTaps += 1 }
        f.click(50, 20)
        f.click(200, 150)
        #expect(buttonTaps == 1)
        #expect(cardTaps == 1)
    }
}
