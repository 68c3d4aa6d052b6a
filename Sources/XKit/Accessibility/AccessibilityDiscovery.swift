import Glibc

/// Decides whether the AT-SPI bridge starts, and finds and opens the accessibility bus.
///
/// The decision costs nothing on the main actor: without `XKIT_ACCESSIBILITY=1` and without a
/// session bus the bridge never starts, and the session-bus questions (is accessibility enabled,
/// where is its bus) are asked off the main actor with blocking libdbus calls.
enum AccessibilityDiscovery {
    /// What `XKIT_ACCESSIBILITY` asks for.
    enum Request: Equatable {
        /// `0`: never start.
        case off
        /// `1`: start whatever the desktop says.
        case on
        /// Unset: start when the desktop says accessibility is enabled.
        case desktop
    }

    static func request(from environment: String?) -> Request {
        switch environment {
        case "0", "false", "no", "off": .off
        case "1", "true", "yes", "on": .on
        default: .desktop
        }
    }

    /// The bus address `AT_SPI_BUS` names (a root-window property); the caller reads it on the main actor.
    /// Then, off the main actor: asks the session bus whether accessibility is on (unless forced) and
    /// for the bus address (unless known), and connects. Returns nil when the bridge must not start.
    static func connect(request: Request, busPropertyAddress: String?, sessionAddress: String?) -> Result<DBusConnection, DBusFailure>? {
        guard request != .off else { return nil }
        var session: DBusConnection?
        func sessionBus() throws -> DBusConnection {
            if let session { return session }
            guard let sessionAddress, !sessionAddress.isEmpty else { throw DBusFailure(description: "no session bus (DBUS_SESSION_BUS_ADDRESS is unset)") }
            let opened = try DBusConnection.open(address: sessionAddress)
            session = opened
            return opened
        }
        defer { session?.close() }
        do {
            if request == .desktop {
                let bus = try sessionBus()
                guard try isEnabled(on: bus) else { return nil }
            }
            let address: String
            if let busPropertyAddress, !busPropertyAddress.isEmpty {
                address = busPropertyAddress
            } else {
                address = try accessibilityBusAddress(on: try sessionBus())
            }
            return .success(try DBusConnection.open(address: address))
        } catch let failure as DBusFailure {
            // Without a session bus there is nothing to ask; only a forced bridge reports why it did not start.
            return request == .on ? .failure(failure) : nil
        } catch {
            return .failure(DBusFailure(description: "\(error)"))
        }
    }

    /// `org.a11y.Status.IsEnabled` or `ScreenReaderEnabled`, read from the session bus.
    private static func isEnabled(on bus: DBusConnection) throws -> Bool {
        for name in ["IsEnabled", "ScreenReaderEnabled"] {
            guard let call = DBusMessage.methodCall(destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.freedesktop.DBus.Properties",
                                                    member: "Get", arguments: [.string("org.a11y.Status"), .string(name)]) else { continue }
            let reply = try bus.call(call)
            if case .variant(.bool(true))? = reply.arguments.first { return true }
        }
        return false
    }

    /// `org.a11y.Bus.GetAddress` on the session bus.
    private static func accessibilityBusAddress(on bus: DBusConnection) throws -> String {
        guard let call = DBusMessage.methodCall(destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus", member: "GetAddress") else {
            throw DBusFailure(description: "cannot build GetAddress")
        }
        let reply = try bus.call(call)
        guard let address = reply.arguments.first?.stringValue, !address.isEmpty else {
            throw DBusFailure(description: "org.a11y.Bus.GetAddress returned no address")
        }
        return address
    }
}
