import Testing
@testable import XKitCore
import XKitHeadless

/// The XDND target's rules without a display: what it believes, what it answers, when it gives up.
struct XdndTargetMachineTests {
    private func warnings(_ effects: [XdndTargetMachine.Effect]) -> [String] {
        effects.compactMap { if case .warn(let text) = $0 { return text } else { return nil } }
    }

    @Test func enterWithThreeTypesThenPositionAsksTheViewsAndDropPerformsWhenAccepted() {
        var target = XdndTargetMachine()
        let clock = ManualClock()
        #expect(target.handle(.enter(source: 7, version: 5, types: ["text/plain", "UTF8_STRING"]), now: clock.now)
            == [.entered(source: 7, types: ["text/plain", "UTF8_STRING"])])
        #expect(target.handle(.position(source: 7, x: 10, y: 20, time: 1, action: "XdndActionCopy"), now: clock.now)
            == [.update(source: 7, x: 10, y: 20, action: "XdndActionCopy")])
        target.statusSent(accepted: true, source: 7)
        #expect(target.handle(.drop(source: 7, time: 2), now: clock.now) == [.performDrop(source: 7, time: 2)])
        #expect(target.dropFinished(action: "XdndActionCopy", source: 7)
            == [.exited(source: 7), .sendFinished(source: 7, action: "XdndActionCopy")])
        #expect(target.source == nil)
    }

    @Test func aDropOverARefusingViewIsRefusedAtOnce() {
        var target = XdndTargetMachine()
        _ = target.handle(.enter(source: 7, version: 5, types: ["image/png"]), now: 0)
        _ = target.handle(.position(source: 7, x: 1, y: 1, time: 1, action: "XdndActionCopy"), now: 0)
        target.statusSent(accepted: false, source: 7)
        #expect(target.handle(.drop(source: 7, time: 2), now: 0) == [.exited(source: 7), .sendFinished(source: 7, action: "")])
    }

    @Test func positionBeforeEnterIsIgnoredWithAWarning() {
        var target = XdndTargetMachine()
        let effects = target.handle(.position(source: 9, x: 1, y: 1, time: 1, action: "XdndActionCopy"), now: 0)
        #expect(warnings(effects).count == 1)
        #expect(warnings(effects).first?.contains("without XdndEnter") == true)
        #expect(effects.count == 1, "no update reaches the views")
        // A position from a second source while another drags is ignored the same way.
        _ = target.handle(.enter(source: 7, version: 5, types: []), now: 0)
        #expect(warnings(target.handle(.position(source: 8, x: 1, y: 1, time: 1, action: ""), now: 0)).count == 1)
        #expect(target.source == 7)
    }

    @Test func aDropWithoutEnterIsAnsweredWithARefusal() {
        var target = XdndTargetMachine()
        let effects = target.handle(.drop(source: 9, time: 1), now: 0)
        #expect(effects.contains(.sendFinished(source: 9, action: "")))
        #expect(warnings(effects).count == 1)
    }

    @Test func versionsOutsideThreeToFiveAreIgnored() {
        var target = XdndTargetMachine()
        #expect(warnings(target.handle(.enter(source: 1, version: 2, types: []), now: 0)).count == 1)
        #expect(target.source == nil)
        #expect(warnings(target.handle(.enter(source: 1, version: 300, types: []), now: 0)).count == 1)
        _ = target.handle(.enter(source: 1, version: 4, types: []), now: 0)
        #expect(target.source == 1)
    }

    @Test func aTypeListOfTenThousandIsCappedWithAWarning() {
        var target = XdndTargetMachine()
        #expect(target.handle(.enter(source: 3, version: 5, types: nil), now: 0) == [.readTypeList(source: 3)])
        let list = (0..<XdndTargetMachine.maximumTypes).map { "type/\($0)" }
        let effects = target.typesRead(list, totalCount: 10_000, source: 3, now: 0)
        #expect(warnings(effects).first?.contains("10000 types") == true)
        #expect(target.types.count == XdndTargetMachine.maximumTypes)
        // Three types sent inline are never capped; a long inline list (impossible on the wire) is.
        var inline = XdndTargetMachine()
        _ = inline.handle(.enter(source: 4, version: 5, types: (0..<10_000).map { "t\($0)" }), now: 0)
        #expect(inline.types.count == XdndTargetMachine.maximumTypes)
    }

    @Test func aSilentSourceIsGivenUpAfterTheTimeoutAndADropWithoutDataIsRefused() {
        var target = XdndTargetMachine()
        let clock = ManualClock()
        _ = target.handle(.enter(source: 5, version: 5, types: ["text/plain"]), now: clock.now)
        clock.advance(by: 29)
        #expect(target.tick(now: clock.now).isEmpty)
        _ = target.handle(.position(source: 5, x: 0, y: 0, time: 0, action: ""), now: clock.now)
        clock.advance(by: 29)
        #expect(target.tick(now: clock.now).isEmpty, "the position renewed the wait")
        clock.advance(by: 2)
        let ended = target.tick(now: clock.now)
        #expect(ended.contains(.exited(source: 5)))
        #expect(warnings(ended).count == 1)
        // Dropping whose data never arrives ends with a refusal after dropTimeout.
        _ = target.handle(.enter(source: 6, version: 5, types: ["text/plain"]), now: clock.now)
        target.statusSent(accepted: true, source: 6)
        _ = target.handle(.drop(source: 6, time: 9), now: clock.now)
        clock.advance(by: target.dropTimeout)
        #expect(target.tick(now: clock.now).contains(.sendFinished(source: 6, action: "")))
        #expect(target.dropFinished(action: "XdndActionCopy", source: 6).isEmpty, "a late read finishes nothing")
    }

    @Test func aVanishedSourceEndsTheDragAndANewEnterReplacesAnOldOne() {
        var target = XdndTargetMachine()
        _ = target.handle(.enter(source: 5, version: 5, types: []), now: 0)
        #expect(target.sourceVanished(6).isEmpty)
        #expect(target.sourceVanished(5).contains(.exited(source: 5)))
        _ = target.handle(.enter(source: 5, version: 5, types: []), now: 0)
        let replaced = target.handle(.enter(source: 8, version: 5, types: ["a"]), now: 0)
        #expect(replaced.contains(.exited(source: 5)))
        #expect(replaced.contains(.entered(source: 8, types: ["a"])))
        #expect(target.handle(.leave(source: 8), now: 0) == [.exited(source: 8)])
    }
}

