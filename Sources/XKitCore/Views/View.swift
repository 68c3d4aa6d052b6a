/// A rectangular area that draws, lays out its subviews and receives events, like UIView.
@MainActor
open class View: Responder {
    // MARK: Geometry

    /// The view's rectangle in its superview's bounds coordinates.
    ///
    /// NaN becomes 0 and values beyond ±`GeometryLimits.maximumMagnitude` are clamped, with one warning.
    // Geometry and appearance are read hundreds of times a frame, and checking each read for an
    // overlapping write was a fifth of a key's work. All access is on the main actor and none of
    // these is passed inout across a call that reads it again, so no access can overlap.
    @exclusivity(unchecked) open var frame: Rect {
        didSet {
            if !frame.isWithinLimits {
                Trace.warnOnce("view.frame", "a view's frame was set to \(frame); NaN becomes 0 and "
                    + "coordinates are clamped to ±\(Int(GeometryLimits.maximumMagnitude))")
                frame = frame.clampedToLimits
            }
            guard frame != oldValue else { return }
            if frame.size != oldValue.size {
                setNeedsLayout()
                for sub in subviews where !sub.autoresizingMask.isEmpty && !sub.isFrameDrivenByClock {
                    sub.frame = sub.autoresizingMask.resize(sub.frame, from: oldValue.size, to: frame.size)
                }
            }
            superview?.setNeedsDisplay(oldValue.union(frame))
            markTreeChanged()
            animatableDidChange(.frame, from: .rect(oldValue))
        }
    }

    /// The origin of the view's own coordinates (non-zero while scrolled); clamped like `frame`.
    @exclusivity(unchecked) open var boundsOrigin: Point = .zero {
        didSet {
            if !boundsOrigin.isWithinLimits {
                Trace.warnOnce("view.boundsOrigin", "a view's bounds origin was set to \(boundsOrigin); NaN becomes 0 "
                    + "and coordinates are clamped to ±\(Int(GeometryLimits.maximumMagnitude))")
                boundsOrigin = boundsOrigin.clampedToLimits
            }
            if boundsOrigin != oldValue {
                setNeedsDisplay(); markTreeChanged()
                animatableDidChange(.boundsOrigin, from: .point(oldValue))
            }
        }
    }

    /// The view's rectangle in its own coordinates.
    public var bounds: Rect {
        get { Rect(origin: boundsOrigin, size: frame.size) }
        set { boundsOrigin = newValue.origin; frame.size = newValue.size }
    }

    /// How the view follows its superview's size changes.
    public var autoresizingMask: AutoresizingMask = []

    /// A name that tests, the trace (`XKIT_TRACE`) and assistive technologies find the view by.
    ///
    ///     label.accessibilityIdentifier = "price"
    public var accessibilityIdentifier: String? { didSet { markTreeChanged() } }

    /// The old name of `accessibilityIdentifier`.
    @available(*, deprecated, renamed: "accessibilityIdentifier")
    public var identifier: String? {
        get { accessibilityIdentifier }
        set { accessibilityIdentifier = newValue }
    }

    // MARK: Appearance

