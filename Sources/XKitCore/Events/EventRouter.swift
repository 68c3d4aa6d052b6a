/// Routes one window's pointer and key events to its views: capture, hover, focus and first responder.
///
/// The native window translates X events once and hands them here, so all routing is display-free
/// and testable with synthetic events.
@MainActor
public final class EventRouter {
    /// The root view of the window.
    public unowned let root: View
    /// The view holding keyboard focus.
    public private(set) weak var firstResponder: View?
    /// Whether focus was last moved with the keyboard; the focus ring shows only then, as with
    /// `:focus-visible` on the web and GTK's focus-visible, so clicks don't leave rings behind.
    public internal(set) var showsFocusRing = false
    /// The view that took the pointer on button-down and gets drags until release.
    public private(set) weak var capturingView: View?
    /// The view under the pointer, for hover feedback.
    public private(set) weak var hoveredView: View?
    /// The next responder after the root view (the window), for actions nobody in the tree handles.
    public weak var windowResponder: Responder?
    /// Asks for the context menu of the nearest view from `view` up that offers one, at `point`
    /// (window coordinates; nil: at the view, from the keyboard); returns whether one opened.
    /// The window sets it; the router knows nothing of menus.
    public var contextMenuRequest: ((_ view: View?, _ point: Point?, _ event: InputEvent) -> Bool)?
    /// Where the pointer last was over the window (window coordinates), for the Menu key with nothing focused.
    private var pointerLocation: Point?
    private lazy var gestures = GestureArena(router: self)
    private var dispatchDepth = 0
    private var deferred: [() -> Void] = []

    /// Creates the router for the window whose content is `root`; nothing is focused, hovered or captured yet.
    public init(root: View) { self.root = root }

    /// Runs `body` once the event being dispatched has been handled completely, or at once when
    /// none is; work that would re-enter the router (opening a popup that cancels capture,
    /// closing a window) waits here instead of running inside a recognizer's callback.
    public func afterDispatch(_ body: @escaping () -> Void) {
        if dispatchDepth == 0 { body() } else { deferred.append(body) }
    }

    private func dispatching<T>(_ body: () -> T) -> T {
        dispatchDepth += 1
        let result = body()
        dispatchDepth -= 1
        if dispatchDepth == 0 {
            while !deferred.isEmpty {
                let work = deferred.removeFirst()
                work()
            }
        }
        return result
    }

    /// Makes `view` the first responder (nil clears focus); returns false if it cannot take focus.
    @discardableResult
    public func makeFirstResponder(_ view: View?) -> Bool {
        if let view, !view.canBecomeFirstResponder { return false }
        let old = firstResponder
        if old === view { return true }
        firstResponder = view
        old?.focusDidChange()
        view?.focusDidChange()
        traceFocusChange(from: old, to: view)
        // The `focused` state is part of the tree that the trace and the accessibility bridge show.
        root.hostWindow?.viewTreeDidChange()
        if let window = root.hostWindow, window.platform.accessibility.isActive {
            window.platform.accessibility.focusDidChange(to: view, in: window)
        }
        return true
    }

    /// Forgets a removed view (and its subtree) wherever the router holds it.
    func viewWasRemoved(_ view: View) {
        if let f = firstResponder, f.isDescendant(of: view) { firstResponder = nil }
        if let c = capturingView, c.isDescendant(of: view) { c.pointerCancelled(); capturingView = nil }
        if let h = hoveredView, h.isDescendant(of: view) { hoveredView = nil }
        gestures.viewWasRemoved(view)
    }

    // MARK: Pointer

    /// Dispatches a pointer event in window coordinates.
    func handle(_ event: PointerEvent) {
        dispatching { route(event) }
    }

    private func route(_ event: PointerEvent) {
        switch event.kind {
        case .down:
            let hit = root.hitTest(event.location)
            if event.button == .scrollUp || event.button == .scrollDown
                || event.button == .scrollLeft || event.button == .scrollRight {
                dispatchScroll(event, from: hit)
                return
            }
            if event.button == .primary || event.button == .secondary { focusOnClick(from: hit) }
            gestures.pointerDown(event, hit: hit)
            guard capturingView == nil, !gestures.touchesCancelled else { return }
            var view = hit
            while let v = view {
                if v.pointerDown(event) { capturingView = v; return }
                view = v.superview
            }
            // A right-click nobody took opens the context menu of the nearest view that has one.
            if event.button == .secondary {
                _ = contextMenuRequest?(hit, event.location, event)
            }
        case .moved:
            gestures.pointerMoved(event)
            if let c = capturingView {
                c.pointerDragged(event)
            } else {
                updateHover(event)
            }
        case .up:
            gestures.pointerUp(event)
            if let c = capturingView, event.buttonsDown.isEmpty || event.button == .primary || event.button == .secondary || event.button == .middle {
                capturingView = nil
                c.pointerUp(event)
                updateHover(event)
            }
        case .entered:
            updateHover(event)
        case .exited:
            setHovered(nil, event)
        case .scroll:
            dispatchScroll(event, from: root.hitTest(event.location))
        }
    }

