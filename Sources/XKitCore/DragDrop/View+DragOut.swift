/// Dragging something out of a view to another app (or another view): a label's or a text view's
/// selection, a tag chip. One path, so every drag gets the same image, trace and completion.
extension View {
    /// The platform that can start a drag out of this view's window now, if any.
    var dragSource: DragSourcePlatform? {
        guard let source = window?.platform as? DragSourcePlatform, source.canBeginDrag else { return nil }
        return source
    }

    /// Starts dragging `item` out, `text` shown on the image that follows the pointer; `event` is
    /// the motion that passed the drag threshold. False when no drag started; the press then
    /// stays this view's.
    @discardableResult
    func beginDragOut(_ item: PasteboardItem, showing text: String, event: PointerEvent,
                      completion: (@MainActor (DropOperation) -> Void)? = nil) -> Bool {
        guard !text.isEmpty, let window, let source = dragSource else { return false }
        let image = DragImage.window(showing: text, at: event.screenLocation(in: window), app: window.application)
        window.eventRouter.cancelPointerCapture()
        let name = traceType
        let started = source.beginDrag(item, from: window, event: event, image: image) { operation in
            image?.close()
            Trace.emit("dnd.ended", [("source", .string(name)), ("operation", .string(String(describing: operation)))])
            completion?(operation)
        }
        guard started else {
            image?.close()
            return false
        }
        Trace.emit("dnd.started", [("source", .string(name)), ("id", accessibilityIdentifier.map { JSON.string($0) } ?? .null),
                                   ("bytes", .int(text.utf8.count)), ("types", .array(item.types.map { .string($0) }))])
        return true
    }
}

/// The small window that follows the pointer in a drag: the dragged text on a chip.
@MainActor
package enum DragImage {
    /// How far from the pointer the image sits, so the window under the hot spot is the target.
    package static let offset = Point(x: 14, y: 14)
    /// The image's corner radius; the X window is cut to it, so no square corners show around it.
    package static let cornerRadius = 6.0

    static func window(showing text: String, at screenPoint: Point, app: Application) -> Window? {
        let shown = text.count > 40 ? String(text.prefix(39)) + "…" : text
        let label = Label(text: shown.replacingNewlines())
        label.textColor = .label
        let fitted = label.sizeThatFits(Size(width: 320, height: 40))
        let size = Size(width: min(320, fitted.width + 16), height: fitted.height + 8)
        let window = Window(title: "drag", size: size,
                            origin: Point(x: screenPoint.x + offset.x, y: screenPoint.y + offset.y), kind: .dragImage, app: app)
        window.contentView.backgroundColor = .chipBackground
        window.contentView.cornerRadius = cornerRadius
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