    /// The colour filling the bounds (rounded by `cornerRadius`); nil draws nothing.
    @exclusivity(unchecked) open var backgroundColor: Color? {
        didSet {
            setNeedsDisplay()
            if backgroundColor != oldValue { animatableDidChange(.backgroundColor, from: .color(oldValue)) }
        }
    }
    /// The opacity of the view and its subtree, 0...1 (NaN becomes 1); animatable.
    ///
    /// Unlike UIKit, a faded-out view still takes clicks (a dialog fading in answers its first
    /// click at once); hide it with `isHidden` to let clicks pass.
    @exclusivity(unchecked) open var alpha: Double = 1 {
        didSet {
            alpha = alpha.isFinite ? min(1, max(0, alpha)) : 1
            guard alpha != oldValue else { return }
            if isCompositedLayer, let window, window.compositedLayer === self { window.compositedOpacityDidChange() } else { setNeedsDisplay() }
            animatableDidChange(.alpha, from: .number(oldValue))
        }
    }
    /// The frame clock's hold on this view while it animates.
    var animationState = ViewAnimationState()
    /// Set while the window's surface shows this subtree at its `alpha` by compositing
    /// (`Window.compositeOpacity(of:)`): the subtree then draws opaque, and `alpha` only re-composites.
    /// A quick test only: a view that left that window still checks it is the window's layer.
    package var isCompositedLayer = false
    /// The radius of the background's and border's corners.
    @exclusivity(unchecked) open var cornerRadius: Double = 0 { didSet { setNeedsDisplay() } }
    /// The colour of the border drawn inside the bounds.
    @exclusivity(unchecked) open var borderColor: Color? { didSet { setNeedsDisplay() } }
    /// The border's width; 0 draws none.
    @exclusivity(unchecked) open var borderWidth: Double = 0 { didSet { setNeedsDisplay() } }
    /// Whether subviews are clipped to the bounds.
    @exclusivity(unchecked) open var clipsToBounds = false { didSet { setNeedsDisplay() } }
    /// Whether the view and its subtree are left out of drawing and hit testing.
    @exclusivity(unchecked) open var isHidden = false {
        didSet { if isHidden != oldValue { superview?.setNeedsDisplay(frame); markTreeChanged() } }
    }

    /// Whether the view takes pointer events; when false, hit testing passes through it.
    open var isUserInteractionEnabled = true

    /// Whether the view is only drawn on its way out (a deleted cell fading away): hit testing,
    /// assistive technology and the `views` trace treat it as gone already.
    package var isLeaving = false

    // MARK: Hierarchy

    /// The view's children, back to front: later subviews draw over earlier ones and are hit first.
    public private(set) var subviews: [View] = []
    /// The view this one is a subview of; nil for a window's root view and for views in no hierarchy.
    public private(set) weak var superview: View?
    /// The window hosting this view as its content view (set on the root view only).
    weak var hostWindow: Window? {
        didSet {
            guard hostWindow !== oldValue else { return }
            forgetAncestry()
            markTreeChanged()
            setNeedsLayout()
            setNeedsDisplay()
            notifyTreeMembershipChange()
        }
    }

    /// The control this view is part of (a button's title, a chip's label), set by `Control.addOwnedSubview`.
    ///
    /// App-wide switches such as `Label.copyableByDefault` skip owned views, and their clicks go to the control.
    public internal(set) weak var owningControl: Control?

    /// Whether this view or an ancestor belongs to a control.
    public var isOwnedByControl: Bool {
        var view: View? = self
        while let v = view {
            if v.owningControl != nil { return true }
            view = v.superview
        }
        return false
    }

    /// State added by extensions through typed keys.
    ///
    ///     view.associatedValues[Counter.key] += 1
    var associatedValues = AssociatedValues()

    /// The window and traits this view last found above it (see `ViewAncestry`).
    @exclusivity(unchecked) final var ancestry = ViewAncestry()

    /// Actions and key commands added by extensions.
    var responderExtensions = ResponderExtensions()

    /// The controller whose `view` this is; it follows the view in the responder chain.
    weak var viewController: ViewController?

    /// Whether the view can take keyboard focus (controls decide for themselves).
    open var isFocusable = false

    /// Whether the toolkit draws a focus ring around the view while it has focus.
    public var drawsFocusRing = true

    /// A view with a frame in its future superview's coordinates.
    ///
    ///     let swatch = View(frame: Rect(x: 200, y: 60, width: 80, height: 32))
    public init(frame: Rect = .zero) {
        self.frame = frame.isWithinLimits ? frame : frame.clampedToLimits
        super.init()
    }

