import CDBus

/// One D-Bus message, holding one libdbus reference.
///
/// Messages are immutable once sent; the type is `@unchecked Sendable` so a reply built during
/// discovery (off the main actor) can be handed over, never shared while being built.
final class DBusMessage: @unchecked Sendable {
    enum Kind: Int32 { case methodCall = 1, methodReturn = 2, error = 3, signal = 4 }

    let raw: OpaquePointer

    /// Wraps a message whose reference the caller hands over.
    init(taking raw: OpaquePointer) { self.raw = raw }
    deinit { xk_dbus_message_unref(raw) }

    /// A method call to `destination` (nil: the peer itself, as on a bus address with no name).
    static func methodCall(destination: String?, path: String, interface: String, member: String,
                           arguments: [DBusValue] = []) -> DBusMessage? {
        guard xk_dbus_load() != 0, DBusNames.isValidObjectPath(path),
              let raw = xk_dbus_message_new_method_call(destination, path, interface, member) else { return nil }
        let message = DBusMessage(taking: raw)
        return message.append(arguments) ? message : nil
    }

    /// A signal from the object at `path`; nil when the path or names are not valid D-Bus names.
    static func signal(path: String, interface: String, member: String, arguments: [DBusValue]) -> DBusMessage? {
        guard xk_dbus_load() != 0, DBusNames.isValidObjectPath(path),
              let raw = xk_dbus_message_new_signal(path, interface, member) else { return nil }
        let message = DBusMessage(taking: raw)
        return message.append(arguments) ? message : nil
    }

    /// The reply to this call carrying `values`.
    func reply(_ values: [DBusValue]) -> DBusMessage? {
        guard let raw = xk_dbus_message_new_method_return(raw) else { return nil }
        let message = DBusMessage(taking: raw)
        return message.append(values) ? message : nil
    }

    /// An error reply to this call.
    func errorReply(name: String, text: String) -> DBusMessage? {
        xk_dbus_message_new_error(raw, name, text).map(DBusMessage.init(taking:))
    }

    /// Appends arguments in order; false when libdbus refuses one.
    func append(_ values: [DBusValue]) -> Bool {
        guard !values.isEmpty else { return true }
        var iter = DBusMessageIter()
        xk_dbus_message_iter_init_append(raw, &iter)
        return values.allSatisfy { $0.append(to: &iter) }
    }

    var kind: Kind? { Kind(rawValue: xk_dbus_message_get_type(raw)) }
    var path: String? { xk_dbus_message_get_path(raw).map { String(cString: $0) } }
    var interface: String? { xk_dbus_message_get_interface(raw).map { String(cString: $0) } }
    var member: String? { xk_dbus_message_get_member(raw).map { String(cString: $0) } }
    var sender: String? { xk_dbus_message_get_sender(raw).map { String(cString: $0) } }
    var errorName: String? { xk_dbus_message_get_error_name(raw).map { String(cString: $0) } }
    var signature: String { xk_dbus_message_get_signature(raw).map { String(cString: $0) } ?? "" }
    var serial: UInt32 { xk_dbus_message_get_serial(raw) }
    var replySerial: UInt32 { xk_dbus_message_get_reply_serial(raw) }
    var expectsReply: Bool { xk_dbus_message_get_no_reply(raw) == 0 }

    /// The message's arguments.
    var arguments: [DBusValue] {
        var iter = DBusMessageIter()
        guard xk_dbus_message_iter_init(raw, &iter) != 0 else { return [] }
        return DBusValue.readAll(&iter)
    }
}

/// Checks on names before they reach libdbus, which aborts the process on an invalid one.
enum DBusNames {
    /// Whether `path` is a valid object path: "/" or "/" followed by "/"-separated [A-Za-z0-9_] elements.
    static func isValidObjectPath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        guard bytes.last != UInt8(ascii: "/") else { return false }
        var previousSlash = false
        for b in bytes {
            if b == UInt8(ascii: "/") {
                if previousSlash { return false }
                previousSlash = true
                continue
            }
            previousSlash = false
            let ok = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_")
            if !ok { return false }
        }
        return true
    }
}