/// The XDND source's rules without a display: threshold, one position in flight, the quiet rectangle, endings.
struct XdndSourceMachineTests {
    private let gtk = XdndSourceMachine.Target(toplevel: 100, window: 100, version: 5)
    private let proxied = XdndSourceMachine.Target(toplevel: 200, window: 201, version: 4)

    private func positions(_ effects: [XdndSourceMachine.Effect]) -> [Int] {
        effects.compactMap { if case .sendPosition(_, let x, _) = $0 { return x } else { return nil } }
    }

    @Test func aDragStartsOnlyPastTheThresholdOnEitherAxis() {
        var source = XdndSourceMachine()
        source.press(x: 100, y: 100)
        #expect(source.motion(x: 108, y: 92, over: nil, threshold: 8, now: 0).isEmpty)
        #expect(source.phase == .pressed)
        let started = source.motion(x: 109, y: 100, over: gtk, threshold: 8, now: 0)
        #expect(started.first == .begin)
        #expect(started.contains(.sendEnter(gtk)))
        #expect(positions(started) == [109])
    }

    @Test func onePositionIsInFlightAndTheLatestWaitingPointFollowsTheStatus() {
        var source = XdndSourceMachine()
        source.press(x: 0, y: 0)
        _ = source.motion(x: 20, y: 0, over: gtk, threshold: 8, now: 0)
        #expect(positions(source.motion(x: 21, y: 0, over: gtk, threshold: 8, now: 0)).isEmpty)
        #expect(positions(source.motion(x: 22, y: 0, over: gtk, threshold: 8, now: 0)).isEmpty)
        let next = source.status(from: 100, accepted: true, action: "XdndActionCopy", rect: (0, 0, 0, 0), now: 0)
        #expect(positions(next) == [22], "only the latest point, not every one")
    }

