import CX11
import XKitCore

/// A D-Bus error a method handler returns; the caller gets it as an error reply.
struct AtspiError: Error {
    let name: String
    let text: String
    static func gone(_ path: String) -> AtspiError { AtspiError(name: Atspi.ErrorName.unknownObject, text: "no object at \(path): it was removed") }
    static func badArguments(_ member: String, _ signature: String) -> AtspiError {
        AtspiError(name: Atspi.ErrorName.invalidArgs, text: "\(member) does not take (\(signature))")
    }
    static func badArguments(_ member: String, _ expected: String, got signature: String) -> AtspiError {
        AtspiError(name: Atspi.ErrorName.invalidArgs, text: "\(member) takes (\(expected)), not (\(signature))")
    }
    static func unknownMethod(_ interface: String, _ member: String) -> AtspiError {
        AtspiError(name: Atspi.ErrorName.unknownMethod, text: "no method \(interface).\(member) here")
    }
}

/// The AT-SPI2 bridge: serves the app's accessibility tree on the accessibility bus and sends its events.
///
/// It answers on its own connection from the main actor (`DBusPump`), reads the live view tree on
/// every request (`AtspiTree`) and names objects by lazily made paths (`AtspiObjectTable`). When
/// the bus goes away it stops, and the platform goes back to the inactive bridge.
@MainActor
final class AtspiBridge: AccessibilityBridge {
    unowned let application: Application
    let pump: DBusPump
    let objects = AtspiObjectTable()
    /// Our unique name on the accessibility bus, the first half of every object reference.
    let busName: String
    /// The desktop we were embedded in (from the registry's Embed reply).
    var desktop: DBusValue = .structure([.string(Atspi.registryName), .objectPath(Atspi.rootPath)])
    /// The application id the registry assigns through the `Id` property.
    var applicationID: Int32 = 0
    /// The window that has keyboard focus, for the `active` state and window events.
    weak var activeWindow: Window?
    /// What clients last saw of the nodes they asked about, diffed for change events.
    var snapshots: [String: AtspiSnapshot] = [:]
    var knownWindows: [ObjectIdentifier] = []
    weak var focusedView: View?
    private var embedSerial: UInt32 = 0
    private var xObserver: Int?
    /// Called once when the bus went away, so the platform can drop the bridge.
    var onStop: (() -> Void)?

    init(application: Application, connection: DBusConnection) {
        self.application = application
        pump = DBusPump(connection: connection)
        busName = connection.uniqueName ?? ""
    }

    var tree: AtspiTree { AtspiTree(application: application, activeWindow: activeWindow) }

    // MARK: AccessibilityBridge

    var isActive: Bool { pump.isRunning }

    func treeDidChange(in window: Window) { emitChanges(in: window) }

    func focusDidChange(to view: View?, in window: Window) { emitFocusChange(to: view, in: window) }

    func windowDidClose(_ window: Window) { emitWindowListChange() }

    // MARK: Life cycle

    /// Starts answering and embeds the application in the registry's desktop.
    func start() {
        pump.onMessage = { [weak self] message in self?.handle(message) }
        pump.onDisconnect = { [weak self] in self?.didStop() }
        pump.screen = AtspiSignatures.refusal(of:)
        pump.start()
        if let embed = DBusMessage.methodCall(destination: Atspi.registryName, path: Atspi.rootPath, interface: Atspi.Interface.socket,
                                              member: "Embed", arguments: [.structure([.string(busName), .objectPath(Atspi.rootPath)])]) {
            pump.connection.send(embed)
            embedSerial = embed.serial
        }
        knownWindows = tree.windows.map(ObjectIdentifier.init)
        pump.flush()
    }

    /// Watches focus in and out of our windows for window activate/deactivate events.
    func observeWindowFocus(_ eventLoop: EventLoop) {
        xObserver = eventLoop.addObserver { [weak self] event in
            guard let self, event.type == FocusIn || event.type == FocusOut, event.xfocus.detail != NotifyPointer,
                  event.xfocus.mode == NotifyNormal || event.xfocus.mode == NotifyWhileGrabbed else { return }
            let xid = event.xfocus.window
            guard let window = self.application.windows.first(where: { $0.x11ID == xid }) else { return }
            self.windowFocusDidChange(window, active: event.type == FocusIn)
        }
        stopObservers = { [weak eventLoop, xObserver] in
            if let xObserver { eventLoop?.removeObserver(xObserver) }
        }
    }

    private var stopObservers: (() -> Void)?

    private func didStop() {
        stopObservers?()
        stopObservers = nil
        snapshots.removeAll()
        Trace.warn("accessibility: the AT-SPI bus went away; the bridge stopped")
        onStop?()
        onStop = nil
    }

