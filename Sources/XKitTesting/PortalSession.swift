import Foundation
import Glibc

/// A private session bus with an appearance portal on it, so tests follow dark mode and contrast live.
///
/// The bus activates nothing (its configuration has no service directory): the real portal would
/// otherwise start the document portal and its FUSE mount, and a missing portal would be looked
/// for. GSettings live in a keyfile under a private `XDG_CONFIG_HOME`, so `setColorScheme` never
/// touches the user's dconf.
public final class PortalSession: @unchecked Sendable {
    /// Which portal runs on the bus.
    public enum Portal: Sendable {
        /// `xdg-desktop-portal` with its GTK backend, GNOME's `color-scheme` set to this value first
        /// ("prefer-dark", "prefer-light" or "default").
        case real(colorScheme: String)
        /// A Python portal serving these `org.freedesktop.appearance` values (nil: the key is absent),
        /// answering `ReadAll` after `delay` seconds.
        case fake(colorScheme: UInt32?, contrast: UInt32?, delay: Double = 0)
        /// A Python process that owns the portal's name and never answers.
        case silent
        /// No portal yet: `start(_:)` one later.
        case none
    }

    /// The session bus address.
    public let sessionAddress: String
    /// The display, the fonts and the session bus, for apps.
    public let environment: [String: String]
    private let busPID: pid_t
    private let directory: URL
    private let portalEnvironment: [String: String]
    private var helpers: [HelperProcess] = []
    private var isStopped = false

    /// Starts the bus and the portal for `server`; throws when a piece is missing or does not come up.
    public init(server: XvfbServer, portal: Portal) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-portal-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("config"), withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("bus.conf")
        try PortalSession.busConfiguration.write(to: config, atomically: true, encoding: .utf8)
        let started = try runProcess(["dbus-daemon", "--config-file=\(config.path)", "--fork", "--print-address=1", "--print-pid=1"], timeout: 5)
        let lines = started.stdoutString.split(separator: "\n").map(String.init)
        guard started.succeeded, lines.count >= 2, let pid = pid_t(lines[1]) else {
            try? FileManager.default.removeItem(at: directory)
            throw XKitTestingError("dbus-daemon did not start: \(started)")
        }
        sessionAddress = lines[0]
        busPID = pid
        var env = server.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = sessionAddress
        environment = env
        env["GSETTINGS_BACKEND"] = "keyfile"
        env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        env["XDG_CURRENT_DESKTOP"] = "GNOME"
        portalEnvironment = env
        do {
            try start(portal)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Starts `portal` on the bus and waits until it owns its name, as a portal that starts after the app does.
    public func start(_ portal: Portal) throws {
        switch portal {
        case .none:
            return
        case .real(let colorScheme):
            for program in ["/usr/libexec/xdg-desktop-portal", "/usr/libexec/xdg-desktop-portal-gtk"]
            where !FileManager.default.isExecutableFile(atPath: program) {
                throw XKitTestingError("\(program) is missing (apt-get install -y xdg-desktop-portal xdg-desktop-portal-gtk)")
            }
            try setColorScheme(colorScheme)
            // Nothing is activated on this bus: the backend must own its name before the portal looks for it.
            helpers.append(try HelperProcess(["/usr/libexec/xdg-desktop-portal-gtk"], environment: portalEnvironment))
            try waitForName("org.freedesktop.impl.portal.desktop.gtk")
            helpers.append(try HelperProcess(["/usr/libexec/xdg-desktop-portal"], environment: portalEnvironment))
        case .fake(let colorScheme, let contrast, let delay):
            let values = [("color-scheme", colorScheme), ("contrast", contrast)].compactMap { key, value in value.map { "\(key)=\($0)" } }
                + (delay > 0 ? ["delay=\(Int(delay * 1000))"] : [])
            helpers.append(try HelperProcess(["/usr/bin/python3", "-c", PortalScripts.fake] + values, environment: portalEnvironment))
        case .silent:
            helpers.append(try HelperProcess(["/usr/bin/python3", "-c", PortalScripts.silent], environment: portalEnvironment))
        }
        try waitForName("org.freedesktop.portal.Desktop")
    }

    /// Sets GNOME's `org.gnome.desktop.interface color-scheme`, which the real portal turns into
    /// `SettingChanged` for `org.freedesktop.appearance`.
    public func setColorScheme(_ value: String) throws {
        let result = try runProcess(["gsettings", "set", "org.gnome.desktop.interface", "color-scheme", value], timeout: 5,
                                    environment: portalEnvironment)
        guard result.succeeded else { throw XKitTestingError("gsettings failed: \(result)") }
    }

    /// Changes one of the fake portal's values; it emits `SettingChanged`.
    public func setFakeSetting(_ key: String, _ value: UInt32) throws {
        try callFake(["org.xkit.FakePortal.Set", "string:\(key)", "uint32:\(value)"])
    }

    /// Makes the fake portal emit a `SettingChanged` whose `contrast` is a string.
    public func sendMalformedSetting() throws {
        try callFake(["org.xkit.FakePortal.SendMalformed"])
    }

    private func callFake(_ arguments: [String]) throws {
        let result = try runProcess(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.portal.Desktop",
                                     "/org/freedesktop/portal/desktop"] + arguments, timeout: 5, environment: environment)
        guard result.succeeded else { throw XKitTestingError("the fake portal did not answer: \(result)") }
    }

    private func waitForName(_ name: String, timeout: TimeInterval = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let probe = try runProcess(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                        "org.freedesktop.DBus.NameHasOwner", "string:\(name)"], timeout: 2, environment: environment)
            if probe.succeeded && probe.stdoutString.contains("boolean true") { return }
            if Date() > deadline { throw XKitTestingError("\(name) did not appear on the bus: \(probe)") }
            usleep(50_000)
        }
    }

    /// Stops the portal and the bus and removes the settings; idempotent.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        for helper in helpers { helper.stop() }
        helpers.removeAll()
        kill(busPID, SIGTERM)
        try? FileManager.default.removeItem(at: directory)
    }

    private static let busConfiguration = """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:tmpdir=/tmp</listen>
      <policy context="default">
        <!-- As session.conf: without a receive rule the bus's own replies are not delivered. -->
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """
}
