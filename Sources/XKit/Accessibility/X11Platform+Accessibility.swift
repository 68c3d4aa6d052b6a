import CX11
import Dispatch
import Glibc
@_spi(Platform) import XKitCore

extension X11Platform {
    /// Starts the AT-SPI bridge if accessibility is enabled; the answer comes later, off the main actor.
    ///
    /// With `XKIT_ACCESSIBILITY` unset and no session bus, this is two `getenv` calls and nothing more.
    func startAccessibilityIfEnabled() {
        let request = AccessibilityDiscovery.request(from: getenv("XKIT_ACCESSIBILITY").map { String(cString: $0) })
        let session = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) }
        guard request == .on || (request == .desktop && session != nil) else { return }
        let property = atSpiBusProperty()
        DispatchQueue.global(qos: .utility).async {
            let result = AccessibilityDiscovery.connect(request: request, busPropertyAddress: property, sessionAddress: session)
            Task { @MainActor [weak self] in self?.accessibilityDiscoveryDidFinish(result) }
        }
    }

    private func accessibilityDiscoveryDidFinish(_ result: Result<DBusConnection, DBusFailure>?) {
        switch result {
        case nil:
            return
        case .failure(let failure):
            Trace.warn("accessibility: not started: \(failure.description)")
        case .success(let bus):
            guard let application else { return }
            let bridge = AtspiBridge(application: application, connection: bus)
            bridge.onStop = { [weak self] in self?.accessibility = InactiveAccessibilityBridge() }
            accessibility = bridge
            bridge.observeWindowFocus(eventLoop)
            // The window may have taken focus before the bridge existed; start from the server's answer.
            var focus: XID = 0
            var revert: Int32 = 0
            XGetInputFocus(connection.display, &focus, &revert)
            bridge.activeWindow = application.windows.first { $0.x11ID == focus }
            bridge.start()
            Trace.emit("accessibility.started", [("bus_name", .string(bridge.busName))])
            for window in application.windows { window.viewTreeDidChange() }
        }
    }

    /// The accessibility bus address the desktop published on the root window, if any.
    private func atSpiBusProperty() -> String? {
        let atom = XInternAtom(connection.display, "AT_SPI_BUS", 1)
        guard atom != 0, let property = XWindowProperty.read(connection: connection, window: connection.root, property: atom),
              property.format == 8, !property.data.isEmpty else { return nil }
        return String(decoding: property.data, as: UTF8.self)
    }

    /// The running AT-SPI bridge, if any (tests and the bench look at it).
    var atspiBridge: AtspiBridge? { accessibility as? AtspiBridge }
}
