@_spi(Platform) import XKitCore

/// A window surface with no display: it records what the window asked of it and what it drew.
///
/// It does for each kind what the X backend does, in memory: a popup is cut to its outline, grabs
/// on its first map (`isGrabbing`, `grabTrigger`) and releases on destroy; a press outside it or
/// its owner losing focus (`loseFocus()`) reports `surfaceWasDismissed()`.
@MainActor
public final class HeadlessSurface: WindowSurface {
    /// What the window is for.
    public let kind: SurfaceKind
    /// The kind without its associated values.
    public var role: SurfaceKind.Role { kind.role }
    /// Whether a modal dialog was asked for (`_NET_WM_STATE_MODAL` on X).
    public var isModal: Bool { if case .dialog(_, let modal) = kind { modal } else { false } }
    /// Whether the window manager is bypassed (override-redirect on X).
    public var bypassesWindowManager: Bool { kind.bypassesWindowManager }
    /// Whether pointer events pass through to what is below (a drag image's empty input shape, or
    /// a surface that stopped receiving input).
    public var isTransparentToInput: Bool { kind.role == .dragImage || hasStoppedReceivingInput }
    /// Whether `captureBackdrop()` took the screen behind the surface (there is none here: the
    /// surface only records that a fade may run).
    public private(set) var hasBackdrop = false
    /// Whether `stopReceivingInput()` ran; input sent to the surface after it is dropped.
    public private(set) var hasStoppedReceivingInput = false
    /// The timestamp of the event a popup's grab was taken with (nil: the platform's latest time).
    public private(set) var grabTrigger: PlatformTimestamp?
    /// How many grabs were taken (one per popup, on its first map).
    public private(set) var grabCount = 0
    /// How many times the platform dismissed this popup.
    public private(set) var dismissCount = 0
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
    /// Each composited frame (`presentComposited`): what it redrew (nil: nothing) and its opacity.
    public private(set) var compositedFrames: [(dirty: Rect?, opacity: Double)] = []
    /// The size the window manager is asked to keep (min = max), or nil when resizable.
    public private(set) var fixedSize: Size?
    /// What the latest `present` drew.
    public let recorder = RecordingRenderer()
    /// The dirty rect (window coordinates) the latest `present` redrew.
    public private(set) var lastPresentedDirty: Rect?
    /// What the surface reports to (the window's private delegate).
    public private(set) weak var delegate: WindowSurfaceDelegate?
    private unowned let platform: HeadlessPlatform
    private(set) var mapPending = false
    private var hasMapped = false
    /// Popups open over this surface, told when it loses focus.
    private var popups: [WeakSurface] = []

    init(configuration: SurfaceConfiguration, platform: HeadlessPlatform) {
        kind = configuration.kind
        title = configuration.title
        frame = Rect(origin: configuration.origin ?? .zero, size: configuration.size)
        self.platform = platform
        nativeIdentifier = UInt(platform.surfaces.count + 1)
        switch kind {
        case .normal, .dragImage: break
        case .dialog(let parent, _):
            transientOwner = parent.flatMap { platform.surface(of: $0) }
        case .popup(let owner, let outline, _):
            shape = outline
            let ownerSurface = platform.surface(of: owner)
            transientOwner = ownerSurface
            ownerSurface?.popups.append(WeakSurface(self))
        }
    }

    public var screenOrigin: Point { frame.origin }
    /// Surfaces are numbered from 1 in creation order.
    public let nativeIdentifier: UInt
    public func attach(_ delegate: WindowSurfaceDelegate) { self.delegate = delegate }

    public func show() {
        guard !isDestroyed, !isVisible else { return }
        mapPending = true
    }

    /// Completes a map the way the X server's MapNotify does, on the next display pass.
    func completeMap() {
        mapPending = false
        isVisible = true
        delegate?.surfaceDidMap()
        if !hasMapped, case .popup(_, _, let trigger) = kind {
            grabTrigger = trigger?.timestamp
            grabCount += 1
            isGrabbing = true
        }
        hasMapped = true
    }

    public func hide() {
        isVisible = false
        mapPending = false
        delegate?.surfaceDidUnmap()
    }

