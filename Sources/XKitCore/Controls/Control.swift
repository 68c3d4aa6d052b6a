/// A view that tracks the pointer itself and sends events to closure handlers, like UIControl.
@MainActor
open class Control: View {
    /// Whether the control responds to input; a disabled control draws dimmed.
    open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled { isHighlighted = false; resignFirstResponder() }
            stateDidChange()
        }
    }
    /// Whether the pointer is pressed inside the control.
    open private(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }
    /// A persistent on/off state (e.g. a toggle, a selected chip).
    open var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            stateDidChange()
            // The selected state is in the trace and the accessibility tree.
            window?.viewTreeDidChange()
        }
    }
    /// The combined look-affecting state.
    public var state: ControlState {
        var s: ControlState = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        if isFirstResponder { s.insert(.focused) }
        return s
    }
    /// How far outside the bounds a drag still counts as inside (pointer slop).
    public var trackingSlop: Double = 8

    private var actions = ActionList<Control>()
    private var isTracking = false
    private var pointerInside = false

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// Called after any state change; the default redraws.
    open func stateDidChange() { setNeedsDisplay() }

    open override func focusDidChange() {
        super.focusDidChange()
        stateDidChange()
    }

    open override var canBecomeFirstResponder: Bool { isEnabled && !isHidden }

    // MARK: Actions

    /// Adds a handler that receives the control untyped; prefer the typed `addAction` on concrete controls.
    @discardableResult
    public func addAnyAction(for events: ControlEvents, _ handler: @escaping (Control) -> Bool) -> ActionToken {
        actions.add(events, handler)
    }

    /// Removes one handler.
    ///
    ///     button.removeAction(token)
    public func removeAction(_ token: ActionToken) {
        actions.remove(token)
    }

    /// How many handlers are registered for the events.
    public func actionCount(for events: ControlEvents) -> Int { actions.count(for: events) }

    /// Runs the handlers for the events (in the order they were added) and traces them.
    open func sendActions(for events: ControlEvents) {
        let handlers = actions
        let (ran, dropped) = handlers.run(events, sender: self)
        for token in dropped { actions.remove(token) }
        guard ran > 0 else { return }
        for (event, name) in ControlEvents.names where events.contains(event) {
            Trace.emit("action", [("id", accessibilityIdentifier.map { JSON.string($0) } ?? .null), ("type", .string(traceType)),
                                  ("control_event", .string(name))])
        }
    }

    // MARK: Pointer tracking

    open override func pointerDown(_ event: PointerEvent) -> Bool {
        guard isEnabled, event.button == .primary else { return false }
        isTracking = true
        pointerInside = true
        isHighlighted = true
        sendActions(for: .touchDown)
        return true
    }

    open override func pointerDragged(_ event: PointerEvent) {
        guard isTracking else { return }
        let inside = isInsideWithSlop(event.location)
        if inside != pointerInside {
            pointerInside = inside
            isHighlighted = inside
            sendActions(for: inside ? .touchDragEnter : .touchDragExit)
        }
    }

    open override func pointerUp(_ event: PointerEvent) {
        guard isTracking else { return }
        isTracking = false
        isHighlighted = false
        if isInsideWithSlop(event.location) {
            sendActions(for: .touchUpInside)
            sendActions(for: .primaryActionTriggered)
        } else {
            sendActions(for: .touchUpOutside)
        }
    }

    open override func pointerCancelled() {
        guard isTracking else { return }
        isTracking = false
        isHighlighted = false
        sendActions(for: .touchCancel)
    }

    /// Recognizers on ancestors (a tappable card around a button) don't take a press the control tracks.
    open override func allowsGestureRecognizerToBegin(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.view === self
    }

    private func isInsideWithSlop(_ windowPoint: Point) -> Bool {
        bounds.insetBy(dx: -trackingSlop, dy: -trackingSlop).contains(convert(windowPoint, from: nil))
    }

    // MARK: Keyboard

    open override func keyDown(_ event: KeyEvent) -> Bool {
        if super.keyDown(event) { return true }
        guard isEnabled, event.modifiers.isDisjoint(with: [.control, .alt]) else { return false }
        switch event.key {
        case .space, .enter:
            // Holding the key must not fire the action again with every auto-repeat.
            if !event.isRepeat { sendActions(for: .primaryActionTriggered) }
            return true
        default:
            return false
        }
    }

    // MARK: Owned subviews

    /// Adds a subview that belongs to the control: it never takes clicks or becomes copyable.
    public func addOwnedSubview(_ view: View) {
        view.owningControl = self
        view.isUserInteractionEnabled = false
        addSubview(view)
    }
}

/// Typed handler registration: a Button's handler receives a Button.
public protocol ControlActionTarget: AnyObject {}
extension Control: ControlActionTarget {}

@MainActor
extension ControlActionTarget where Self: Control {
    /// Adds a closure for the events; several per event run in the order added.
    ///
    ///     let token = button.addAction { button in button.title = "Clicked" }
    @discardableResult
    public func addAction(for events: ControlEvents = .primaryActionTriggered,
                          _ handler: @escaping (Self) -> Void) -> ActionToken {
        addAnyAction(for: events) { control in
            if let sender = control as? Self { handler(sender) }
            return true
        }
    }

    /// Adds a closure that holds `owner` weakly and drops itself once the owner is gone.
    ///
    /// The closure gets the owner as an argument, so it never needs to capture `self`: no cycle.
    @discardableResult
    public func addAction<Owner: AnyObject>(for events: ControlEvents = .primaryActionTriggered, owner: Owner,
                                            _ handler: @escaping (Owner, Self) -> Void) -> ActionToken {
        addAnyAction(for: events) { [weak owner] control in
            guard let owner else { return false }
            if let sender = control as? Self { handler(owner, sender) }
            return true
        }
    }
}
