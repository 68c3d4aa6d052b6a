@_spi(Platform) import XKitCore

/// A platform with no display: in-memory pasteboards, a manual clock and recording surfaces.
///
/// Display-free tests run whole flows on it — a window, a long press, the menu, Copy, the
/// pasteboard's contents — with nothing process-wide: each test makes its own platform and
/// application. Time moves only through `advance(by:)`, which fires due timers; input goes in
/// through `send(_:to:)`, and every call ends with a display pass, as the X event loop does.
@MainActor
public final class HeadlessPlatform: Platform {
    public let scale: Double
    public let screenBounds: Rect
    public let textMeasurer: TextMeasurer
    public var settings: DesktopSettings
    public let clock: Clock
    /// The accessibility bridge; tests put a recording one here to see what the toolkit reports.
    public var accessibility: AccessibilityBridge = InactiveAccessibilityBridge()
    /// The image decoder, as passed to `init`; replace it to inject failures.
    public var imageDecoder: ImageDecoder
    /// The image encoder (Copy Image), as passed to `init`; replace it to inject limits or failures.
    public var imageEncoder: ImageEncoder
    /// The manual clock behind `clock`.
    public let manualClock: ManualClock
    /// CLIPBOARD and PRIMARY, kept in memory.
    public let clipboard = MemoryPasteboard(), primary = MemoryPasteboard(.primary)
    /// Every copy to either pasteboard, in order: the text, the selection and the event's timestamp.
    public private(set) var copyLog: [(text: String, selection: ClipboardSelection, timestamp: PlatformTimestamp?)] = []
    /// Every surface created, in order (popups included).
    public private(set) var surfaces: [HeadlessSurface] = []
    /// The status passed to `exit(status:)`, if the app ended.
    public private(set) var exitStatus: Int32?
    /// Whether drags out of windows start (off by default, as on a platform without drag and drop).
    public var offersDragging = false
    /// Every drag started, in order; the last one runs until `endDrag(_:)`.
    public internal(set) var drags: [HeadlessDrag] = []
    var dragCompletion: (@MainActor (DropOperation) -> Void)?
    /// The application running on this platform (set by `makeApplication`).
    public private(set) weak var application: Application?

    private var timers: [HeadlessTimer] = []
    private var needsDisplayPass = false

    /// A platform with a screen, a scale and a measurer (fixed-width by default).
    ///
    /// The headless platform links no codec library, so images decode only through `imageDecoder`
    /// (XKit's `CodecImageDecoder()` from a test that imports XKit); by default every decode fails
    /// with `ImageError.decoderUnavailable`. Likewise images encode (Copy Image) only through
    /// `imageEncoder`, XKit's `PNGImageEncoder()`.
    public init(scale: Double = 1, screen: Size = Size(width: 1280, height: 800),
                measurer: TextMeasurer = MonospaceMeasurer(), settings: DesktopSettings = .standard, now: Double = 100,
                imageDecoder: ImageDecoder = NoImageDecoder(), imageEncoder: ImageEncoder = UnavailableImageEncoder()) {
        self.scale = scale
        self.imageDecoder = imageDecoder
        self.imageEncoder = imageEncoder
        screenBounds = Rect(origin: .zero, size: screen)
        textMeasurer = measurer
        self.settings = settings
        manualClock = ManualClock(now: now)
        clock = manualClock
        clipboard.onCopy = { [unowned self] copy in copyLog.append((copy.text, .clipboard, copy.timestamp)) }
        primary.onCopy = { [unowned self] copy in copyLog.append((copy.text, .primary, copy.timestamp)) }
    }

    /// The delays of the timers still waiting, from now, soonest first.
    public var pendingTimerDelays: [Double] {
        timers.filter { !$0.isCancelled }.map { $0.deadline - clock.now }.sorted()
    }

    /// A new application on this platform.
    public func makeApplication(name: String = "headless") -> Application {
        let app = Application(platform: self, name: name)
        application = app
        return app
    }

