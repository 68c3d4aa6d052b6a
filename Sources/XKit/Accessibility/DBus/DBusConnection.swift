import CDBus
import Synchronization

/// Why a D-Bus step failed, with libdbus's own message.
struct DBusFailure: Error, CustomStringConvertible {
    let description: String
}

/// A private libdbus connection to one bus.
///
/// Opening and blocking calls (`call`) are for the discovery step off the main actor; once the
/// bridge runs, `DBusReader`'s queue uses the non-blocking `readWrite` and `pop`, and the main
/// actor only `send`s. libdbus is loaded (`xk_dbus_load`) and made thread-safe before the first connection.
final class DBusConnection: @unchecked Sendable {
    let raw: OpaquePointer
    /// Set once by `close`, which the reader's queue calls while the main actor may be sending.
    private let closed = Atomic<Bool>(false)
    private var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// How many bytes of read, unhandled messages libdbus may hold.
    static let maxReceivedBytes = 4 << 20

    private init(raw: OpaquePointer) {
        self.raw = raw
        // A bus that goes away must end the bridge, never the process (libdbus's default for shared connections).
        xk_dbus_connection_set_exit_on_disconnect(raw, 0)
        // libdbus reads ahead up to 63 MiB of messages by default; a flood of large calls would sit
        // in memory at once. With this bound it reads more only as handled messages are freed (one
        // larger message is still read whole).
        xk_dbus_connection_set_max_received_size(raw, DBusConnection.maxReceivedBytes)
    }

    deinit {
        close()
        xk_dbus_connection_unref(raw)
    }

    /// Connects to a bus at `address` and registers with it (the Hello call); blocks.
    static func open(address: String) throws -> DBusConnection {
        guard xk_dbus_load() != 0 else { throw DBusFailure(description: "libdbus-1.so.3 cannot be loaded (install libdbus-1-3)") }
        _ = xk_dbus_threads_init_default()
        var error = DBusError()
        xk_dbus_error_init(&error)
        defer { xk_dbus_error_free(&error) }
        guard let raw = xk_dbus_connection_open_private(address, &error) else {
            throw DBusFailure(description: "cannot connect to \(address): \(message(of: error))")
        }
        let connection = DBusConnection(raw: raw)
        guard xk_dbus_bus_register(raw, &error) != 0 else {
            throw DBusFailure(description: "cannot register on \(address): \(message(of: error))")
        }
        return connection
    }

    /// Sends `message` and waits up to `timeout` milliseconds for the reply; blocks.
    func call(_ message: DBusMessage, timeout: Int32 = 2000) throws -> DBusMessage {
        var error = DBusError()
        xk_dbus_error_init(&error)
        defer { xk_dbus_error_free(&error) }
        guard let reply = xk_dbus_connection_send_with_reply_and_block(raw, message.raw, timeout, &error) else {
            throw DBusFailure(description: DBusConnection.message(of: error))
        }
        return DBusMessage(taking: reply)
    }

    /// Queues `message` for sending; false when out of memory or disconnected.
    @discardableResult
    func send(_ message: DBusMessage) -> Bool {
        guard !isClosed else { return false }
        return xk_dbus_connection_send(raw, message.raw, nil) != 0
    }

    /// The name the bus gave this connection (":1.42").
    var uniqueName: String? { xk_dbus_bus_get_unique_name(raw).map { String(cString: $0) } }

    /// The socket, for a dispatch source.
    var fileDescriptor: Int32? {
        var fd: Int32 = -1
        return xk_dbus_connection_get_unix_fd(raw, &fd) != 0 && fd >= 0 ? fd : nil
    }

    /// Reads what the socket holds and writes what it can, without waiting; false once disconnected.
    func readWrite() -> Bool {
        guard !isClosed else { return false }
        return xk_dbus_connection_read_write(raw, 0) != 0
    }

    /// The next complete incoming message, if any.
    func pop() -> DBusMessage? {
        guard !isClosed else { return nil }
        return xk_dbus_connection_pop_message(raw).map(DBusMessage.init(taking:))
    }

    /// Whether complete messages wait in libdbus's queue (read from the socket, not yet popped).
    var hasQueuedMessages: Bool {
        !isClosed && xk_dbus_connection_get_dispatch_status(raw) == DBUS_DISPATCH_DATA_REMAINS
    }

    /// Whether outgoing bytes wait for the socket to accept them.
    var hasMessagesToSend: Bool { !isClosed && xk_dbus_connection_has_messages_to_send(raw) != 0 }

    var isConnected: Bool { !isClosed && xk_dbus_connection_get_is_connected(raw) != 0 }

    /// Closes the connection; idempotent.
    func close() {
        guard closed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        xk_dbus_connection_close(raw)
    }

    private static func message(of error: DBusError) -> String {
        guard xk_dbus_error_is_set(withUnsafePointer(to: error) { $0 }) != 0 else { return "unknown error" }
        let name = error.name.map { String(cString: $0) } ?? ""
        let text = error.message.map { String(cString: $0) } ?? ""
        return name.isEmpty ? text : "\(name): \(text)"
    }
}
