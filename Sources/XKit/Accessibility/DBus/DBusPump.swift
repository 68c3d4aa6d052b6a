import Dispatch
import XKitCore

/// Runs one D-Bus connection on the main actor: a dispatch read source on its socket (the same
/// pattern as the X `EventLoop`) hands each wake-up to the main actor, which reads, handles a
/// bounded batch of messages and writes without ever blocking.
///
/// The batch bound keeps a client that floods the app from starving X input: after
/// `messagesPerTurn` messages the pump yields and continues in a later main-actor turn, so X
/// events that arrived meanwhile are handled in between. A batch also ends after
/// `secondsPerTurn` (half a 60 Hz frame), so slow requests never hold the UI for a frame.
@MainActor
final class DBusPump {
    let connection: DBusConnection
    /// Handles one incoming message.
    var onMessage: ((DBusMessage) -> Void)?
    /// Runs once when the bus goes away.
    var onDisconnect: (() -> Void)?
    static let messagesPerTurn = 32
    static let secondsPerTurn = 0.008

    private var readSource: DispatchSourceRead?
    private var writeSource: DispatchSourceWrite?
    private var continuationScheduled = false
    private var isStopped = false
    private static let watchQueue = DispatchQueue(label: "xkit.dbus.watch")

    init(connection: DBusConnection) { self.connection = connection }

    /// Starts watching the socket and handles anything already queued.
    func start() {
        guard readSource == nil, !isStopped, let fd = connection.fileDescriptor else {
            stop()
            return
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DBusPump.watchQueue)
        let box = SuspendableDBusSource(source)
        source.setEventHandler { @Sendable [weak self] in
            box.source.suspend()
            Task { @MainActor in
                self?.pump()
                box.source.resume()
            }
        }
        source.resume()
        readSource = source
        scheduleContinuation()
    }

    /// Reads, handles up to one batch, and writes; schedules another turn when more is queued.
    func pump() {
        guard !isStopped else { return }
        let alive = connection.readWrite()
        var handled = 0
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(DBusPump.secondsPerTurn * 1e9)
        while handled < DBusPump.messagesPerTurn, !isStopped, handled == 0 || DispatchTime.now().uptimeNanoseconds < deadline,
              let message = connection.pop() {
            handled += 1
            if message.kind == .signal, message.interface == "org.freedesktop.DBus.Local", message.member == "Disconnected" {
                stop()
                return
            }
            onMessage?(message)
        }
        guard alive, connection.isConnected else {
            stop()
            return
        }
        flush()
        if connection.hasQueuedMessages { scheduleContinuation() }
    }

    /// Writes what the socket takes now; arms a write source for the rest.
    func flush() {
        guard !isStopped else { return }
        if connection.hasMessagesToSend {
            _ = connection.readWrite()
            // Writing also reads; what it read no longer wakes the read source, so handle it in a later turn.
            if connection.hasQueuedMessages { scheduleContinuation() }
        }
        guard connection.hasMessagesToSend, writeSource == nil, let fd = connection.fileDescriptor else { return }
        let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: DBusPump.watchQueue)
        let box = SuspendableDBusSource(source)
        source.setEventHandler { @Sendable [weak self] in
            box.source.cancel()
            Task { @MainActor in
                self?.writeSource = nil
                self?.pump()
            }
        }
        source.resume()
        writeSource = source
    }

    /// Stops watching and closes the connection; the disconnect handler runs once.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        readSource?.cancel()
        readSource = nil
        writeSource?.cancel()
        writeSource = nil
        connection.close()
        onDisconnect?()
        onDisconnect = nil
        onMessage = nil
    }

    var isRunning: Bool { !isStopped }

    private func scheduleContinuation() {
        guard !continuationScheduled else { return }
        continuationScheduled = true
        Task { @MainActor [weak self] in
            self?.continuationScheduled = false
            self?.pump()
        }
    }
}

/// A dispatch source handed between the watch queue and the main actor; suspend and resume are thread-safe.
private final class SuspendableDBusSource: @unchecked Sendable {
    let source: DispatchSourceProtocol
    init(_ source: DispatchSourceProtocol) { self.source = source }
}
