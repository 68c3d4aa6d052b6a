import CX11
import Dispatch
import Glibc
@_spi(Platform) import XKitCore

/// The X11 backend: Xlib windows, Xft text, X selections, the X event loop and the input method.
///
/// `Application.start()` creates one for the app. Everything here runs on the main actor; the X
/// connection's fd is watched by a dispatch source that hands each wake-up to the main actor.
@MainActor
public final class X11Platform: Platform {
    let connection: XConnection
    let eventLoop: EventLoop
    /// Fonts resolved through fontconfig; also the measurer for text layout.
    public let fonts: FontRegistry
    var translator: EventTranslator
    /// The server time of the latest input event, for selections and grabs without an event.
    var lastServerTime: UInt32 = 0
    /// Whether a window manager is running (it decides placement and focus).
    public let hasWindowManager: Bool
    /// The selection machinery, created on the first copy or paste.
    var selectionHub: SelectionHub?
    /// Drag and drop (XDND), set up on the first window.
    lazy var xdnd = XdndController(platform: self)
    /// The application this platform runs (set by `Application.start`).
    weak var application: Application?
    /// The desktop's appearance as last read (`X11Platform+Appearance`), handed to the app when it starts.
    var desktopTraits = DesktopAppearance.traits(forced: X11Platform.forcedAppearance, forcedContrast: X11Platform.forcedContrast,
                                                 themeName: nil, layoutDirection: X11Platform.layoutDirection)
    /// The XSETTINGS manager's `Net/ThemeName`, if it has one.
    var themeName: String?
    /// What the portal's `org.freedesktop.appearance` says, once read.
    var portalAppearance = PortalAppearance()
    /// Follows the portal, once started (`startPortalIfNeeded`).
    var portalReader: PortalSettingsReader?
    /// XSETTINGS' `Gtk/EnableAnimations` as last reported, before the portal and `XKIT_REDUCED_MOTION`.
    private var xsettingsEnablesAnimations = true

    public let clock: Clock = SystemClock.shared
    public private(set) var settings: DesktopSettings
    private var settingsWatcher: XSettingsWatcher?
    /// The scale before any XSETTINGS manager spoke (`Xft.dpi`, `XKIT_SCALE` or 1): what a manager
    /// without `Xft/DPI` leaves in place.
    let resourceScale: Double
    /// The pointer shapes of the desktop's cursor theme, loaded on first use.
    lazy var cursors = CursorShapes(connection: connection)
    /// The AT-SPI bridge once accessibility is enabled (`X11Platform+Accessibility`), else the inactive one.
    public internal(set) var accessibility: AccessibilityBridge = InactiveAccessibilityBridge()
    private lazy var pasteboards: [ClipboardSelection: X11Pasteboard] = [
        .clipboard: X11Pasteboard(.general, platform: self), .primary: X11Pasteboard(.primary, platform: self),
    ]
    /// PNG and JPEG decoding; the codec libraries are opened only when the first image is loaded.
    public private(set) lazy var imageDecoder: ImageDecoder = CodecImageDecoder()
    /// PNG encoding for copied images (zlib).
    public let imageEncoder: ImageEncoder = PNGImageEncoder()
    /// The input method, opened on first keyboard focus: parsing the locale's Compose table costs
    /// about 25 ms, which would otherwise sit between launch and the first frame.
    private(set) var inputMethod: InputMethod?
    private var inputMethodOpened = false

    /// Connects to `$DISPLAY`.
    init() throws {
        StandardStreams.prepare()
        Trace.prepare()
        TraceOutputPump.start()
        connection = try XConnection.open()
        // Xft asks the server once per display and keeps the answer, so this costs no extra round trip.
        guard XftDefaultHasRender(connection.display) != 0 else {
            throw XKitError.missingExtension(name: "RENDER", display: String(cString: XDisplayString(connection.display)))
        }
        eventLoop = EventLoop(connection: connection)
        let resources = connection
        fonts = FontRegistry(display: connection.display, scale: connection.scale, limits: connection.requestLimits,
                             resource: { [unowned resources] name, className in resources.resource(name, class: className) })
        translator = EventTranslator(scale: connection.scale, clock: SystemClock.shared)
        hasWindowManager = X11Platform.detectWindowManager(connection)
        settings = DesktopSettings(dpi: 96 * connection.scale)
        resourceScale = connection.scale
        if let blinks = X11Platform.caretBlinkOverride { settings.caretBlinks = blinks }
        if reducesMotion { settings.enablesAnimations = false }
        eventLoop.onDisplayPass = { [weak self] in self?.application?.displayPass() }
        eventLoop.start()
        settingsWatcher = XSettingsWatcher(connection: connection, eventLoop: eventLoop) { [weak self] values in
            self?.settingsDidChange(values)
        }
    }

    /// The XSETTINGS manager reported its settings: views read most of them when they need them
    /// (a double click is timed by the value at the second click); the DPI, font rendering and
    /// cursor theme change what is on screen (`X11Platform+DisplayChanges`).
    private func settingsDidChange(_ values: [String: XSettingValue]) {
        applyDisplaySettings(values)
        applyCursorSettings(values)
        applyAppearanceSettings(values)
        var updated = settings.applying(values, scale: connection.scale)
        xsettingsEnablesAnimations = updated.enablesAnimations
        if let blinks = X11Platform.caretBlinkOverride { updated.caretBlinks = blinks }
        if reducesMotion { updated.enablesAnimations = false }
        adopt(updated)
    }

