import Dispatch

/// Reads one D-Bus connection on its own serial queue, so the main actor never reads the socket.
///
/// libdbus copies and validates a whole message while it reads it; for a 64 MiB call that is tens
/// of milliseconds, and a flood of large calls repeats it. Here that work happens on `queue`, and
/// the main actor gets only complete messages, a bounded batch at a time: while a batch is with the
/// main actor the reader stops watching the socket, so at most one batch plus libdbus's received-size
/// bound is ever held. A call whose signature `screen` refuses is answered here and never
/// reaches the main actor.
///
/// All mutable state is confined to `queue`; libdbus is thread-safe once `dbus_threads_init_default`
/// ran (`DBusConnection.open`), so the main actor may `send` while the reader reads.
final class DBusReader: @unchecked Sendable {
    /// What one read hands to the main actor.
    struct Batch: Sendable {
        var messages: [DBusMessage]
        /// The connection was found closed or disconnected while reading.
        var disconnected: Bool
    }

    let connection: DBusConnection
    private let queue = DispatchQueue(label: "xkit.dbus.reader")
    private let batchLimit: Int
    private let screen: @Sendable (DBusMessage) -> DBusMessage?
    private let deliver: @Sendable (Batch) -> Void

    private var readSource: DispatchSourceRead?
    private var isWatching = false
    private var writeSource: DispatchSourceWrite?
    private var batchOutstanding = false
    private var isStopped = false
    private var isFinished = false

    /// A reader that hands batches of at most `batchLimit` messages to `deliver` (called on the
    /// reader's queue; it must hop to where the messages are handled). `screen` returns an
    /// immediate reply for a message it refuses, nil to pass the message on.
    init(connection: DBusConnection, batchLimit: Int,
         screen: @escaping @Sendable (DBusMessage) -> DBusMessage?,
         deliver: @escaping @Sendable (Batch) -> Void) {
        self.connection = connection
        self.batchLimit = batchLimit
        self.screen = screen
        self.deliver = deliver
    }

    /// Starts watching the socket and reads what is already queued (replies read during discovery).
    func start() {
        queue.async { [self] in
            guard !isStopped, readSource == nil else { return }
            guard let fd = connection.fileDescriptor else {
                finish()
                return
            }
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
            source.setEventHandler { [weak self] in self?.read() }
            readSource = source
            setWatching(true)
            read()
        }
    }

    /// The main actor has handled the last batch: read on.
    func batchHandled() {
        queue.async { [self] in
            batchOutstanding = false
            read()
        }
    }

    /// Writes what the main actor queued, without waiting for the socket.
    func flush() {
        queue.async { [self] in
            guard !isStopped else { return }
            // Writing also reads; anything read no longer wakes the read source, so look for it now.
            read()
        }
    }

    /// Stops watching and closes the connection; nothing is delivered afterwards.
    func stop() {
        queue.async { [self] in
            guard !isStopped else { return }
            isStopped = true
            // A suspended source must be resumed before it is released (libdispatch traps otherwise).
            setWatching(true)
            readSource?.cancel()
            readSource = nil
            writeSource?.cancel()
            writeSource = nil
            connection.close()
        }
    }

    private func read() {
        guard !isStopped, !isFinished else { return }
        let alive = connection.readWrite()
        armWriteSourceIfNeeded()
        guard alive, connection.isConnected else {
            finish()
            return
        }
        guard !batchOutstanding else {
            setWatching(false)
            return
        }
        var messages: [DBusMessage] = []
        var screened = 0
        while messages.count < batchLimit, screened < batchLimit * 4, let message = connection.pop() {
            if let refusal = screen(message) {
                connection.send(refusal)
                screened += 1
            } else {
                messages.append(message)
            }
        }
        if screened > 0 { _ = connection.readWrite() }
        if messages.isEmpty {
            setWatching(true)
            if connection.hasQueuedMessages { queue.async { [weak self] in self?.read() } }
            return
        }
        batchOutstanding = true
        setWatching(false)
        deliver(Batch(messages: messages, disconnected: false))
    }

    /// Hands the end of the connection to the main actor once.
    private func finish() {
        guard !isStopped, !isFinished else { return }
        isFinished = true
        setWatching(false)
        var rest: [DBusMessage] = []
        while rest.count < batchLimit, let message = connection.pop() { rest.append(message) }
        deliver(Batch(messages: rest, disconnected: true))
    }

    private func setWatching(_ watching: Bool) {
        guard let readSource, watching != isWatching else { return }
        isWatching = watching
        if watching { readSource.resume() } else { readSource.suspend() }
    }

    private func armWriteSourceIfNeeded() {
        guard connection.hasMessagesToSend, writeSource == nil, let fd = connection.fileDescriptor else { return }
        let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { [weak self] in
            guard let self else { return }
            self.writeSource?.cancel()
            self.writeSource = nil
            self.read()
        }
        writeSource = source
        source.resume()
    }
}