    public func destroy() {
        isDestroyed = true
        isVisible = false
        isGrabbing = false
    }

    // MARK: Input, as the platform delivers it

    /// Delivers a pointer event as the server would: a press outside a grabbing popup dismisses it.
    func receive(_ event: PointerEvent) {
        guard !isDestroyed, !hasStoppedReceivingInput else { return }
        if kind.role == .popup, isGrabbing, event.kind == .down,
           !Rect(origin: .zero, size: frame.size).contains(event.location) {
            dismiss()
            return
        }
        delegate?.surfaceDidReceive(event)
    }

    /// The window manager's close button, as WM_DELETE_WINDOW reports it.
    public func requestClose() {
        guard !isDestroyed else { return }
        delegate?.surfaceCloseRequested()
    }

    /// Delivers a key event.
    func receive(_ event: KeyEvent) {
        guard !isDestroyed else { return }
        delegate?.surfaceDidReceive(event)
    }

    /// The surface loses keyboard focus, as on X FocusOut: its window hears it, and its popups are dismissed.
    public func loseFocus() {
        delegate?.surfaceDidLoseFocus()
        let open = popups.compactMap(\.surface).filter { !$0.isDestroyed }
        popups.removeAll { $0.surface.map { $0.isDestroyed } ?? true }
        for popup in open { popup.dismiss() }
    }

    private func dismiss() {
        dismissCount += 1
        delegate?.surfaceWasDismissed()
    }

    public func setTitle(_ title: String) { self.title = title }
    public func setFrame(_ frame: Rect) {
        self.frame = frame
        if fixedSize != nil { fixedSize = frame.size }
    }

    public func setFixedSize(_ size: Size?) { fixedSize = size }

    public func captureBackdrop() -> Bool {
        guard !hasMapped, !isDestroyed else { return false }
        hasBackdrop = true
        return true
    }

    public func stopReceivingInput() {
        hasStoppedReceivingInput = true
        isGrabbing = false
    }

    public func present(dirty: Rect, size: Size, draw: (GraphicsContext, Rect) -> Void) {
        recorder.reset(scale: platform.scale, measurer: platform.textMeasurer)
        draw(recorder, dirty)
        lastPresentedDirty = dirty
        presentCount += 1
    }

    /// A surface with a backdrop composites, as the X11 one does on a screen it fits.
    public var canComposite: Bool { hasBackdrop && !isDestroyed }

    public func presentComposited(dirty: Rect?, opacity: Double, size: Size, draw: (GraphicsContext, Rect) -> Void) {
        compositedFrames.append((dirty, opacity))
        if let dirty { present(dirty: dirty, size: size, draw: draw) }
    }

    public func synchronize() {}

    public func snapshot(size: Size, draw: (GraphicsContext, Rect) -> Void) -> RGBImage? {
        recorder.reset(scale: platform.scale, measurer: platform.textMeasurer)
        draw(recorder, Rect(origin: .zero, size: size))
        return nil
    }

    public func setCursor(_ cursor: Cursor) { self.cursor = cursor }

    /// The icons set, the owner a popup belongs to, and whether `activate()` was asked for.
    public private(set) var icons: [IconImage] = []
    public private(set) weak var transientOwner: HeadlessSurface?
    public private(set) var activationCount = 0

    /// There is no window manager to refuse: the states are granted at once.
    public func requestState(_ state: WindowState) { delegate?.surfaceStateDidChange(state) }
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

    /// The input method changes its composition, as XIM's preedit callbacks report it.
    public func changePreedit(_ preedit: Preedit?) { delegate?.surfaceDidChangePreedit(preedit) }

    /// The input method commits text, as XIM's commit reports it.
    public func commitText(_ text: String) { delegate?.surfaceDidCommitText(text) }

    public func finishComposition() -> String? {
        finishCompositionCount += 1
        defer { textOnFinishingComposition = nil }
        return textOnFinishingComposition
    }
}

/// A popup remembered by its owner without keeping it alive.
@MainActor
private struct WeakSurface {
    weak var surface: HeadlessSurface?
    init(_ surface: HeadlessSurface) { self.surface = surface }
}
