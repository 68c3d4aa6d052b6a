/// Everything a backend provides to the toolkit, behind one protocol family.
///
/// The `Application` owns one platform; views reach its services through their window
/// (`view.window?.platform`), never through statics. XKit's X11 backend implements it over Xlib
/// and Xft; XKitTesting's headless platform implements it in memory, so whole flows run in tests
/// with no display. App code written against the public API does not change between them.
@MainActor
public protocol Platform: AnyObject {
    /// Device pixels per logical point.
    var scale: Double { get }
    /// The screen's bounds in logical points (root-window coordinates).
    var screenBounds: Rect { get }
    /// Measures text exactly as this platform's renderer draws it.
    var textMeasurer: TextMeasurer { get }
    /// The desktop's settings (double-click time, DPI, caret blink).
    var settings: DesktopSettings { get }
    /// The monotonic clock gesture recognizers and timers read.
    var clock: Clock { get }
    /// Where the accessibility tree is published (a no-op bridge until AT-SPI lands).
    var accessibility: AccessibilityBridge { get }
    /// Decodes PNG and JPEG for `ImageCache` and `ImageView` (by default a decoder that always fails).
    var imageDecoder: ImageDecoder { get }
    /// Encodes PNG for copied images (by default an encoder that always fails).
    var imageEncoder: ImageEncoder { get }

    /// The pasteboard behind a selection (CLIPBOARD or PRIMARY).
    func pasteboard(_ selection: ClipboardSelection) -> PlatformPasteboard
    /// Runs `body` on the main actor after `seconds` unless the returned token is cancelled first.
    func schedule(after seconds: Double, _ body: @escaping @MainActor () -> Void) -> Cancellable
    /// Creates the native surface that shows a window (hidden until `show()`), set up for its kind.
    func makeSurface(_ configuration: SurfaceConfiguration) -> WindowSurface
    /// Asks for a display pass (layout and drawing of every dirty window) soon.
    func setNeedsDisplayPass()
    /// Delivers input the platform has received but not dispatched yet (before a timer judges a gesture).
    func deliverPendingEvents()
    /// Runs the event loop until the process ends.
    func run() -> Never
    /// Ends the process (the headless platform only records the status).
    func exit(status: Int32)
}

/// Something that can be stopped before it happens, such as a scheduled timer.
@MainActor
public protocol Cancellable: AnyObject {
    /// Stops it; cancelling twice or after it ran does nothing.
    func cancel()
}

/// A platform's own timestamp of an input event (the X server time), opaque to the core.
///
/// Copying and grabbing need it ("the event that triggered this"), so it travels inside the
/// events that actions, menu items and key commands receive; only the backend reads its value.
public struct PlatformTimestamp: Hashable, Sendable {
    @_spi(Platform) public let rawValue: UInt32
    @_spi(Platform) public init(_ rawValue: UInt32) { self.rawValue = rawValue }

    /// Seconds from `earlier` to this one, or nil when this one is older.
    ///
    /// Platform timestamps count milliseconds and wrap at 2^32 (the X server's clock wraps every
    /// 49.7 days), so the difference is taken modulo 2^32 and a "negative" one is refused.
    public func seconds(since earlier: PlatformTimestamp) -> Double? {
        let elapsed = rawValue &- earlier.rawValue
        return elapsed < 1 << 31 ? Double(elapsed) / 1000 : nil
    }
}

/// An input event handed to actions, menu items and key commands, as UIKit hands them a UIEvent.
public protocol InputEvent: Sendable {
    /// Monotonic seconds, the clock gesture recognizers use.
    var time: Double { get }
    /// The platform's own timestamp (the X server time), used by the backend for selections and grabs.
    var timestamp: PlatformTimestamp? { get }
}

/// What a platform needs to create a window's surface.
public struct SurfaceConfiguration {
    /// What the surface is for; the platform sets it up accordingly (see `SurfaceKind`).
    public var kind: SurfaceKind
    /// The title (`_NET_WM_NAME` on X).
    public var title: String
    /// The size in logical points.
    public var size: Size
    /// The top-left corner in screen coordinates, or nil to let the window manager choose.
    public var origin: Point?

    /// A configuration for a surface of `kind`, titled, sized and placed (nil lets the backend choose).
    public init(kind: SurfaceKind, title: String, size: Size, origin: Point?) {
        self.kind = kind; self.title = title; self.size = size; self.origin = origin
    }
}
