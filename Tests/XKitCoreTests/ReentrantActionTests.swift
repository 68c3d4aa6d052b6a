import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// Handlers that add, remove and send actions on the control that is running them, as UIKit allows:
/// one removed during a dispatch does not run later in it, one added during it runs from the next one.
@MainActor
struct ReentrantActionTests {
    private func clickable() -> (GestureBench, Button) {
        let bench = GestureBench()
        let button = Button(title: "Once")
        button.frame = Rect(x: 200, y: 200, width: 100, height: 30)
        bench.root.addSubview(button)
        return (bench, button)
    }

    private let inButton = Point(x: 250, y: 215)

    @Test func aHandlerThatRemovesItselfRunsOnceAndNeverAgain() {
        let (bench, button) = clickable()
        var runs = 0
        var token: ActionToken?
        token = button.addAction { b in
            runs += 1
            if let token { b.removeAction(token) }
        }
        bench.click(inButton)
        bench.clock.advance(by: 1)
        bench.click(inButton)
        #expect(runs == 1)
        #expect(button.actionCount(for: .primaryActionTriggered) == 0)
    }

    @Test func aHandlerRemovedByAnEarlierOneDoesNotRunInTheSameDispatch() {
        let (_, button) = clickable()
        var log: [String] = []
        var second: ActionToken?
        button.addAction { b in log.append("first"); if let second { b.removeAction(second) } }
        second = button.addAction { _ in log.append("second") }
        button.addAction { _ in log.append("third") }
        button.sendActions(for: .primaryActionTriggered)
        #expect(log == ["first", "third"])
        button.sendActions(for: .primaryActionTriggered)
        #expect(log == ["first", "third", "first", "third"])
    }

    @Test func aHandlerAddedDuringADispatchRunsFromTheNextOne() {
        let (_, button) = clickable()
        var log: [String] = []
        var added = false
        button.addAction { b in
            log.append("adder")
            if !added { added = true; b.addAction { _ in log.append("late") } }
        }
        button.sendActions(for: .primaryActionTriggered)
        #expect(log == ["adder"])
        button.sendActions(for: .primaryActionTriggered)
        #expect(log == ["adder", "adder", "late"])
    }

    @Test func aHandlerMaySendOtherEventsOnItsOwnControl() {
        let (bench, button) = clickable()
        var log: [String] = []
        button.addAction(for: .valueChanged) { _ in log.append("value") }
        button.addAction { b in log.append("primary"); b.sendActions(for: .valueChanged) }
        bench.click(inButton)
        #expect(log == ["primary", "value"])
    }

    @Test func removingEveryHandlerDuringADispatchStopsTheRest() {
        let (_, button) = clickable()
        var log: [String] = []
        var tokens: [ActionToken] = []
        tokens.append(button.addAction { b in log.append("a"); tokens.forEach(b.removeAction) })
        tokens.append(button.addAction { _ in log.append("b") })
        tokens.append(button.addAction { _ in log.append("c") })
        button.sendActions(for: .primaryActionTriggered)
        #expect(log == ["a"])
        #expect(button.actionCount(for: .allEvents) == 0)
    }

    @Test func aTapClosureMayRemoveItselfAndAddAnother() {
        let bench = GestureBench()
        var log: [String] = []
        var token: ActionToken?
        token = bench.child.onTap { view in
            log.append("once")
            if let token { view.removeTapHandler(token) }
            view.onTap { _ in log.append("next") }
        }
        bench.click(bench.inChild)
        bench.clock.advance(by: 1)
        bench.click(bench.inChild)
        #expect(log == ["once", "next"])
    }

    @Test func aGestureTargetMayRemoveItselfAndOthersDuringItsCall() {
        let bench = GestureBench()
        let tap = TapGestureRecognizer()
        bench.child.addGestureRecognizer(tap)
        var log: [String] = []
        var own: GestureTargetToken?
        var other: GestureTargetToken?
        own = tap.addTarget { r in
            log.append("own")
            if let own { r.removeTarget(own) }
            if let other { r.removeTarget(other) }
            r.addTarget { _ in log.append("added") }
        }
        other = tap.addTarget { _ in log.append("other") }
        bench.click(bench.inChild)
        #expect(log == ["own"])
        bench.clock.advance(by: 1)
        bench.click(bench.inChild)
        #expect(log == ["own", "added"])
    }

    @Test func aMenuItemHandlerMayReplaceTheItemsOfItsOwnView() {
        let scene = HeadlessScene()
        let label = Label(text: "Copy me")
        label.frame = Rect(x: 20, y: 20, width: 200, height: 24)
        label.isCopyable = true
        scene.root.addSubview(label)
        var chosen = 0
        label.menuItems = [MenuItem(title: "Again") { context in
            chosen += 1
            context.target?.menuItems = [MenuItem(title: "Replaced") { _ in chosen += 10 }]
        }]
        scene.longPress(at: Point(x: 40, y: 30))
        scene.platform.displayPass()
        #expect(scene.chooseMenuItem("Again"))
        scene.platform.displayPass()
        scene.longPress(at: Point(x: 40, y: 30))
        scene.platform.displayPass()
        #expect(scene.chooseMenuItem("Replaced"))
        #expect(chosen == 11)
    }

    @Test func keyCommandsAndActionHandlersMayChangeTheHandlersOfTheirView() {
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var log: [String] = []
        var keyToken: ResponderHandlerToken?
        keyToken = view.addKeyCommand(KeyCommand(.character("k"), modifiers: .control)) { _ in
            log.append("key")
            if let keyToken { view.removeResponderHandler(keyToken) }
            return true
        }
        view.addActionHandler(.copy, canPerform: {
            view.addKeyCommand(KeyCommand(.character("j"), modifiers: .control)) { _ in true }
            return true
        }) { _, _ in
            log.append("copy")
            view.addActionHandler(.paste) { _, _ in log.append("paste") }
        }
        let press = KeyEvent(key: .character("k"), modifiers: .control)
        #expect(view.extensionHandleKey(press))
        #expect(!view.extensionHandleKey(press))
        #expect(view.canPerformAction(.copy, sender: nil))
        #expect(view.extensionPerform(.copy, sender: nil, event: nil))
        #expect(view.extensionPerform(.paste, sender: nil, event: nil))
        #expect(log == ["key", "copy", "paste"])
    }
}