    @Test func noPositionsAreSentInsideTheQuietRectangle() {
        var source = XdndSourceMachine()
        source.press(x: 0, y: 0)
        _ = source.motion(x: 20, y: 0, over: gtk, threshold: 8, now: 0)
        _ = source.status(from: 100, accepted: true, action: "XdndActionCopy", rect: (10, -10, 50, 50), now: 0)
        #expect(positions(source.motion(x: 40, y: 10, over: gtk, threshold: 8, now: 0)).isEmpty)
        #expect(positions(source.motion(x: 60, y: 10, over: gtk, threshold: 8, now: 0)) == [60], "outside it again")
    }

    @Test func movingToAnotherTargetLeavesTheFirstAndEntersTheProxyOfTheSecond() {
        var source = XdndSourceMachine()
        source.press(x: 0, y: 0)
        _ = source.motion(x: 20, y: 0, over: gtk, threshold: 8, now: 0)
        let moved = source.motion(x: 300, y: 0, over: proxied, threshold: 8, now: 0)
        #expect(moved.contains(.sendLeave(gtk)))
        #expect(moved.contains(.sendEnter(proxied)))
        #expect(positions(moved) == [300], "a new target gets a position at once")
        #expect(source.status(from: 201, accepted: true, action: "XdndActionCopy", rect: (0, 0, 0, 0), now: 0).isEmpty)
        #expect(source.isAccepted, "the proxy's status counts")
    }

    @Test func releaseDropsOnAnAcceptingTargetAndFinishedEndsWithItsAction() {
        var source = XdndSourceMachine()
        source.press(x: 0, y: 0)
        _ = source.motion(x: 20, y: 0, over: gtk, threshold: 8, now: 0)
        _ = source.status(from: 100, accepted: true, action: "XdndActionCopy", rect: (0, 0, 0, 0), now: 0)
        #expect(source.release(now: 0) == [.sendDrop(gtk)])
        #expect(source.finished(from: 100, accepted: true, action: "XdndActionCopy")
            == [.end(action: "XdndActionCopy", reason: "dropped")])
        #expect(source.phase == .idle)
    }

    @Test func releaseOverARefusingTargetLeavesIt() {
        var source = XdndSourceMachine()
        source.press(x: 0, y: 0)
        _ = source.motion(x: 20, y: 0, over: gtk, threshold: 8, now: 0)
        _ = source.status(from: 100, accepted: false, action: "", rect: (0, 0, 0, 0), now: 0)
        let released = source.release(now: 0)
        #expect(released.first == .sendLeave(gtk))
        #expect(source.phase == .idle)
    }

    @Test func escapeLeavesAndCancels() {
        var source = XdndSourceMachine()
        source.press(x: 0, y: 0)
        _ = source.motion(x: 20, y: 0, over: gtk, threshold: 8, now: 0)
        #expect(source.cancel() == [.sendLeave(gtk), .end(action: nil, reason: "cancelled")])
        #expect(source.motion(x: 30, y: 0, over: gtk, threshold: 8, now: 0).isEmpty)
    }

    @Test func aTargetThatNeverFinishesEndsTheDragAfterTheTimeout() {
        var source = XdndSourceMachine()
        let clock = ManualClock()
        source.press(x: 0, y: 0)
        _ = source.motion(x: 20, y: 0, over: gtk, threshold: 8, now: clock.now)
        // A status that never comes stops the wait; the next motion sends a fresh position.
        clock.advance(by: source.replyTimeout)
        #expect(source.tick(now: clock.now).isEmpty)
        #expect(positions(source.motion(x: 25, y: 0, over: gtk, threshold: 8, now: clock.now)) == [25])
        _ = source.status(from: 100, accepted: true, action: "XdndActionCopy", rect: (0, 0, 0, 0), now: clock.now)
        _ = source.release(now: clock.now)
        clock.advance(by: source.replyTimeout)
        #expect(source.tick(now: clock.now).first == .end(action: nil, reason: "the target did not send XdndFinished in 5.0 s"))
    }
}
