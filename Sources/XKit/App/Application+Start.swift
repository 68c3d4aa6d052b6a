import CX11
import Glibc
@_spi(Platform) import XKitCore

extension Application {
    /// Connects to the X server (`$DISPLAY`) and starts the app on the X11 platform; idempotent.
    ///
    ///     let app = try Application.start(name: "contacts")
    ///     let window = Window(title: "Contacts", size: Size(width: 400, height: 300), app: app)
    ///     window.show()
    ///     app.run()
    public static func start(name: String? = nil) throws -> Application {
        if let current { return current }
        let platform = try X11Platform()
        let app = Application(platform: platform, name: name ?? programName())
        platform.application = app
        app.desktopTraitCollectionDidChange(platform.desktopTraits)
        app.makeCurrent()
        platform.startAccessibilityIfEnabled()
        platform.startPortalIfNeeded()
        return app
    }

    /// The X11 platform under this app, when it runs on X.
    var x11: X11Platform? { platform as? X11Platform }

    private static func programName() -> String {
        guard let file = fopen("/proc/self/comm", "r") else { return "xkit" }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, 64, file) != nil else { return "xkit" }
        let name = String(decoding: buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "xkit" : name
    }
}

extension Window {
    /// The X window id behind this window, when it runs on X.
    var x11ID: XID? { (surface as? X11WindowSurface)?.xid }

    /// The X window id behind this window, 0 off X (for tests that talk to the server about it).
    var xid: XID { x11ID ?? 0 }

    /// The back buffer behind this window, when it runs on X (tests check the pixmap the server holds).
    var x11BackBuffer: BackBuffer? { (surface as? X11WindowSurface)?.backBuffer }
}