    /// Reduced motion: `XKIT_REDUCED_MOTION=1`, or the portal's `reduced-motion`; otherwise XSETTINGS decides.
    private var reducesMotion: Bool { X11Platform.reducedMotion || portalAppearance.reducesMotion }

    /// The portal's `reduced-motion` changed: animations follow at the next frame, with no restart.
    func portalMotionDidChange() {
        var updated = settings
        updated.enablesAnimations = xsettingsEnablesAnimations && !reducesMotion
        adopt(updated)
    }

    private func adopt(_ updated: DesktopSettings) {
        guard updated != settings else { return }
        settings = updated
        Trace.emit("settings.changed", [("doubleClickTime", .double(updated.doubleClickTime)),
                                        ("dragThreshold", .double(updated.dragThreshold)),
                                        ("caretBlinks", .bool(updated.caretBlinks)),
                                        ("caretBlinkTime", .double(updated.caretBlinkTime)),
                                        ("dpi", .double(updated.dpi)),
                                        ("enablesAnimations", .bool(updated.enablesAnimations))])
        setNeedsDisplayPass()
    }

    /// The running app's X11 platform, starting the app if needed (for `Pasteboard` used on its own).
    static func running() throws -> X11Platform {
        let app = try Application.current ?? Application.start()
        guard let platform = app.platform as? X11Platform else {
            throw XKitError.noDisplay("the running application is not on the X11 platform")
        }
        return platform
    }

    // MARK: Platform

    public var scale: Double { connection.scale }
    public var screenBounds: Rect { Rect(origin: .zero, size: connection.screenSize) }
    public var textMeasurer: TextMeasurer { fonts }

    public func pasteboard(_ selection: ClipboardSelection) -> PlatformPasteboard {
        pasteboards[selection] ?? X11Pasteboard(selection == .clipboard ? .general : .primary, platform: self)
    }

    public func schedule(after seconds: Double, _ body: @escaping @MainActor () -> Void) -> Cancellable {
        eventLoop.afterDelay(seconds) { [weak self] in
            body()
            self?.eventLoop.drain()
        }
    }

    public func makeSurface(_ configuration: SurfaceConfiguration) -> WindowSurface {
        X11WindowSurface(platform: self, configuration: configuration)
    }

    public func setNeedsDisplayPass() { eventLoop.scheduleDrain() }

    public func deliverPendingEvents() { eventLoop.drain() }

    public func run() -> Never {
        eventLoop.start()
        eventLoop.runOnMainThread()
    }

    public func exit(status: Int32) {
        XFlush(connection.display)
        Glibc.exit(status)
    }

    /// Registers work to finish before the process exits (the clipboard hand-off).
    func addTerminationHandler(_ handler: @escaping (@escaping () -> Void) -> Void) {
        application?.addTerminationHandler(handler)
    }

    // MARK: Input method

    /// Opens the input method once; later calls return the same one (nil when none is available).
    func openInputMethod() -> InputMethod? {
        if inputMethodOpened { return inputMethod }
        inputMethodOpened = true
        // Xutf8LookupString needs a UTF-8 character type; fall back to C.UTF-8 when the locale is plain C.
        // Done here, not at start-up, because loading the X locale database costs ~2 MiB and a few ms.
        if setlocale(LC_CTYPE, "") == nil || XSupportsLocale() == 0 || !X11Platform.localeIsUTF8() {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        let method = InputMethod(connection: connection)
        inputMethod = method
        // Installed even with no method open yet: Xlib's instantiate watch is an event filter too.
        eventLoop.inputMethodFilter = { event in XFilterEvent(&event, XID(0)) != 0 }
        return method
    }

    /// `XKIT_CARET_BLINK=0` keeps the caret steady whatever the desktop says (latency
    /// measurements and screenshots must not catch it mid-blink); `1` forces blinking on.
    private static let caretBlinkOverride: Bool? = getenv("XKIT_CARET_BLINK").flatMap { value in
        switch String(cString: value) {
        case "0", "false", "no": return false
        case "1", "true", "yes": return true
        default: return nil
        }
    }

    /// `XKIT_REDUCED_MOTION=1` turns animation off whatever the desktop says (same end states, no motion).
    static let reducedMotion: Bool = getenv("XKIT_REDUCED_MOTION").map { String(cString: $0) == "1" } ?? false

    private static func localeIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// Whether an EWMH window manager runs: the root's `_NET_SUPPORTING_WM_CHECK` names a window that
    /// names itself (a stale property left by a dead manager names a missing window).
    private static func detectWindowManager(_ connection: XConnection) -> Bool {
        let atom = connection.atom("_NET_SUPPORTING_WM_CHECK")
        // A WINDOW property is format 32: its value is in items32, never in data.
        guard let check = XWindowProperty.read(connection: connection, window: connection.root, property: atom)?.items32.first,
              check != 0 else { return false }
        let own = XWindowProperty.read(connection: connection, window: XID(UInt(bitPattern: check)), property: atom)
        return own?.items32.first == check
    }
}

/// A cancellable one-shot timer on the main actor.
@MainActor
final class TimerToken: Cancellable {
    private(set) var isCancelled = false
    /// Stops the timer if it has not fired.
    func cancel() { isCancelled = true }
}
