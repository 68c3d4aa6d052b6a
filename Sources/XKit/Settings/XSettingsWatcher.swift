import CX11
import XKitCore

/// Follows the XSETTINGS manager (`_XSETTINGS_S<screen>`): reads its `_XSETTINGS_SETTINGS`
/// property now, again whenever the manager changes it, and finds the new manager when one
/// starts (the MANAGER client message on the root window) or the old one exits.
///
/// With no manager nothing is reported and the platform keeps its defaults.
@MainActor
final class XSettingsWatcher {
    private let connection: XConnection
    private let selection: Atom
    private let property: Atom
    private let manager: Atom
    private var owner: XID = 0
    private let onChange: ([String: XSettingValue]) -> Void

    init(connection: XConnection, eventLoop: EventLoop, onChange: @escaping ([String: XSettingValue]) -> Void) {
        self.connection = connection
        self.onChange = onChange
        selection = connection.atom("_XSETTINGS_S\(connection.screen)")
        property = connection.atom("_XSETTINGS_SETTINGS")
        manager = connection.atom("MANAGER")
        connection.addRootEventMask(Int(StructureNotifyMask))
        eventLoop.addObserver { [weak self] event in self?.observe(&event) }
        findManager()
    }

    private func findManager() {
        let display = connection.display
        owner = XGetSelectionOwner(display, selection)
        guard owner != 0 else { return }
        // The manager may exit between the calls: a BadWindow here just means "no manager". The
        // property read's reply brings back any error of the select, so one round trip serves both.
        let failed = connection.trapErrors(endsWithReply: true) {
            XSelectInput(display, owner, Int(PropertyChangeMask | StructureNotifyMask))
            read()
        }
        if failed != nil { owner = 0 }
    }

    private func read() {
        guard owner != 0 else { return }
        guard let value = XWindowProperty.read(connection: connection, window: owner, property: property, maxBytes: 1 << 20)
        else { return }
        do {
            onChange(try XSettingsParser.parse(value.data))
        } catch {
            Trace.warn("ignoring the XSETTINGS manager's settings: \(error)")
        }
    }

    private func observe(_ event: inout XEvent) {
        switch event.type {
        case ClientMessage:
            let message = event.xclient
            if message.window == connection.root, message.message_type == manager,
               Atom(UInt(bitPattern: message.data.l.1)) == selection {
                findManager()
            }
        case PropertyNotify:
            if owner != 0, event.xproperty.window == owner, event.xproperty.atom == property { read() }
        case DestroyNotify:
            if owner != 0, event.xdestroywindow.window == owner {
                owner = 0
                findManager()
            }
        default:
            break
        }
    }
}
