import Glibc

/// One-shot timers that the main-thread loop runs itself: its `poll` sleeps until the earliest is due.
///
/// A dispatch timer (`asyncAfter`) fires on libdispatch's manager thread and hops through a worker
/// thread to the main queue. For an app whose loop owns the main thread, that started two threads at
/// launch (the input method opens on a timer after the first frame) and woke three threads for every
/// caret blink. Deadlines are on `CLOCK_MONOTONIC`, in nanoseconds; the clock is passed in so the
/// ordering and the timeouts can be tested without waiting.
@MainActor
struct MainThreadTimers {
    struct Entry {
        let deadline: UInt64
        let token: TimerToken
        let body: @MainActor () -> Void
    }

    /// Due order; equal deadlines keep the order they were added in.
    private var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    /// Adds a timer due `seconds` after `now`.
    mutating func add(after seconds: Double, now: UInt64, token: TimerToken, body: @escaping @MainActor () -> Void) {
        let delay = seconds.isFinite ? max(0, min(seconds, 1e9)) : 0
        let deadline = now &+ UInt64(delay * 1e9)
        let index = entries.firstIndex { $0.deadline > deadline } ?? entries.endIndex
        entries.insert(Entry(deadline: deadline, token: token, body: body), at: index)
    }

    /// How long `poll` may sleep, in milliseconds rounded up (a loop woken early would spin until
    /// the deadline); -1, forever, when no timer waits.
    ///
    /// Cancelled timers are dropped first, so a cancelled caret blink does not wake the loop.
    mutating func pollTimeout(now: UInt64) -> Int32 {
        if entries.isEmpty { return -1 }
        entries.removeAll { $0.token.isCancelled }
        guard let first = entries.first else { return -1 }
        guard first.deadline > now else { return 0 }
        let milliseconds = (first.deadline - now + 999_999) / 1_000_000
        return Int32(clamping: milliseconds)
    }

    /// Removes the timers due at `now` and returns them in due order. A body that adds a timer
    /// due at once adds it for the next turn, so a timer that re-arms itself cannot starve events.
    mutating func takeDue(now: UInt64) -> [Entry] {
        // The loop asks at every turn (each key): most turns nothing is due, and need not allocate.
        guard let first = entries.first, first.deadline <= now else { return [] }
        let count = entries.firstIndex { $0.deadline > now } ?? entries.endIndex
        let due = Array(entries[..<count])
        entries.removeFirst(count)
        return due
    }

    /// `CLOCK_MONOTONIC` in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