    // MARK: Messages

    private func handle(_ message: DBusMessage) {
        switch message.kind {
        case .methodCall:
            answer(message)
        case .methodReturn where message.replySerial == embedSerial && embedSerial != 0:
            if let parent = message.arguments.first, case .structure(let fields) = parent, fields.count == 2 { desktop = parent }
        case .error where message.replySerial == embedSerial && embedSerial != 0:
            Trace.warn("accessibility: the registry refused Embed: \(message.errorName ?? "?")")
        default:
            break
        }
    }

    private func answer(_ call: DBusMessage) {
        let path = call.path ?? ""
        let interface = call.interface ?? ""
        let member = call.member ?? ""
        let result: Result<[DBusValue], AtspiError>
        if interface == Atspi.Interface.introspectable, member == "Introspect" {
            result = .success([.string(AtspiIntrospection.xml)])
        } else if path == Atspi.cachePath, member == "GetItems" {
            // No cache: clients then ask each object, which is what a lazily exposed tree wants.
            result = .success([.array(elementSignature: Atspi.cacheItemSignature, [])])
        } else if let node = objects.node(at: path), tree.isAlive(node) {
            do {
                result = .success(try dispatch(call, node: node, interface: interface, member: member))
            } catch let error as AtspiError {
                result = .failure(error)
            } catch {
                result = .failure(AtspiError(name: "org.freedesktop.DBus.Error.Failed", text: "\(error)"))
            }
        } else {
            result = .failure(.gone(path))
        }
        guard call.expectsReply else { return }
        let reply: DBusMessage?
        switch result {
        case .success(let values):
            reply = call.reply(values) ?? call.errorReply(name: "org.freedesktop.DBus.Error.Failed", text: "the reply could not be built")
        case .failure(let error):
            reply = call.errorReply(name: error.name, text: error.text)
        }
        if let reply { pump.connection.send(reply) }
    }

    private func dispatch(_ call: DBusMessage, node: AtspiNode, interface: String, member: String) throws -> [DBusValue] {
        // The header's signature first: a call that does not match is refused before its body is read.
        if let error = AtspiSignatures.check(interface: interface, member: member, signature: call.signature) { throw error }
        let args = call.arguments
        if interface == Atspi.Interface.properties { return try properties(member: member, args: args, node: node) }
        watch(node)
        switch interface {
        case Atspi.Interface.accessible: return try accessible(member: member, args: args, node: node)
        case Atspi.Interface.component: return try component(member: member, args: args, node: node)
        case Atspi.Interface.action: return try action(member: member, args: args, node: node)
        case Atspi.Interface.text: return try text(member: member, args: args, node: node)
        case Atspi.Interface.editableText: return try editableText(member: member, args: args, node: node)
        case Atspi.Interface.selection: return try selection(member: member, args: args, node: node)
        case Atspi.Interface.hypertext: return try hypertext(member: member, args: args, node: node)
        case Atspi.Interface.hyperlink: return try hyperlink(member: member, args: args, node: node)
        case Atspi.Interface.application:
            if member == "GetLocale" { return [.string("en_US.UTF-8")] }
            throw AtspiError.unknownMethod(interface, member)
        default:
            throw AtspiError.unknownMethod(interface, member)
        }
    }

    /// The (bus name, path) pair AT-SPI uses to name an object.
    func reference(_ node: AtspiNode?) -> DBusValue {
        guard let node else { return .structure([.string(""), .objectPath(Atspi.nullPath)]) }
        return .structure([.string(busName), .objectPath(objects.path(for: node))])
    }

    /// Sends one signal now (it goes out with the next flush, at the end of this turn).
    func emit(_ interface: String, _ member: String, from node: AtspiNode, detail: String = "",
              _ detail1: Int = 0, _ detail2: Int = 0, value: DBusValue = .int32(0)) {
        guard pump.isRunning else { return }
        let args: [DBusValue] = [.string(detail), .int32(Int32(clamping: detail1)), .int32(Int32(clamping: detail2)),
                                 .variant(value), .dictionary(keySignature: "s", valueSignature: "v", [])]
        if let signal = DBusMessage.signal(path: objects.path(for: node), interface: interface, member: member, arguments: args) {
            pump.connection.send(signal)
        }
        pump.flush()
    }
}

/// Introspection data for tools that ask (d-feet, busctl); AT-SPI clients do not need it.
enum AtspiIntrospection {
    static let xml = """
    <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
    <node>
      <interface name="org.a11y.atspi.Accessible"/>
      <interface name="org.a11y.atspi.Component"/>
    </node>
    """
}
