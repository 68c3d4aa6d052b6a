@_spi(Platform) import XKitCore

/// A window surface with no display: it records what the window asked of it and what it drew.
@MainActor
public final class HeadlessSurface: WindowSurface {
    /// What the window is for.
    public let kind: WindowKind
    /// The latest title.
    public private(set) var title: String
    /// The frame in screen coordinates.
    public private(set) var frame: Rect
    /// Whether the surface is mapped.
    public private(set) var isVisible = false
    /// Whether a grab is held.
    public private(set) var isGrabbing = false
    /// The polygons a popup was cut to.
    public private(set) var shape: [[Point]] = []
    /// The cursor shown over the surface.
    public private(set) var cursor: Cursor = .arrow
    /// Whether `destroy()` ran.
    public private(set) var isDestroyed = false
    /// How many times something was presented.
    public private(set) var presentCount = 0
    /// What the latest `present` drew.
    public let recorder = RecordingRenderer()
    /// The window this surface shows.
    public private(set) weak var window: Window?
    private unowned let platform: HeadlessPlatform
    private(set) var mapPending = false

    init(configuration: SurfaceConfiguration, platform: HeadlessPlatform) {
        kind = configuration.kind
        title = configuration.title
        frame = Rect(origin: configuration.origin ?? .zero, size: configuration.size)
        self.platform = platform
        nativeIdentifier = UInt(platform.surfaces.count + 1)
    }

    public var screenOrigin: Point { frame.origin }
    /// Surfaces are numbered from 1 in creation order.
    public let nativeIdentifier: UInt
    public func attach(_ window: Window) { self.window = window }

    public func show() {
        guard !isDestroyed, !isVisible else { return }
        mapPending = true
    }

    /// Completes a map the way the X server's MapNotify does, on the next display pass.
    func completeMap() {
        mapPending = false
        isVisible = true
        window?.surfaceDidMap()
    }

    public func hide() {
        isVisible = false
        mapPending = false
        window?.surfaceDidUnmap()
    }

    public func destroy() {
        isDestroyed = true
        isVisible = false
    }

    public func setTitle(_ title: String) { self.title = title }
    public func setFrame(_ frame: Rect) { self.frame = frame }

    public func present(dirty: Rect, size: Size, draw: (GraphicsContext, Rect) -> Void) {
        recorder.reset(scale: platform.scale, measurer: platform.textMeasurer)
        draw(recorder, dirty)
        presentCount += 1
    }

    public func synchronize() {}

    public func snapshot(size: Size, draw: (GraphicsContext, Rect) -> Void) -> RGBImage? {
        recorder.reset(scale: platform.scale, measurer: platform.textMeasurer)
        draw(recorder, Rect(origin: .zero, size: size))
        return nil
    }

    public func grabInput(for event: InputEvent?) -> Bool {
        isGrabbing = true
        return true
    }

    public func releaseInput() { isGrabbing = false }
    public func setShape(_ polygons: [[Point]]) { shape = polygons }
    public func setCursor(_ cursor: Cursor) { self.cursor = cursor }

    /// The icons set, the owner a popup belongs to, and whether `activate()` was asked for.
    public private(set) var icons: [IconImage] = []
    public private(set) weak var transientOwner: HeadlessSurface?
    public private(set) var activationCount = 0

    /// There is no window manager to refuse: the states are granted at once.
    public func requestState(_ state: WindowState) { window?.surfaceStateDidChange(state) }
    public func activate() { activationCount += 1 }
    public func setIcon(_ images: [IconImage]) { icons = images }
    public func setTransient(for owner: WindowSurface?) { transientOwner = owner as? HeadlessSurface }
    // MARK: Input method

    /// The caret rect the window last reported for the input method (window coordinates).
    public private(set) var textInputCaret: Rect?
    /// What the simulated input method commits when the window finishes a composition.
    public var textOnFinishingComposition: String?
    /// How many times the window asked to finish a composition.
    public private(set) var finishCompositionCount = 0

    public func setTextInputCaret(_ rect: Rect) { textInputCaret = rect }

    public func finishComposition() -> String? {
        finishCompositionCount += 1
        defer { textOnFinishingComposition = nil }
        return textOnFinishingComposition
    }
}