    /// Gives keyboard focus to the nearest focusable view under a click, as desktop toolkits do.
    private func focusOnClick(from hit: View?) {
        var view = hit
        while let v = view {
            if v.canBecomeFirstResponder {
                if showsFocusRing { firstResponder?.setNeedsDisplay() }
                showsFocusRing = false
                makeFirstResponder(v)
                return
            }
            view = v.superview
        }
    }

    /// Ends any pointer capture and gesture (for example when a popup grabs the pointer).
    ///
    /// Asked for from inside a dispatch (a recognizer's target opening a menu), it waits until the
    /// dispatch is over, so recognizers never hear of a cancel in the middle of a change.
    public func cancelPointerCapture() {
        afterDispatch { [weak self] in
            self?.cancelViewTracking()
            self?.gestures.cancelAll()
        }
    }

    /// Tells the tracking view its press was taken (by a popup grab or a recognizer).
    func cancelViewTracking() {
        capturingView?.pointerCancelled()
        capturingView = nil
    }

    // MARK: Gesture timing

    /// Fires gesture timeouts (long press, multi-tap interval) due by `now`, in monotonic seconds.
    func tick(now: Double) { dispatching { gestures.tick(now: now) } }

    /// When the host must next call `tick(now:)`, or nil when no gesture is waiting on time.
    public var nextDeadline: Double? { gestures.nextDeadline }

    /// The recognizers taking part in the current (or a pending multi-click) sequence.
    public var activeGestureRecognizers: [GestureRecognizer] { gestures.participants }

    private func dispatchScroll(_ event: PointerEvent, from hit: View?) {
        var view = hit
        while let v = view {
            if v.scrollWheel(event) { return }
            view = v.superview
        }
    }

    private func updateHover(_ event: PointerEvent) {
        setHovered(root.hitTest(event.location), event)
    }

    private func setHovered(_ view: View?, _ event: PointerEvent) {
        pointerLocation = view == nil ? nil : event.location
        if hoveredView !== view {
            let old = hoveredView
            hoveredView = view
            var exit = event; exit.kind = .exited
            old?.pointerHovered(exit)
            var enter = event; enter.kind = .entered
            view?.pointerHovered(enter)
        } else if let view {
            view.pointerHovered(event)
        }
    }

    // MARK: Keys

    /// Sends a key event up the responder chain from the first responder; returns whether it was handled.
    @discardableResult
    func handle(_ event: KeyEvent) -> Bool {
        dispatching { route(event) }
    }

    private func route(_ event: KeyEvent) -> Bool {
        let start: Responder = firstResponder ?? root
        if event.kind == .down, let action = EditShortcuts.action(for: event),
           let target = start.target(for: action, sender: event) ?? (start === root ? nil : windowResponder?.target(for: action, sender: event)) {
            return target.perform(action, sender: event, event: event)
        }
        var responder: Responder? = start
        while let r = responder {
            if r.keyDown(event) { return true }
            responder = r.nextResponder ?? (r === root ? windowResponder : nil)
        }
        // The Menu key and Shift+F10 open the focused view's context menu at the view, as GTK
        // does; with nothing focused, the menu of the view under the pointer, at the pointer.
        if event.kind == .down, event.key == .menu || (event.key == .function(10) && event.modifiers == .shift) {
            let opened = firstResponder != nil
                ? contextMenuRequest?(firstResponder, nil, event)
                : contextMenuRequest?(hoveredView, hoveredView == nil ? nil : pointerLocation, event)
            if opened == true { return true }
        }
        if event.kind == .down, event.key == .tab {
            moveFocus(backward: event.modifiers.contains(.shift))
            return true
        }
        return false
    }

    /// Moves focus to the next (or previous) focusable view in reading order, wrapping around.
    public func moveFocus(backward: Bool) {
        let candidates = focusableViews()
        guard !candidates.isEmpty else { return }
        let current = firstResponder.flatMap { f in candidates.firstIndex { $0 === f } }
        let next: Int
        if let current {
            next = (current + (backward ? candidates.count - 1 : 1)) % candidates.count
        } else {
            next = backward ? candidates.count - 1 : 0
        }
        showsFocusRing = true
        makeFirstResponder(candidates[next])
        candidates[next].scrollToVisible()
        candidates[next].setNeedsDisplay()
    }

    /// Visible views that accept focus, in tree order: containers keep their own views together,
    /// so Tab finishes a column or card before moving to the next.
    public func focusableViews() -> [View] {
        var found: [View] = []
        func walk(_ view: View) {
            guard !view.isHidden else { return }
            if view.canBecomeFirstResponder && view.acceptsTabFocus { found.append(view) }
            for sub in view.subviews { walk(sub) }
        }
        walk(root)
        return found
    }
}
