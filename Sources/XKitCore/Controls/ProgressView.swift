/// A bar that shows how far a task has gone, like UIProgressView; indeterminate when the amount is unknown.
///
///     let progress = ProgressView()
///     progress.setProgress(0.4, animated: true)
///     progress.isIndeterminate = true   // a stripe sweeps along the track
@MainActor
open class ProgressView: View, AccessibilityValueProviding {
    /// How much is done, 0...1 (NaN becomes 0, with a warning).
    open var progress: Float = 0 {
        didSet {
            if !progress.isFinite {
                Trace.warnOnce("progress.nan", "a progress view's progress was set to \(progress); it becomes 0")
                progress = 0
            }
            progress = min(1, max(0, progress))
            if !FrameClock.isApplying { window?.application.frameClock.stop(ProgressView.fillMotion, on: self); displayedProgress = progress }
            if progress != oldValue { setNeedsDisplay(); window?.viewTreeDidChange() }
        }
    }
    /// Whether the amount is unknown: a stripe sweeps back and forth instead of a filled part.
    open var isIndeterminate = false {
        didSet {
            guard isIndeterminate != oldValue else { return }
            setNeedsDisplay()
            window?.viewTreeDidChange()
            updateSweep()
            indeterminateDidChange()
        }
    }
    /// Where the indeterminate stripe is, 0...1 of its sweep; the window's frame clock moves it.
    public var sweepPhase: Double = 0 { didSet { if sweepPhase != oldValue && isIndeterminate { setNeedsDisplay() } } }
    /// The filled part's colour; nil uses the tint.
    open var progressTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The track's colour.
    open var trackTintColor: Color? { didSet { setNeedsDisplay() } }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// The fill drawn now: `progress`, or on its way there while `setProgress(_:animated:)` slides it.
    public private(set) var displayedProgress: Float = 0 { didSet { setNeedsDisplay() } }

    /// Sets the progress, sliding the fill to it when `animated` (and motion is allowed).
    open func setProgress(_ progress: Float, animated: Bool) {
        let from = displayedProgress
        self.progress = progress
        guard animated, from != displayedProgress, let clock = window?.application.frameClock, clock.areAnimationsEnabled else { return }
        clock.animate(ProgressView.fillMotion, on: self, from: Double(from), to: Double(displayedProgress),
                      duration: ProgressView.fillDuration, apply: { [weak self] value in self?.displayedProgress = Float(value) })
    }

    /// The fill's slide, in seconds.
    static let fillDuration = 0.25
    static let fillMotion = "progress.fill"

    /// Called when `isIndeterminate` changes (the frame clock has already been told).
    open func indeterminateDidChange() {}

    /// Seconds for one sweep (there and back).
    static let sweepDuration = 1.5
    /// Where the stripe rests without motion, and where each sweep starts: the middle of the track.
    static let restingSweepPhase = 0.25
    static let sweepMotion = "progress.sweep"

    /// A bar made indeterminate before it had a window registers when it joins one.
    override func applicationDefaultsDidChange() { updateSweep() }

    /// Registers the sweep with the window's clock while indeterminate; it ticks only while on screen.
    private func updateSweep() {
        guard let clock = window?.application.frameClock else { return }
        if isIndeterminate {
            clock.startContinuous(Self.sweepMotion, on: self, interval: FrameClock.frameInterval) { [weak self] elapsed in
                let phase = ProgressView.restingSweepPhase + elapsed / ProgressView.sweepDuration
                self?.sweepPhase = phase - phase.rounded(.down)
            }
        } else {
            clock.stopContinuous(Self.sweepMotion, on: self)
        }
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width.isFinite ? size.width : 160, height: 6)
    }

    /// The stripe's rect in bounds coordinates for a sweep phase (a triangle wave across the track).
    func stripeRect(phase: Double) -> Rect {
        let width = bounds.width * 0.3
        let t = phase - phase.rounded(.down)
        let along = t < 0.5 ? t * 2 : (1 - t) * 2
        return Rect(x: (bounds.width - width) * along, y: 0, width: width, height: bounds.height)
    }

    open override func draw(in context: GraphicsContext) {
        let track = Rect(origin: .zero, size: bounds.size)
        let radius = min(track.height / 2, 3)
        context.fillRoundedRect(track, radius: radius, color: trackTintColor ?? .systemFill)
        let fill = progressTintColor ?? tintColor ?? .tint
        if isIndeterminate {
            context.fillRoundedRect(stripeRect(phase: sweepPhase), radius: radius, color: fill)
        } else if displayedProgress > 0 {
            // Progress grows from the leading end.
            let done = Rect(x: 0, y: 0, width: track.width * Double(displayedProgress), height: track.height)
            context.fillRoundedRect(flippedForLayoutDirection(done), radius: radius, color: fill)
        }
    }

    open override var accessibilityRole: AccessibilityNode.Role { .progressBar }

    public var accessibilityValue: AccessibilityValue {
        let p = Double(progress)
        return AccessibilityValue(current: isIndeterminate ? 0 : p, minimum: 0, maximum: 1, increment: 0,
                                  text: isIndeterminate ? "busy" : "\(Int((p * 100).rounded()))%")
    }

    public var accessibilityValueStates: AccessibilityNode.States { isIndeterminate ? .indeterminate : [] }

    public func setAccessibilityValue(_ value: Double) -> Bool { false }

    open override var traceType: String { "ProgressView" }

    override package func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("progress", .double(Double(progress))), ("indeterminate", .bool(isIndeterminate))]
    }
}
