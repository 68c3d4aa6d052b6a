import CX11
import Dispatch
import Foundation
import Synchronization
import Testing
@testable import XKit
import XKitTesting

/// Events that a round trip outside a drain reads into Xlib's queue wake the loop: the socket is
/// empty then, so nothing else would (a popup stayed open after its owner lost focus this way).
@Suite(.serialized)
struct QueuedEventWatchTests {
    /// A display of its own with no read source at all: only the watch can report the event.
    private func openDisplay() throws -> OpaquePointer {
        try #require(XOpenDisplay(try XvfbServer.shared().display))
    }

    /// Changes a property of a window that listens for PropertyNotify, then waits for the reply of a
    /// round trip (`XGetInputFocus`, which runs the after-function), which brings the PropertyNotify
    /// into Xlib's queue.
    private func queueOneEvent(_ display: OpaquePointer) -> XID {
        let window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 10, 10, 0, 0, 0)
        XSelectInput(display, window, PropertyChangeMask)
        XSync(display, 0)
        var byte: UInt8 = 1
        let atom = XInternAtom(display, "XKIT_QUEUED_EVENT_TEST", 0)
        XChangeProperty(display, window, atom, XA_CARDINAL, 8, PropModeReplace, &byte, 1)
        var focus: XID = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        return window
    }

    @Test func aRoundTripThatQueuesAnEventWakesTheLoop() async throws {
        let display = try openDisplay()
        defer { XCloseDisplay(display) }
        let wakes = Atomic<Int>(0)
        let queue = DispatchQueue(label: "xkit.test.queued-event-watch")
        _ = QueuedEventWatch.install(on: display, queue: queue) { wakes.add(1, ordering: .relaxed) }
        let window = queueOneEvent(display)
        defer { XDestroyWindow(display, window) }
        #expect(XQLength(display) > 0, "the PropertyNotify waits in Xlib's queue, not on the socket")
        #expect(await eventually { wakes.load(ordering: .relaxed) > 0 })
    }

    @Test func noWakeWhileTheLoopIsDraining() async throws {
        let display = try openDisplay()
        defer { XCloseDisplay(display) }
        let wakes = Atomic<Int>(0)
        let queue = DispatchQueue(label: "xkit.test.queued-event-watch")
        let watch = QueuedEventWatch.install(on: display, queue: queue) { wakes.add(1, ordering: .relaxed) }
        watch.isDraining.store(true, ordering: .relaxed)
        let window = queueOneEvent(display)
        defer { XDestroyWindow(display, window) }
        #expect(XQLength(display) > 0)
        try await Task.sleep(nanoseconds: 100_000_000)
        queue.sync {}
        #expect(wakes.load(ordering: .relaxed) == 0, "a drain reads the queue itself")
        // Once the drain is over, the next check (as `XConnection.sync()` makes after XSync) wakes it.
        watch.isDraining.store(false, ordering: .relaxed)
        QueuedEventWatch.wakeIfEventsQueued(on: display)
        #expect(await eventually { wakes.load(ordering: .relaxed) > 0 })
    }
}
