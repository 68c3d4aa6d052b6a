import Testing
@testable import XKit

/// The main-thread loop's own timers, on an injected clock: due order, how long `poll` may sleep,
/// and cancellation.
@MainActor
struct MainThreadTimersTests {
    private let second: UInt64 = 1_000_000_000

    @Test func dueTimersComeInDeadlineOrderAndEqualDeadlinesInTheOrderAdded() {
        var timers = MainThreadTimers()
        var fired: [String] = []
        timers.add(after: 0.3, now: 0, token: TimerToken()) { fired.append("late") }
        timers.add(after: 0.1, now: 0, token: TimerToken()) { fired.append("first") }
        timers.add(after: 0.1, now: 0, token: TimerToken()) { fired.append("second") }
        timers.add(after: 0.2, now: 0, token: TimerToken()) { fired.append("middle") }

        for timer in timers.takeDue(now: second / 5) { timer.body() }
        #expect(fired == ["first", "second", "middle"])
        for timer in timers.takeDue(now: second) { timer.body() }
        #expect(fired == ["first", "second", "middle", "late"])
        #expect(timers.isEmpty)
    }

    @Test func pollSleepsUntilTheEarliestDeadlineRoundedUpToAMillisecond() {
        var timers = MainThreadTimers()
        #expect(timers.pollTimeout(now: 0) == -1)
        timers.add(after: 0.5, now: 0, token: TimerToken()) {}
        timers.add(after: 0.0101, now: 0, token: TimerToken()) {}
        // 10.1 ms: a loop woken after 10 ms would find nothing due and spin until the deadline.
        #expect(timers.pollTimeout(now: 0) == 11)
        #expect(timers.pollTimeout(now: 10_100_000) == 0)
        #expect(timers.pollTimeout(now: second) == 0)
    }

    @Test func aCancelledTimerNeitherFiresNorWakesThePoll() {
        var timers = MainThreadTimers()
        let blink = TimerToken()
        timers.add(after: 0.05, now: 0, token: blink) {}
        timers.add(after: 2, now: 0, token: TimerToken()) {}
        blink.cancel()
        #expect(timers.pollTimeout(now: 0) == 2000)
        #expect(timers.takeDue(now: second / 10).isEmpty)
    }

    @Test func aTimerAddedWhileTheDueOnesRunWaitsForTheNextTurn() {
        var timers = MainThreadTimers()
        timers.add(after: 0, now: 0, token: TimerToken()) {}
        let due = timers.takeDue(now: 0)
        timers.add(after: 0, now: 0, token: TimerToken()) {}
        #expect(due.count == 1)
        #expect(timers.pollTimeout(now: 0) == 0)
        #expect(timers.takeDue(now: 0).count == 1)
    }

    @Test func aNonFiniteOrNegativeDelayIsDueAtOnceAndAHugeOneStaysInTheFuture() {
        var timers = MainThreadTimers()
        timers.add(after: .nan, now: 5, token: TimerToken()) {}
        timers.add(after: -3, now: 5, token: TimerToken()) {}
        timers.add(after: .infinity, now: 5, token: TimerToken()) {}
        timers.add(after: 1e300, now: 5, token: TimerToken()) {}
        #expect(timers.takeDue(now: 5).count == 3)
        #expect(timers.pollTimeout(now: 5) == Int32.max)
    }
}
