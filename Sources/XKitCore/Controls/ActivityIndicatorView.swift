#if canImport(Glibc)
import Glibc
#endif

/// A spinning wheel that says "busy", like UIActivityIndicatorView.
///
///     spinner.startAnimating()
///     …
///     spinner.stopAnimating()   // hidden again, since hidesWhenStopped is true
@MainActor
open class ActivityIndicatorView: View {
    /// Whether it spins.
    public private(set) var isAnimating = false
    /// Whether it is hidden while not spinning (true by default, as UIKit).
    open var hidesWhenStopped = true { didSet { if !isAnimating { isHidden = hidesWhenStopped } } }
    /// The spokes' colour; nil uses `.label`, faded along the trail.
    open var color: Color? { didSet { setNeedsDisplay() } }
    /// Which spoke is brightest, 0..<1 of a turn; the window's frame clock moves it a spoke at a time.
    public var spinPhase: Double = 0 { didSet { if spinPhase != oldValue { setNeedsDisplay() } } }

    static let spokes = 8
    /// Seconds per turn.
    static let turnDuration = 1.0
    static let spinMotion = "activity.spin"
    /// The spinner's size when created with a zero frame.
    public static let standardSize = Size(width: 20, height: 20)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame.size == .zero ? Rect(origin: frame.origin, size: ActivityIndicatorView.standardSize) : frame)
        isHidden = true
    }

    /// Starts spinning (and shows the view).
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        window?.viewTreeDidChange()
        updateSpin()
        animatingDidChange()
    }

    /// Stops spinning (and hides the view if `hidesWhenStopped`).
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        if hidesWhenStopped { isHidden = true }
        window?.viewTreeDidChange()
        updateSpin()
        animatingDidChange()
    }

    /// Called when spinning starts or stops (the frame clock has already been told).
    open func animatingDidChange() {}

    /// A spinner started before it had a window registers when it joins one.
    override func applicationDefaultsDidChange() { updateSpin() }

    /// Registers the spin with the window's clock while animating, which ticks it only while it is on screen.
    private func updateSpin() {
        guard let clock = window?.application.frameClock else { return }
        if isAnimating {
            clock.startContinuous(Self.spinMotion, on: self, interval: Self.turnDuration / Double(Self.spokes)) { [weak self] elapsed in
                self?.spin(to: elapsed)
            }
        } else {
            clock.stopContinuous(Self.spinMotion, on: self)
        }
    }

    /// Whole spokes only, as UIKit's spinner steps (and a frame without a new spoke draws nothing).
    private func spin(to elapsed: Double) {
        let spokes = Double(Self.spokes)
        let spoke = (elapsed / Self.turnDuration * spokes + FrameClock.timeTolerance).rounded(.down)
        spinPhase = spoke.truncatingRemainder(dividingBy: spokes) / spokes
    }

    open override func sizeThatFits(_ size: Size) -> Size { ActivityIndicatorView.standardSize }

    open override func draw(in context: GraphicsContext) {
        // Full-strength ink faded per spoke: `.secondaryLabel`'s own translucency on top of the fade
        // left the trailing spokes at a tenth of the ink, too faint to see on a light background.
        let base = color ?? .label
        let c = Point(x: bounds.width / 2, y: bounds.height / 2)
        let r = min(bounds.width, bounds.height) / 2
        let lead = Int((spinPhase - spinPhase.rounded(.down)) * Double(Self.spokes)) % Self.spokes
        for i in 0..<Self.spokes {
            let angle = Double(i) / Double(Self.spokes) * 2 * Double.pi
            let (s, co) = (sin(angle), cos(angle))
            let behind = (lead - i + Self.spokes) % Self.spokes
            let alpha = 0.22 + 0.66 * (1 - Double(behind) / Double(Self.spokes))
            let inner = r * 0.4, outer = r * 0.95, w = max(2, r * 0.2)
            // Half the spoke's width across it: the spoke runs along (sin, -cos), so across is (cos, sin).
            let (nx, ny) = (co * w / 2, s * w / 2)
            let a = Point(x: c.x + s * inner, y: c.y - co * inner), b = Point(x: c.x + s * outer, y: c.y - co * outer)
            context.fillPolygon([Point(x: a.x + nx, y: a.y + ny), Point(x: b.x + nx, y: b.y + ny),
                                 Point(x: b.x - nx, y: b.y - ny), Point(x: a.x - nx, y: a.y - ny)],
                                color: base.withAlpha(base.alpha * alpha))
        }
    }

    open override var accessibilityRole: AccessibilityNode.Role { .animation }
    open override var accessibilityName: String? { isAnimating ? "busy" : nil }

    open override var traceType: String { "ActivityIndicatorView" }

    override package func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("animating", .bool(isAnimating))]
    }
}
