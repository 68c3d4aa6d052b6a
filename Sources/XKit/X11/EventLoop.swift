import CX11
import Dispatch
import Glibc
import XKitCore

/// Receives the X events addressed to one window XKit created.
@MainActor
protocol XEventHandler: AnyObject {
    func handle(_ event: inout XEvent)
}

/// The run loop: a dispatch read source on the X connection's fd that hands each wake-up to the main actor.
///
/// Work is scheduled on the main actor (not on `DispatchQueue.main` directly) so it runs wherever the
/// main actor's executor runs: the main queue in an app under `dispatchMain()`, and a test runner's
/// executor under `swift test`, where the main queue is never drained. Xlib buffers events
/// internally, so the queue is drained with `XPending` after every callback, not only when the fd
/// is readable.
@MainActor
final class EventLoop {
    private struct WeakHandler { weak var handler: XEventHandler? }

    let connection: XConnection
    private var source: DispatchSourceRead?
    private var queuedEventWatch: QueuedEventWatch?
    private var handlers: [UInt: WeakHandler] = [:]
    private var observers: [(id: Int, body: (inout XEvent) -> Void)] = []
    private var nextObserverID = 0
    /// Lays out and draws the app's dirty windows; runs once per pass, after all pending events.
    var onDisplayPass: (() -> Void)?
    private var drainScheduled = false
    private var isStarted = false
    /// Set once `runOnMainThread` polls the connection itself.
    private var ownsMainThread = false
    /// Timers the main-thread loop runs between polls.
    private var timers = MainThreadTimers()

    /// Runs `body` on the main actor after `seconds` unless the returned token is cancelled first.
    ///
    /// Once this loop owns the main thread it runs the timer between polls. Before that, and under
    /// `swift test` (whose main queue this loop never polls), the wait happens on a private queue and
    /// the work hops to the main actor.
    func afterDelay(_ seconds: Double, _ body: @escaping @MainActor () -> Void) -> TimerToken {
        let token = TimerToken()
        if ownsMainThread {
            timers.add(after: seconds, now: MainThreadTimers.now(), token: token, body: body)
            return token
        }
        let delay = seconds.isFinite ? max(0, seconds) : 0
        EventLoop.timerQueue.asyncAfter(deadline: .now() + delay) {
            Task { @MainActor in
                guard !token.isCancelled else { return }
                body()
            }
        }
        return token
    }

    /// Where timers wait when no loop owns the main thread.
    private static let timerQueue = DispatchQueue(label: "xkit.timers")

    private func runDueTimers() {
        if timers.isEmpty { return }
        for timer in timers.takeDue(now: MainThreadTimers.now()) where !timer.token.isCancelled {
            timer.body()
        }
    }
    private var isDraining = false
    /// Set when a pass is asked for while draining: the drain runs one more pass itself.
    private var passRequestedWhileDraining = false
    /// Events with no XKit window (MappingNotify and the like) go to this hook as well as observers.
    var inputMethodFilter: ((inout XEvent) -> Bool)?

    private static let watchQueue = DispatchQueue(label: "xkit.x11.watch")

    init(connection: XConnection) {
        self.connection = connection
    }

    /// Starts watching the connection; events are handled on the main actor from now on.
    ///
    /// An app that calls `run()` owns the main thread, and `runOnMainThread` polls the connection
    /// itself. Only a host that drives the main actor some other way (a test runner's executor)
    /// needs dispatch sources to hear the connection, so they are made on the main actor's first
    /// turn, and only if the main-thread loop has not begun by then. Resuming a read source starts
    /// libdispatch's manager thread and a worker: two threads, an epoll set and their wake-ups at
    /// every launch, for a source the loop cancels right away.
    func start() {
        guard !isStarted else { return }
        isStarted = true
        Task { @MainActor [weak self] in
            guard let self, !self.ownsMainThread else { return }
            self.watchFromDispatch()
        }
        scheduleDrain()
    }

