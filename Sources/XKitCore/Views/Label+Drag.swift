/// Dragging a selectable label's selection out to another app (or another view) as text.
extension Label {
    /// Starts a drag of the selection with the selected attributed text; false when none started.
    @discardableResult
    func beginSelectionDrag(event: PointerEvent) -> Bool {
        guard let selected = selectedText, !selected.isEmpty, let window,
              let source = window.platform as? DragSourcePlatform else { return false }
        let item = itemToCopy
        let image = DragImage.window(showing: selected, at: event.screenLocation(in: window), app: window.application)
        window.eventRouter.cancelPointerCapture()
        let started = source.beginDrag(item, from: window, event: event, image: image) { [weak self] operation in
            image?.close()
            Trace.emit("dnd.ended", [("source", .string("Label")), ("operation", .string(String(describing: operation)))])
            _ = self
        }
        guard started else {
            image?.close()
            return false
        }
        Trace.emit("dnd.started", [("source", .string("Label")), ("id", accessibilityIdentifier.map { JSON.string($0) } ?? .null),
                                   ("bytes", .int(selected.utf8.count)), ("types", .array(item.types.map { .string($0) }))])
        return true
    }
}

/// The small window that follows the pointer in a drag: the dragged text on a chip.
@MainActor
package enum DragImage {
    /// How far from the pointer the image sits, so the window under the hot spot is the target.
    package static let offset = Point(x: 14, y: 14)

    static func window(showing text: String, at screenPoint: Point, app: Application) -> Window? {
        let shown = text.count > 40 ? String(text.prefix(39)) + "…" : text
        let label = Label(text: shown.replacingNewlines())
        label.textColor = .label
        let fitted = label.sizeThatFits(Size(width: 320, height: 40))
        let size = Size(width: min(320, fitted.width + 16), height: fitted.height + 8)
        let window = Window(title: "drag", size: size,
                            origin: Point(x: screenPoint.x + offset.x, y: screenPoint.y + offset.y), kind: .dragImage, app: app)
        window.contentView.backgroundColor = .chipBackground
        window.contentView.cornerRadius = 6
        label.frame = Rect(x: 8, y: 4, width: size.width - 16, height: fitted.height)
        window.contentView.addSubview(label)
        window.show()
        return window
    }
}

private extension String {
    func replacingNewlines() -> String { String(map { $0.isNewline ? " " : $0 }) }
}

extension PointerEvent {
    /// The event's location on the screen (logical points).
    @MainActor func screenLocation(in window: Window) -> Point {
        let origin = window.screenOrigin
        return Point(x: location.x + origin.x, y: location.y + origin.y)
    }
}