    /// The topmost ancestor.
    public var rootView: View {
        var view: View = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// Adds a subview on top of the others, removing it from any old superview first.
    ///
    ///     window.contentView.addSubview(label)
    open func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a subview at an index in the drawing order (0 is at the back).
    open func insertSubview(_ view: View, at index: Int) {
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: old)
        } else {
            view.removeFromSuperview()
        }
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.superview = self
        view.forgetAncestry()
        view.didMoveToSuperview()
        view.notifyTreeMembershipChange()
        view.viewController?.viewDidJoin(window)
        view.setNeedsLayout()
        view.setNeedsDisplay()
        setNeedsLayout()
        markTreeChanged()
    }

    /// Detaches the view from its superview.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        let leaving = viewController?.viewWillLeave(oldWindow) ?? false
        parent.subviews.removeAll { $0 === self }
        parent.setNeedsDisplay(frame)
        superview = nil
        forgetAncestry()
        oldWindow?.eventRouter.viewWasRemoved(self)
        didMoveToSuperview()
        parent.markTreeChanged()
        if leaving { viewController?.endAppearanceTransition() }
    }

    /// Called after the superview changes (also on removal).
    open func didMoveToSuperview() {}

    /// Tells this view and its subtree that they moved in a tree or into a window, so app-wide
    /// defaults such as `Application.copyableLabelsByDefault` reach views created later.
    private func notifyTreeMembershipChange() {
        forEachDescendant { $0.applicationDefaultsDidChange() }
    }

    /// Re-applies app-wide defaults (the view moved, or the app changed a default); labels override it.
    func applicationDefaultsDidChange() {}

    // MARK: Responder chain

    /// The view's controller if it has one; else the superview; for the root view, the window
    /// hosting it (whose next responder is the app).
    open override var nextResponder: Responder? { viewController ?? superview ?? hostWindow }

    open override var canBecomeFirstResponder: Bool { isFocusable && !isHidden }

    open override func keyDown(_ event: KeyEvent) -> Bool {
        extensionHandleKey(event)
    }

    open override func canPerformAction(_ action: Action, sender: Any?) -> Bool {
        extensionCanPerform(action)
    }

    open override func perform(_ action: Action, sender: Any?, event: InputEvent?) -> Bool {
        extensionPerform(action, sender: sender, event: event)
    }

    open override var isFirstResponder: Bool { window?.eventRouter.firstResponder === self }

    /// Asks the window to make this view the first responder.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let router = window?.eventRouter else { return false }
        return router.makeFirstResponder(self)
    }

    /// Gives up first-responder status.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard isFirstResponder, let router = window?.eventRouter else { return true }
        return router.makeFirstResponder(nil)
    }

    /// Whether Tab stops at this view; views that take focus only by click return false.
    open var acceptsTabFocus: Bool { true }

    /// Called when the view gains or loses keyboard focus.
    open func focusDidChange() { setNeedsDisplay() }

    /// The view's traits changed (the desktop went dark, or an override above it changed).
    ///
    /// Semantic colours redraw by themselves; override it for what is computed from colours.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    /// The layout direction moved: drop what was laid out for the old one (the trait walk also
    /// asks for a layout pass). Toolkit views override it; apps use `traitCollectionDidChange`.
    func layoutDirectionDidChange() {}

    // MARK: Hit testing

    /// Whether a point in this view's coordinates is inside it.
    open func point(inside point: Point) -> Bool { bounds.contains(point) }

    /// The rect a menu opened from the keyboard points at, in bounds coordinates: the whole view
    /// by default; a label gives its text.
    open var menuTargetRect: Rect { bounds }

    /// The deepest visible, interactive descendant containing the point (in this view's coordinates).
    ///
    /// As in UIKit, a view with user interaction off hides its whole subtree from the pointer.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, !isLeaving, isUserInteractionEnabled, self.point(inside: point) else { return nil }
        for sub in subviews.reversed() {
            let local = Point(x: point.x - sub.frame.x + sub.boundsOrigin.x, y: point.y - sub.frame.y + sub.boundsOrigin.y)
            if let hit = sub.hitTest(local) { return hit }
        }
        return self
    }

    // MARK: Pointer and keys (overridden by views that track the pointer themselves)

    /// A button went down inside the view; return true to capture the pointer until release.
    open func pointerDown(_ event: PointerEvent) -> Bool { false }
    /// The pointer moved while captured by this view (location in window coordinates).
    open func pointerDragged(_ event: PointerEvent) {}
    /// The captured button was released.
    open func pointerUp(_ event: PointerEvent) {}
    /// Capture ended without a release (the view was removed, a menu grabbed the pointer).
    open func pointerCancelled() {}
    /// The pointer entered or left the view, or moved over it with no button down.
    open func pointerHovered(_ event: PointerEvent) {}
    /// A wheel step over the view; return false to pass it to the superview.
    open func scrollWheel(_ event: PointerEvent) -> Bool { false }

    // MARK: Gesture recognizers

    /// The recognizers attached to this view, in the order they were added.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// Attaches a recognizer (moving it from any other view); it sees presses on this view and its descendants.
    ///
    ///     view.addGestureRecognizer(LongPressGestureRecognizer { recognizer in … })
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if recognizer.view === self { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches a recognizer, cancelling any gesture it is in the middle of.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        gestureRecognizers.remove(at: index)
        recognizer.view = nil
        recognizer.arena?.drop(recognizer)
    }

    /// Whether a recognizer on another view may take over a press this view is tracking itself.
    ///
    /// Controls return false for taps, so a click on a button inside a tappable view goes to the button.
    open func allowsGestureRecognizerToBegin(_ recognizer: GestureRecognizer) -> Bool { true }

    // MARK: Layout

    private(set) var needsLayout = true

    /// Marks the view for `layoutSubviews` before the next draw.
    public func setNeedsLayout() {
        needsLayout = true
        window?.setNeedsLayout()
    }

    /// Lays out this view and its subtree now if marked.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            if let controller = viewController {
                controller.viewWillLayoutSubviews()
                layoutSubviews()
                controller.viewDidLayoutSubviews()
            } else {
                layoutSubviews()
            }
        }
        for sub in subviews { sub.layoutIfNeeded() }
    }

    /// Positions subviews; override it, the default does nothing.
    open func layoutSubviews() {}

    /// The size the view would like within `size`; the default keeps the current size.
    open func sizeThatFits(_ size: Size) -> Size { frame.size }

    /// The platform's fonts changed (a new display scale or font rendering): text measures differently now.
    ///
    /// The default asks for layout and drawing. A view that caches text measurements overrides
    /// it to drop them, and calls `super`.
    open func textMetricsDidChange() {
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Resizes the view to `sizeThatFits` of an unbounded size, keeping its origin.
    ///
    ///     let title = Label(text: "Settings")
    ///     title.sizeToFit()
    public func sizeToFit() {
        frame.size = sizeThatFits(Size(width: .infinity, height: .infinity))
    }

    // MARK: Drawing

    /// Draws the view's own content in bounds coordinates; the background is already drawn.
    open func draw(in context: GraphicsContext) {}

    /// Draws over the subviews (focus rings, overlays).
    open func drawOverlay(in context: GraphicsContext) {}

    /// Whether a menu is open for this view; it is tinted meanwhile so the user sees what the menu acts on.
    public internal(set) var isMenuTarget = false { didSet { if isMenuTarget != oldValue { setNeedsDisplay() } } }

    /// The tint over a view whose menu is open.
    public static let menuTargetTint = Color.tint.withAlpha(0.16)

    /// The focus ring's colour.
    public var focusRingColor = Color(light: 0x3D8BFF, dark: 0x6AA9FF, highContrastLight: 0x0040A0, highContrastDark: 0xFFFFFF, alpha: 0.85)

    // MARK: Trace

    /// The view's role in the accessibility tree and the trace; subclasses refine it.
    open var accessibilityRole: AccessibilityNode.Role { subviews.isEmpty && backgroundColor == nil ? .filler : .panel }

    /// The name assistive technologies read for the view (a label's text, a button's title).
    open var accessibilityName: String? { nil }

    /// The cursor this kind of view shows when `pointerCursor` was not set (text views show an I-beam).
    open var defaultCursor: Cursor? { nil }

    /// The cursor shown with the pointer at `point` (bounds coordinates) when `pointerCursor` was not
    /// set; by default `defaultCursor`. Views whose parts differ (a label's links) override it.
    open func defaultCursor(at point: Point) -> Cursor? { defaultCursor }

    /// The type name in the `views` trace event.
    open var traceType: String { String(describing: type(of: self)) }

    /// Extra fields for the `views` trace event; subclasses add theirs to `super`'s.
    package func traceFields() -> [(String, JSON)] { [] }

    private func markTreeChanged() {
        window?.viewTreeDidChange()
    }
}
