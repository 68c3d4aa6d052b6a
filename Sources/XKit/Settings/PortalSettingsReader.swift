import Dispatch
import XKitCore

/// Follows the freedesktop portal's appearance settings over the session bus, never blocking the main actor.
///
/// Connecting (a blocking libdbus round trip) happens on a background queue; after that the
/// connection's `DBusPump` reads the socket on its own queue and hands the few messages here. The
/// reader subscribes to `SettingChanged` and to `NameOwnerChanged` for the portal (a portal that
/// starts later is read then), and asks `ReadAll` for `org.freedesktop.appearance` (in every version
/// of the interface, unlike `ReadOne`, and typed as the spec says, unlike 1.16's `Read`). A portal
/// that has not answered after `timeout` seconds is reported (`portal.timeout`) but still listened
/// to: the app has drawn in the XSETTINGS appearance or light, and changes when the answer comes.
@MainActor
final class PortalSettingsReader {
    static let destination = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"
    nonisolated static let timeout = 2.0

    /// The portal's settings as last read.
    private(set) var appearance = PortalAppearance()
    private let onChange: (PortalAppearance) -> Void
    private var pump: DBusPump?
    /// `ReadAll` calls still unanswered, by serial; a late answer is applied all the same.
    private var pendingReads: Set<UInt32> = []

    /// A reader that calls `onChange` on the main actor whenever the portal's settings change.
    init(onChange: @escaping (PortalAppearance) -> Void) {
        self.onChange = onChange
    }

    /// Connects to the session bus at `address` off the main actor, then subscribes and reads.
    func start(sessionAddress address: String) {
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let result: Result<DBusConnection, DBusFailure>
            do {
                result = .success(try DBusConnection.open(address: address))
            } catch let failure as DBusFailure {
                result = .failure(failure)
            } catch {
                result = .failure(DBusFailure(description: "\(error)"))
            }
            Task { @MainActor [weak self] in self?.didConnect(result) }
        }
    }

    private func didConnect(_ result: Result<DBusConnection, DBusFailure>) {
        switch result {
        case .failure(let failure):
            Trace.emit("portal.unavailable", [("reason", .string(failure.description))])
        case .success(let connection):
            let pump = DBusPump(connection: connection)
            pump.onMessage = { [weak self] message in self?.handle(message) }
            pump.onDisconnect = { Trace.emit("portal.unavailable", [("reason", "the session bus closed")]) }
            self.pump = pump
            // The rules go first: the bus handles one connection's messages in order, so no change
            // between the answer to ReadAll and the subscription is missed.
            subscribe(connection, rule: "type='signal',sender='\(Self.destination)',path='\(Self.path)',interface='\(Self.interface)',"
                                      + "member='SettingChanged',arg0='\(PortalSettings.namespace)'")
            subscribe(connection, rule: "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
                                      + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Self.destination)'")
            read(connection)
            pump.start()
        }
    }

    private func subscribe(_ connection: DBusConnection, rule: String) {
        guard let call = DBusMessage.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                interface: "org.freedesktop.DBus", member: "AddMatch", arguments: [.string(rule)]),
              connection.send(call) else {
            Trace.warn("portal: cannot subscribe to the session bus (\(rule))")
            return
        }
    }

    private func read(_ connection: DBusConnection) {
        guard let call = DBusMessage.methodCall(destination: Self.destination, path: Self.path, interface: Self.interface, member: "ReadAll",
                                                arguments: [.array(elementSignature: "s", [.string(PortalSettings.namespace)])]),
              connection.send(call) else {
            Trace.warn("portal: cannot send ReadAll to the session bus")
            return
        }
        // libdbus numbers a message when it queues it.
        let serial = call.serial
        pendingReads.insert(serial)
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: .seconds(PortalSettingsReader.timeout))
            self?.readTimedOut(serial)
        }
    }

    private func readTimedOut(_ serial: UInt32) {
        guard pendingReads.contains(serial) else { return }
        Trace.emit("portal.timeout", [("seconds", .double(PortalSettingsReader.timeout)), ("method", "ReadAll")])
    }

    private func handle(_ message: DBusMessage) {
        switch message.kind {
        case .methodReturn?, .error?:
            guard pendingReads.remove(message.replySerial) != nil else { return }
            if message.kind == .error {
                Trace.emit("portal.unavailable", [("reason", .string(message.errorName ?? "an error"))])
                return
            }
            do throws(PortalSettings.Malformed) {
                update(try PortalSettings.appearance(fromReadAll: message.arguments), source: "read")
            } catch {
                Trace.warn("portal: ignoring a malformed answer: \(error.description)")
            }
        case .signal? where message.interface == Self.interface && message.member == "SettingChanged":
            do throws(PortalSettings.Malformed) {
                update(try PortalSettings.appearance(afterSettingChanged: message.arguments, from: appearance), source: "changed")
            } catch {
                Trace.warn("portal: ignoring a malformed SettingChanged: \(error.description)")
            }
        case .signal? where message.interface == "org.freedesktop.DBus" && message.member == "NameOwnerChanged":
            let arguments = message.arguments
            guard message.sender == "org.freedesktop.DBus", arguments.count == 3, arguments[0].stringValue == Self.destination,
                  let owner = arguments[2].stringValue, !owner.isEmpty, let pump else { return }
            read(pump.connection)
            pump.flush()
        case .methodCall? where message.expectsReply:
            // Nothing is exported on this connection; answer rather than leave a caller waiting.
            if let refusal = message.errorReply(name: "org.freedesktop.DBus.Error.UnknownMethod", text: "nothing is exported here") {
                pump?.connection.send(refusal)
                pump?.flush()
            }
        default:
            return
        }
    }

    private func update(_ new: PortalAppearance, source: String) {
        let changed = new != appearance
        appearance = new
        Trace.emit("portal.appearance", [("color_scheme", new.colorScheme.map { .int(Int($0)) } ?? .null),
                                         ("contrast", new.contrast.map { .int(Int($0)) } ?? .null),
                                         ("reduced_motion", new.reducedMotion.map { .int(Int($0)) } ?? .null), ("source", .string(source))])
        if changed { onChange(new) }
    }
}
