import CX11
import Dispatch
import Glibc
import XKitCore

/// A cancellable one-shot timer on the main actor.
@MainActor
public final class TimerToken {
    private(set) var isCancelled = false
    /// Stops the timer if it has not fired.
    public func cancel() { isCancelled = true }
}

private let timerQueue = DispatchQueue(label: "xkit.timers")

/// Runs `body` on the main actor after `seconds` unless the returned token is cancelled first.
///
/// The wait happens on a private queue and the work hops to the main actor, so timers fire both in
/// an app under `dispatchMain()` and under `swift test`, which never drains the main queue.
@MainActor
func afterDelay(_ seconds: Double, _ body: @escaping @MainActor () -> Void) -> TimerToken {
    let token = TimerToken()
    timerQueue.asyncAfter(deadline: .now() + max(0, seconds)) {
        Task { @MainActor in
            guard !token.isCancelled else { return }
            body()
        }
    }
    return token
}

/// The app: the X connection, the run loop, the windows and the end of the process.
@MainActor
public final class Application: Responder {
    /// The running application, once `start()` has been called.
    public private(set) static var current: Application?

    /// Connects to the X server (`$DISPLAY`) and sets up the toolkit; idempotent.
    public static func start(name: String? = nil) throws -> Application {
        if let current { return current }
        let app = try Application(name: name)
        current = app
        return app
    }

    let connection: XConnection
    let eventLoop: EventLoop
    /// Fonts resolved through fontconfig; also the measurer for text layout.
    public let fonts: FontRegistry
    let clock: Clock = SystemClock.shared
    let translator: EventTranslator
    /// The input method, opened on first keyboard focus: parsing the locale's Compose table costs
    /// about 25 ms, which would otherwise sit between launch and the first frame.
    private(set) var inputMethod: XIM?
    private var inputMethodOpened = false
    /// The instance name in WM_CLASS (the program name by default).
    public let name: String
    /// The class name in WM_CLASS.
    public var className = "XKit"
    /// Whether the process ends when its last normal window closes (default true).
    public var terminatesAfterLastWindowClosed = true
    /// Open windows, in creation order.
    public private(set) var windows: [Window] = []
    /// The server time of the latest input event, for selections and grabs.
    public internal(set) var lastServerTime: UInt32 = 0
    /// Whether a window manager is running (it decides placement and focus).
    public let hasWindowManager: Bool
    /// Device pixels per logical point, from `Xft.dpi`.
    public var scale: Double { connection.scale }
    /// The screen size in logical points.
    public var screenSize: Size { connection.screenSize }

    private var menuPresenter: PopupMenuPresenter?
    private var terminationHandlers: [(@escaping () -> Void) -> Void] = []
    private var isTerminating = false

    private init(name: String?) throws {
        connection = try XConnection.shared()
        eventLoop = EventLoop(connection: connection)
        fonts = FontRegistry(display: connection.display, scale: connection.scale)
        translator = EventTranslator(scale: connection.scale, clock: SystemClock.shared)
        self.name = name ?? Application.programName()
        hasWindowManager = Application.detectWindowManager(connection)
        super.init()
        TextSystem.measurer = fonts
        Clipboards.service = PasteboardClipboardService()
        let presenter = PopupMenuPresenter(app: self)
        menuPresenter = presenter
        MenuController.shared.presenter = presenter
        Scheduler.schedule = { [weak self] seconds, body in
            guard let self else { return {} }
            let token = self.schedule(after: seconds, body)
            return { token.cancel() }
        }
        eventLoop.start()
    }

    /// Opens the input method once; later calls return the same one (nil when none is available).
    func openInputMethod() -> XIM? {
        if inputMethodOpened { return inputMethod }
        inputMethodOpened = true
        // Xutf8LookupString needs a UTF-8 character type; fall back to C.UTF-8 when the locale is plain C.
        // Done here, not at start-up, because loading the X locale database costs ~2 MiB and a few ms.
        if setlocale(LC_CTYPE, "") == nil || XSupportsLocale() == 0 || !Application.localeIsUTF8() {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        XSetLocaleModifiers("")
        inputMethod = XOpenIM(connection.display, nil, nil, nil)
        if inputMethod != nil {
            eventLoop.inputMethodFilter = { event in XFilterEvent(&event, XID(0)) != 0 }
        } else {
            Trace.warn("no X input method; typing is limited to Latin-1")
        }
        return inputMethod
    }

    /// Runs the main queue forever; the app ends through `quit()` or its last window closing.
    public func run() -> Never {
        eventLoop.start()
        eventLoop.drain()
        dispatchMain()
    }

    /// Runs `body` on the main actor after `seconds`, then redraws what it changed.
    @discardableResult
    public func schedule(after seconds: Double, _ body: @escaping @MainActor () -> Void) -> TimerToken {
        afterDelay(seconds) { [weak self] in
            body()
            self?.eventLoop.drain()
        }
    }

    /// Registers work to finish before the process exits (e.g. handing the clipboard to a manager).
    ///
    /// The handler gets a completion to call when done; `quit()` waits for all of them.
    public func addTerminationHandler(_ handler: @escaping (@escaping () -> Void) -> Void) {
        terminationHandlers.append(handler)
    }

    /// Ends the process after the termination handlers finish.
    public func quit(status: Int32 = 0) {
        guard !isTerminating else { return }
        isTerminating = true
        Trace.emit("app.quit")
        var pending = terminationHandlers.count
        guard pending > 0 else { return finish(status) }
        for handler in terminationHandlers {
            handler { [weak self] in
                pending -= 1
                if pending == 0 { self?.finish(status) }
            }
        }
        eventLoop.drain()
    }

    private func finish(_ status: Int32) {
        XFlush(connection.display)
        exit(status)
    }

    func windowDidOpen(_ window: Window) {
        windows.append(window)
    }

    func windowDidClose(_ window: Window) {
        windows.removeAll { $0 === window }
        if terminatesAfterLastWindowClosed && !windows.contains(where: { $0.kind == .normal }) && window.kind == .normal {
            quit()
        }
    }

    private static func programName() -> String {
        guard let file = fopen("/proc/self/comm", "r") else { return "xkit" }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, 64, file) != nil else { return "xkit" }
        let name = String(decoding: buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "xkit" : name
    }

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
