import Dispatch
import XKitCore

/// Handles one D-Bus connection's messages on the main actor, never blocking and never reading.
///
/// A `DBusReader` reads the socket on its own queue and hands over complete messages in batches of
/// at most `messagesPerTurn`. The main actor handles a batch in turns of at most `secondsPerTurn`
/// (half a 60 Hz frame): a flood of requests yields to X events between turns, and slow requests
/// never hold the UI for a frame. Only when a batch is done does the reader read on, so a client
/// that floods the app is held back by the socket, not by the app's memory.
@MainActor
final class DBusPump {
    let connection: DBusConnection
    /// Handles one incoming message.
    var onMessage: ((DBusMessage) -> Void)?
    /// Runs once when the bus goes away.
    var onDisconnect: (() -> Void)?
    /// Answers a call on the reader's queue instead of handing it to the main actor (nil: hand it
    /// over). Set before `start`.
    var screen: @Sendable (DBusMessage) -> DBusMessage? = { _ in nil }
    static let messagesPerTurn = 32
    static let secondsPerTurn = 0.008

    private var reader: DBusReader?
    private var pending: [DBusMessage] = []
    private var nextPending = 0
    private var disconnectPending = false
    private var turnScheduled = false
    private var isStopped = false

    init(connection: DBusConnection) { self.connection = connection }

    /// Starts reading and handles anything already queued.
    func start() {
        guard reader == nil, !isStopped else { return }
        let reader = DBusReader(connection: connection, batchLimit: DBusPump.messagesPerTurn, screen: screen) { [weak self] batch in
            Task { @MainActor in self?.receive(batch) }
        }
        self.reader = reader
        reader.start()
    }

    /// Sends what was queued with `connection.send`, on the reader's queue.
    func flush() {
        guard !isStopped else { return }
        reader?.flush()
    }

    /// Stops reading and closes the connection; the disconnect handler runs once.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        reader?.stop()
        reader = nil
        pending.removeAll()
        onDisconnect?()
        onDisconnect = nil
        onMessage = nil
    }

    var isRunning: Bool { !isStopped }

    private func receive(_ batch: DBusReader.Batch) {
        guard !isStopped else { return }
        pending.append(contentsOf: batch.messages)
        disconnectPending = disconnectPending || batch.disconnected
        handleTurn()
    }

    /// Handles pending messages until the turn's time is up, then yields to the main actor's other work.
    private func handleTurn() {
        turnScheduled = false
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(DBusPump.secondsPerTurn * 1e9)
        var handled = 0
        while nextPending < pending.count, !isStopped, handled == 0 || DispatchTime.now().uptimeNanoseconds < deadline {
            let message = pending[nextPending]
            nextPending += 1
            handled += 1
            if message.kind == .signal, message.interface == "org.freedesktop.DBus.Local", message.member == "Disconnected" {
                stop()
                return
            }
            onMessage?(message)
        }
        guard !isStopped else { return }
        flush()
        if nextPending < pending.count {
            guard !turnScheduled else { return }
            turnScheduled = true
            Task { @MainActor [weak self] in self?.handleTurn() }
            return
        }
        pending.removeAll(keepingCapacity: true)
        nextPending = 0
        if disconnectPending {
            stop()
        } else {
            reader?.batchHandled()
        }
    }
}