    /// Hears the connection through dispatch sources: the fd's read source, and the watch for
    /// events Xlib queued while waiting for a reply.
    private func watchFromDispatch() {
        guard source == nil else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: connection.fileDescriptor, queue: EventLoop.watchQueue)
        // The source is level-triggered: pause it until the main actor has read what is pending.
        let box = SuspendableSource(source)
        source.setEventHandler { @Sendable [weak self] in
            box.source.suspend()
            Task { @MainActor in
                self?.drain()
                box.source.resume()
            }
        }
        source.resume()
        self.source = source
        queuedEventWatch = QueuedEventWatch.install(on: connection.display, queue: EventLoop.watchQueue) { [weak self] in
            Task { @MainActor in self?.drain() }
        }
        // Events may have come while nothing watched.
        drain()
    }

    /// Runs the app on the main thread until it exits: one `poll` waits for the X connection and for
    /// work queued on the main dispatch queue (main-actor tasks, timers), and each is handled where
    /// it wakes, on this thread.
    ///
    /// Under `dispatchMain()` a key went through three threads: libdispatch's manager thread saw the
    /// fd, a worker ran the read source, and another worker drained the main queue for the main
    /// actor, each woken through a futex. Here the main thread wakes once and draws.
    ///
    /// The loop drains at every turn, so events a request left in Xlib's queue need no watch here.
    func runOnMainThread() -> Never {
        ownsMainThread = true
        // A read source made before (the main actor ran before `run()`) stops; it is kept (not
        // released) because a drain it scheduled may still resume it.
        source?.cancel()
        let queueHandle = _dispatch_get_main_queue_handle_4CF()
        let display = connection.display
        var descriptors = [pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: queueHandle, events: Int16(POLLIN), revents: 0)]
        _dispatch_main_queue_callback_4CF(nil)
        while true {
            runDueTimers()
            drain()
            // Work the main queue's jobs left in Xlib's queue (a round trip reads events) is drained first.
            if XQLength(display) > 0 { continue }
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let timeout = timers.isEmpty ? -1 : timers.pollTimeout(now: MainThreadTimers.now())
            guard poll(&descriptors, 2, timeout) >= 0 || errno == EINTR else {
                Trace.warn("poll on the X connection failed (errno \(errno)); the app stops")
                Glibc.exit(1)
            }
            if descriptors[1].revents & Int16(POLLIN) != 0 {
                var count: UInt64 = 0
                _ = read(queueHandle, &count, MemoryLayout<UInt64>.size)
                _dispatch_main_queue_callback_4CF(nil)
            }
            if descriptors[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                // The server went away: Xlib's I/O error handler reports it and ends the process.
                _ = XPending(display)
            }
        }
    }

    /// Routes events for `window` to `handler` (held weakly).
    func register(window: UInt, handler: XEventHandler) {
        handlers[window] = WeakHandler(handler: handler)
    }

    /// Whether one of our windows is registered under this id.
    func hasHandler(for window: UInt) -> Bool { handlers[window]?.handler != nil }

    func unregister(window: UInt) {
        handlers[window] = nil
    }

    /// Sees every event before it is routed; returns a token for `removeObserver`.
    @discardableResult
    func addObserver(_ body: @escaping (inout XEvent) -> Void) -> Int {
        nextObserverID += 1
        observers.append((nextObserverID, body))
        return nextObserverID
    }

    func removeObserver(_ id: Int) {
        observers.removeAll { $0.id == id }
    }

    /// Asks for a drain on the next main-queue turn (after app code that may have queued events or dirtied views).
    ///
    /// Inside a drain (a key's handler dirtying a view) the drain's own display pass serves it: a
    /// task would only wake the loop again for a pass with nothing left to draw.
    func scheduleDrain() {
        if isDraining {
            passRequestedWhileDraining = true
            return
        }
        guard !drainScheduled else { return }
        drainScheduled = true
        Task { @MainActor [weak self] in
            self?.drainScheduled = false
            self?.drain()
        }
    }

    /// Handles every queued event, then lays out and draws each dirty window once, then flushes.
    func drain() {
        guard !isDraining else { return }
        isDraining = true
        queuedEventWatch?.isDraining.store(true, ordering: .relaxed)
        defer {
            isDraining = false
            queuedEventWatch?.isDraining.store(false, ordering: .relaxed)
        }
        let display = connection.display
        var rounds = 0
        repeat {
            // XPending with an empty queue reads all the server has sent by then (up to EAGAIN). While
            // nothing waits to be drawn it reads on, so a burst (an INCR transfer's PropertyNotifies)
            // is one round; once an event dirtied something, the frame goes first and what came
            // meanwhile waits for the next round. Reading again before the frame cost every key a
            // recvmsg that found nothing.
            while XQLength(display) > 0 || (!passRequestedWhileDraining && XPending(display) > 0) {
                var event = XEvent()
                XNextEvent(display, &event)
                dispatch(&event)
            }
            passRequestedWhileDraining = false
            onDisplayPass?()
            XFlush(display)
            rounds += 1
            // Drawing can make round trips that queue more events, or dirty views again; loop until
            // neither is left.
        } while (XQLength(display) > 0 || passRequestedWhileDraining) && rounds < 8
        // Events already read into Xlib's queue wake no poll: a flood that outlasts the rounds (an
        // INCR transfer's PropertyNotify after PropertyNotify) goes on at the next turn.
        if passRequestedWhileDraining || XQLength(display) > 0 {
            isDraining = false
            scheduleDrain()
        }
    }

    /// Reloads the keymap now rather than at the next lookup.
    ///
    /// `xdotool type` binds each missing character to a spare keycode, sends the key and unbinds it
    /// again within a few milliseconds. The key event carries only the keycode, so the mapping
    /// must be fetched while the binding still holds: right when its MappingNotify arrives, which
    /// precedes the key in the queue. A lazy fetch at lookup time would see a later binding.
    private func refreshKeyboardMapping(_ event: inout XMappingEvent) {
        XRefreshKeyboardMapping(&event)
        guard event.request == MappingKeyboard else { return }
        let display = connection.display
        for keycode in event.first_keycode..<(event.first_keycode + Int32(max(0, event.count))) {
            _ = XkbKeycodeToKeysym(display, KeyCode(clamping: keycode), 0, 0)
        }
    }

    /// Dispatches one event to the observers and the window it is addressed to.
    func dispatch(_ event: inout XEvent) {
        if let filter = inputMethodFilter, filter(&event) { return }
        for observer in observers { observer.body(&event) }
        if event.type == MappingNotify {
            refreshKeyboardMapping(&event.xmapping)
            return
        }
        // In every event struct the window the event was reported on sits where xany.window is.
        if let handler = handlers[event.xany.window]?.handler {
            handler.handle(&event)
        }
    }
}

/// A dispatch source handed between the watch queue and the main actor; suspend and resume are
/// thread-safe, which is all either side does with it.
private final class SuspendableSource: @unchecked Sendable {
    let source: DispatchSourceRead
    init(_ source: DispatchSourceRead) { self.source = source }
}
