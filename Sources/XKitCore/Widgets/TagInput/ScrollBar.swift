/// A vertical scroll bar: a thumb to drag, a track to click for a page.
@MainActor
open class ScrollBar: View {
    /// The full height of the content being scrolled.
    public var contentLength = 0.0 { didSet { setNeedsDisplay() } }
    /// The height of the part shown.
    public var visibleLength = 0.0 { didSet { setNeedsDisplay() } }
    /// How far the content is scrolled, 0...contentLength - visibleLength.
    public var offset = 0.0 { didSet { setNeedsDisplay() } }
    /// Called with the new offset when the user drags or clicks.
    public var onScroll: ((Double) -> Void)?
    /// The shortest the thumb gets, so it stays grabbable with 10,000 rows.
    public var minimumThumbLength = 24.0

    private var dragStart: (pointer: Double, offset: Double)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// The largest offset.
    public var maximumOffset: Double { max(0, contentLength - visibleLength) }

    /// The thumb's rect in bounds coordinates.
    public var thumbRect: Rect {
        let track = bounds.insetBy(dx: 2, dy: 2)
        guard contentLength > 0, maximumOffset > 0 else { return track }
        let length = min(track.height, max(minimumThumbLength, track.height * visibleLength / contentLength))
        let y = track.minY + (track.height - length) * min(1, max(0, offset / maximumOffset))
        return Rect(x: track.minX, y: y, width: track.width, height: length)
    }

    open override func pointerDown(_ event: PointerEvent) -> Bool {
        guard event.button == .primary, maximumOffset > 0 else { return false }
        let y = convert(event.location, from: nil).y
        let thumb = thumbRect
        if y < thumb.minY {
            scroll(to: offset - visibleLength)
        } else if y > thumb.maxY {
            scroll(to: offset + visibleLength)
        }
        dragStart = (event.location.y, offset)
        return true
    }

    open override func pointerDragged(_ event: PointerEvent) {
        guard let start = dragStart else { return }
        let travel = bounds.height - 4 - thumbRect.height
        guard travel > 0 else { return }
        scroll(to: start.offset + (event.location.y - start.pointer) * maximumOffset / travel)
    }

    open override func pointerUp(_ event: PointerEvent) { dragStart = nil }
    open override func pointerCancelled() { dragStart = nil }

    private func scroll(to value: Double) {
        let clamped = min(maximumOffset, max(0, value))
        guard clamped != offset else { return }
        offset = clamped
        onScroll?(clamped)
    }

    open override func draw(in context: GraphicsContext) {
        guard maximumOffset > 0 else { return }
        context.fillRoundedRect(bounds.insetBy(dx: 1, dy: 1), radius: (bounds.width - 2) / 2, color: Color.black.withAlpha(0.04))
        let thumb = thumbRect
        context.fillRoundedRect(thumb, radius: thumb.width / 2, color: Color.black.withAlpha(dragStart == nil ? 0.3 : 0.45))
    }

    open override var traceType: String { "ScrollBar" }

    open override func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("offset", .double(offset)), ("max", .double(maximumOffset)), ("thumb", .rect(convertToScreen(thumbRect)))]
    }
}
