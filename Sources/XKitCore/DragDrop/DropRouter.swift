/// A view that accepts drops without the app adding an interaction (a text field, a tag input).
@MainActor
protocol DefaultDropTarget: View {
    /// Made on the first drag over the view, then kept.
    func makeDefaultDropInteraction() -> DropInteraction
    /// Whether drops over its subviews come here (a tag input takes them from its inner field).
    var claimsDropsOfSubviews: Bool { get }
}

extension DefaultDropTarget {
    var claimsDropsOfSubviews: Bool { false }
}

/// One window's drag in progress: which view's interaction takes it, and its highlight.
@MainActor
final class DropRouter {
    private unowned let root: View
    private weak var current: DropInteraction?
    private var refused: [ObjectIdentifier] = []
    private var highlight: DropHighlightView?

    init(root: View) { self.root = root }

    func update(_ session: DropSession, at point: Point) -> (operation: DropOperation, stableRect: Rect?) {
        session.windowLocation = point
        let found = interaction(at: point, for: session)
        if found !== current {
            if let old = current, let delegate = old.delegate { delegate.dropInteraction(old, sessionDidExit: session) }
            removeHighlight()
            current = found
            if let found, let delegate = found.delegate {
                delegate.dropInteraction(found, sessionDidEnter: session)
                Trace.emit("dnd.entered", [("target", .string(Self.name(found.view))),
                                           ("types", .array(session.types.prefix(32).map { .string($0) }))])
            }
        }
        guard let found, let view = found.view, let delegate = found.delegate else { return (.cancel, nil) }
        let operation = delegate.dropInteraction(found, sessionDidUpdate: session).operation
        let accepted = operation == .copy || operation == .move
        if accepted && found.showsHighlight { showHighlight(on: view, caretAt: (view as? TextField).map { caret(in: $0, session) }) }
        else { removeHighlight() }
        let stable = found.tracksLocation ? nil : view.convert(view.bounds, to: nil)
        return (operation, stable)
    }

    func exit(_ session: DropSession) {
        if let old = current, let delegate = old.delegate {
            delegate.dropInteraction(old, sessionDidExit: session)
            delegate.dropInteraction(old, sessionDidEnd: session)
        }
        current = nil
        refused = []
        removeHighlight()
    }

    func performDrop(_ session: DropSession, completion: @escaping (DropOperation) -> Void) {
        removeHighlight()
        refused = []
        guard let found = current, let delegate = found.delegate,
              case let operation = delegate.dropInteraction(found, sessionDidUpdate: session).operation,
              operation == .copy || operation == .move
        else {
            current = nil
            return completion(.cancel)
        }
        current = nil
        Trace.emit("dnd.dropped", [("target", .string(Self.name(found.view))),
                                   ("types", .array(session.types.prefix(32).map { .string($0) })),
                                   ("typeCount", .int(session.types.count))])
        session.performedOperation = operation
        delegate.dropInteraction(found, performDrop: session)
        session.whenLoadsFinish { [weak found] in
            if let found, let delegate = found.delegate { delegate.dropInteraction(found, sessionDidEnd: session) }
            completion(session.performedOperation)
        }
    }

    /// The nearest interaction on the hit view's path whose delegate handles the session.
    private func interaction(at point: Point, for session: DropSession) -> DropInteraction? {
        var path: [View] = []
        var view = root.hitTest(root.convert(point, from: nil))
        while let v = view { path.append(v); view = v.superview }
        if let claimant = path.lastIndex(where: { ($0 as? DefaultDropTarget)?.claimsDropsOfSubviews == true }) {
            path.removeFirst(claimant)
        }
        for v in path {
            for candidate in dropInteractions(of: v) {
                let id = ObjectIdentifier(candidate)
                if candidate === current { return candidate }
                guard !refused.contains(id), let delegate = candidate.delegate else { continue }
                if delegate.dropInteraction(candidate, canHandle: session) { return candidate }
                refused.append(id)
            }
        }
        return nil
    }

    private func dropInteractions(of view: View) -> [DropInteraction] {
        let added = view.interactions.compactMap { $0 as? DropInteraction }
        guard added.isEmpty, let target = view as? DefaultDropTarget else { return added }
        let made = target.makeDefaultDropInteraction()
        view.addInteraction(made)
        return [made]
    }

    private func caret(in field: TextField, _ session: DropSession) -> Rect {
        let caret = field.caretRect
        let offset = field.characterOffset(at: session.location(in: field))
        return Rect(x: (field.textOrigin.x + field.caretX(forOffset: offset)).rounded(.down), y: caret.y,
                    width: caret.width, height: caret.height)
    }

    private func showHighlight(on view: View, caretAt caret: Rect?) {
        if let highlight, highlight.superview !== view { removeHighlight() }
        let ring = highlight ?? DropHighlightView()
        if ring.superview == nil { view.addSubview(ring) }
        ring.frame = view.bounds
        ring.caret = caret.map { Rect(x: $0.x - view.boundsOrigin.x, y: $0.y - view.boundsOrigin.y, width: 2, height: $0.height) }
        ring.setNeedsDisplay()
        highlight = ring
    }

    private func removeHighlight() {
        highlight?.removeFromSuperview()
        highlight = nil
    }

    static func name(_ view: View?) -> String {
        guard let view else { return "none" }
        return String(describing: type(of: view))
    }
}

/// The ring around a view a drag hovers over, and the caret where text would land.
@MainActor
final class DropHighlightView: View {
    var caret: Rect?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        backgroundColor = nil
    }

    override func draw(in context: GraphicsContext) {
        context.strokeRoundedRect(bounds.insetBy(dx: 1, dy: 1), radius: 6, color: .tint, lineWidth: 2)
        if let caret { context.fill(caret, color: .tint) }
    }

    override func hitTest(_ point: Point) -> View? { nil }
}

extension Window {
    /// The drag in progress over this window, made on the first drag.
    var dropRouter: DropRouter {
        if let router = contentView.associatedValues[DropRouterKey.key] { return router }
        let router = DropRouter(root: contentView)
        contentView.associatedValues[DropRouterKey.key] = router
        return router
    }
}

@MainActor
private enum DropRouterKey {
    static let key = AssociatedKey<DropRouter?>("xkit.window.dropRouter", default: nil)
}