    // MARK: Platform

    public func pasteboard(_ selection: ClipboardSelection) -> PlatformPasteboard {
        selection == .clipboard ? clipboard : primary
    }

    public func schedule(after seconds: Double, _ body: @escaping @MainActor () -> Void) -> Cancellable {
        let timer = HeadlessTimer(deadline: clock.now + (seconds.isFinite ? max(0, seconds) : 0), body: body)
        timers.append(timer)
        return timer
    }

    public func makeSurface(_ configuration: SurfaceConfiguration) -> WindowSurface {
        let surface = HeadlessSurface(configuration: configuration, platform: self)
        surfaces.append(surface)
        return surface
    }

    public func setNeedsDisplayPass() { needsDisplayPass = true }

    /// Input is delivered synchronously by `send`, so nothing is ever pending.
    public func deliverPendingEvents() {}

    /// Runs timers as their deadlines come, moving the clock, until none is left; then parks forever.
    public func run() -> Never {
        while let next = timers.filter({ !$0.isCancelled }).map(\.deadline).min() {
            advance(by: max(0, next - clock.now))
        }
        while true { displayPass() }
    }

    public func exit(status: Int32) { exitStatus = status }

    // MARK: Driving

    /// Maps windows that were shown, then lays out and draws every dirty window.
    public func displayPass() {
        for surface in surfaces where surface.mapPending { surface.completeMap() }
        needsDisplayPass = false
        application?.displayPass()
    }

    /// Moves the clock forward, firing due timers in deadline order, then runs a display pass.
    public func advance(by seconds: Double) {
        let end = clock.now + seconds
        while let timer = timers.filter({ !$0.isCancelled && $0.deadline <= end }).min(by: { $0.deadline < $1.deadline }) {
            manualClock.advance(by: max(0, timer.deadline - clock.now))
            timers.removeAll { $0 === timer }
            timer.fire()
            displayPass()
        }
        manualClock.advance(by: max(0, end - clock.now))
        timers.removeAll { $0.isCancelled }
        displayPass()
    }

    /// Delivers a pointer event to a window as its surface would, then runs a display pass.
    public func send(_ event: PointerEvent, to window: Window) {
        surface(of: window)?.receive(event)
        displayPass()
    }

    /// Delivers a key press to a window, then runs a display pass.
    public func send(_ event: KeyEvent, to window: Window) {
        surface(of: window)?.receive(event)
        displayPass()
    }

    /// A timestamp for a synthetic event at the current time (milliseconds, as X server times are).
    public func timestamp() -> PlatformTimestamp {
        PlatformTimestamp(UInt32(truncatingIfNeeded: Int((clock.now * 1000).rounded())))
    }

    /// The surface showing a window.
    public func surface(of window: Window) -> HeadlessSurface? {
        window.surface as? HeadlessSurface
    }
}

/// The headless platform's default decoder: it decodes nothing, and says so.
public struct NoImageDecoder: ImageDecoder {
    /// A decoder that refuses every image with `ImageError.decoderUnavailable`.
    public init() {}

    /// Throws `decoderUnavailable` for any bytes (`notAnImage` for bytes that are not PNG or JPEG).
    public func decode(_ data: [UInt8], limits: ImageLimits) throws(ImageError) -> ImageBitmap {
        guard ImageFormat(sniffing: data) != nil else { throw .notAnImage }
        throw .decoderUnavailable("the headless platform has no image codec; pass one as HeadlessPlatform(imageDecoder:)")
    }
}

/// A timer on the headless platform's manual clock.
@MainActor
final class HeadlessTimer: Cancellable {
    let deadline: Double
    private var body: (@MainActor () -> Void)?
    private(set) var isCancelled = false

    init(deadline: Double, body: @escaping @MainActor () -> Void) {
        self.deadline = deadline
        self.body = body
    }

    func cancel() {
        isCancelled = true
        body = nil
    }

    func fire() {
        let work = body
        cancel()
        work?()
    }
}
