/// Tap closures on any view: one tap recognizer per view however often `onTap` is called.
public protocol TapHandling: AnyObject {}
extension View: TapHandling {}

@MainActor
extension TapHandling where Self: View {
    /// Runs `handler` with the view on each primary-button tap; turns on user interaction.
    ///
    ///     swatch.onTap { view in view.backgroundColor = .orange }
    ///
    /// Handlers live exactly as long as the view and run in the order added. Each tap that runs a
    /// handler is traced as `{"event":"tap","id":…,"type":…}` under `XKIT_TRACE=1`.
    @discardableResult
    public func onTap(_ handler: @escaping (Self) -> Void) -> ActionToken {
        tapHandlers.add(.primaryActionTriggered) { view in
            if let view = view as? Self { handler(view) }
            return true
        }
    }

    /// Runs `handler` with `owner` (held weakly) and the view; drops itself once the owner is gone.
    @discardableResult
    public func onTap<Owner: AnyObject>(owner: Owner, _ handler: @escaping (Owner, Self) -> Void) -> ActionToken {
        tapHandlers.add(.primaryActionTriggered) { [weak owner] view in
            guard let owner else { return false }
            if let view = view as? Self { handler(owner, view) }
            return true
        }
    }
}

extension View {
    /// Removes a handler added with `onTap`.
    public func removeTapHandler(_ token: ActionToken) {
        associatedValues[TapHandlerStore.key]?.actions.remove(token)
    }

    /// The recognizer `onTap` installed, if any.
    public var tapRecognizer: TapGestureRecognizer? { associatedValues[TapHandlerStore.key]?.recognizer }

    fileprivate var tapHandlers: TapHandlerStore {
        if let store = associatedValues[TapHandlerStore.key] { return store }
        let store = TapHandlerStore()
        let recognizer = TapGestureRecognizer { [weak self, weak store] _ in
            guard let self, let store else { return }
            let ran = store.actions.send(.primaryActionTriggered, sender: self)
            if ran > 0 {
                Trace.emit("tap", [("id", self.accessibilityIdentifier.map { JSON.string($0) } ?? .null),
                                   ("type", .string(self.traceType))])
            }
        }
        store.recognizer = recognizer
        addGestureRecognizer(recognizer)
        isUserInteractionEnabled = true
        associatedValues[TapHandlerStore.key] = store
        return store
    }
}

/// The tap handlers of one view, in its associated-value store.
@MainActor
final class TapHandlerStore {
    static let key = AssociatedKey<TapHandlerStore?>("xkit.view.tap", default: nil)
    let actions = ActionList<View>()
    var recognizer: TapGestureRecognizer?

    func add(_ events: ControlEvents, _ handler: @escaping (View) -> Bool) -> ActionToken {
        actions.add(events, handler)
    }
}
