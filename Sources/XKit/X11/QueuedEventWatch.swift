import CX11
import Dispatch
import Synchronization

/// Wakes the event loop when Xlib has queued events outside a drain.
///
/// Every Xlib call that waits for a reply (the `XSync` of an error trap, a property read,
/// `XGetInputFocus`) reads whatever events arrive before the reply into Xlib's own queue. The socket
/// is then empty, so the read source never fires, and those events would wait for the next
/// unrelated wake-up: a window raised and focused from a `Task` never heard its own FocusOut.
/// Xlib runs its after-function at the end of most requests, on the thread that made it, but not
/// after `XSync`, so `XConnection.sync()` checks the queue itself. The check only reads the
/// queue's length and signals a dispatch source, both safe from any thread
/// (which is why it is `@unchecked`: dispatch sources are thread-safe but not marked `Sendable`).
final class QueuedEventWatch: @unchecked Sendable {
    /// The watch of each connection, by its `Display` pointer: the after-function is a C function
    /// and gets nothing but the display. Connections live as long as the process, so do entries.
    private static let watches = Mutex<[UInt: QueuedEventWatch]>([:])

    private let source: DispatchSourceUserDataOr
    /// Set while the loop drains: it reads the queue itself then, so no wake-up is needed.
    let isDraining = Atomic<Bool>(false)

    private init(source: DispatchSourceUserDataOr) {
        self.source = source
    }

    /// Calls `wake` on `queue` whenever a request leaves events in `display`'s queue outside a drain.
    static func install(on display: OpaquePointer, queue: DispatchQueue, wake: @escaping @Sendable () -> Void) -> QueuedEventWatch {
        let source = DispatchSource.makeUserDataOrSource(queue: queue)
        source.setEventHandler(handler: wake)
        source.resume()
        let watch = QueuedEventWatch(source: source)
        watches.withLock { $0[UInt(bitPattern: display)] = watch }
        _ = XSetAfterFunction(display) { display in
            if let display { QueuedEventWatch.wakeIfEventsQueued(on: display) }
            return 0
        }
        return watch
    }

    /// Wakes `display`'s loop if a request left events in its queue and the loop is not draining.
    static func wakeIfEventsQueued(on display: OpaquePointer) {
        guard XQLength(display) > 0 else { return }
        watches.withLock { $0[UInt(bitPattern: display)] }?.signal()
    }

    private func signal() {
        guard !isDraining.load(ordering: .relaxed) else { return }
        source.or(data: 1)
    }
}
