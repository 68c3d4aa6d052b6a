/// A scroll bar: a thumb to drag, a track to click for a page. `ScrollView` shows them on demand.
///
///     let bar = ScrollBar(axis: .horizontal)
///     bar.onScroll = { offset in content.boundsOrigin.x = offset }
@MainActor
open class ScrollBar: View {
    /// Which way a scroll bar runs.
    public enum Axis: Sendable {
        /// A `vertical` bar scrolls up and down, along the right edge; a `horizontal` one scrolls sideways.
        case vertical, horizontal
    }

    /// Which way the bar runs (and which pointer coordinate drags it).
    public let axis: Axis
    /// The full length of the content being scrolled.
    public var contentLength = 0.0 { didSet { setNeedsDisplay() } }
    /// The length of the part shown.
    public var visibleLength = 0.0 { didSet { setNeedsDisplay() } }
    /// How far the content is scrolled, 0...contentLength - visibleLength.
    public var offset = 0.0 { didSet { setNeedsDisplay() } }
    /// Called with the new offset when the user drags or clicks.
    public var onScroll: ((_ offset: Double) -> Void)?
    /// The shortest the thumb gets, so it stays grabbable with 10,000 rows.
    public var minimumThumbLength = 24.0

    private var dragStart: (pointer: Double, offset: Double)?

    /// A bar running along `axis`.
    public init(axis: Axis = .vertical, frame: Rect = .zero) {
        self.axis = axis
        super.init(frame: frame)
    }

    /// A vertical bar.
    public override convenience init(frame: Rect = .zero) {
        self.init(axis: .vertical, frame: frame)
    }

    /// The largest offset.
    public var maximumOffset: Double { max(0, contentLength - visibleLength) }

    /// Whether the user is dragging the thumb.
    public var isDragging: Bool { dragStart != nil }

    /// The thumb's rect in bounds coordinates.
    public var thumbRect: Rect {
        let track = bounds.insetBy(dx: 2, dy: 2)
        guard contentLength > 0, maximumOffset > 0 else { return track }
        let trackLength = along(track.size)
        let length = min(trackLength, max(minimumThumbLength, trackLength * visibleLength / contentLength))
        let start = (trackLength - length) * min(1, max(0, offset / maximumOffset))
        switch axis {
        case .vertical: return Rect(x: track.minX, y: track.minY + start, width: track.width, height: length)
        case .horizontal: return Rect(x: track.minX + start, y: track.minY, width: length, height: track.height)
        }
    }

    private func along(_ size: Size) -> Double { axis == .vertical ? size.height : size.width }
    private func along(_ point: Point) -> Double { axis == .vertical ? point.y : point.x }

    open override func pointerDown(_ event: PointerEvent) -> Bool {
        guard event.button == .primary, maximumOffset > 0 else { return false }
        let position = along(convert(event.location, from: nil))
        let thumb = thumbRect
        let (thumbStart, thumbEnd) = axis == .vertical ? (thumb.minY, thumb.maxY) : (thumb.minX, thumb.maxX)
        if position < thumbStart {
            scroll(to: offset - visibleLength)
        } else if position > thumbEnd {
            scroll(to: offset + visibleLength)
        }
        dragStart = (along(event.location), offset)
        setNeedsDisplay()
        return true
    }

    open override func pointerDragged(_ event: PointerEvent) {
        guard let start = dragStart else { return }
        let travel = along(bounds.size) - 4 - along(thumbRect.size)
        guard travel > 0 else { return }
        scroll(to: start.offset + (along(event.location) - start.pointer) * maximumOffset / travel)
    }

    open override func pointerUp(_ event: PointerEvent) { dragStart = nil; setNeedsDisplay() }
    open override func pointerCancelled() { dragStart = nil; setNeedsDisplay() }

    private func scroll(to value: Double) {
        let clamped = min(maximumOffset, max(0, value))
        guard clamped != offset else { return }
        offset = clamped
        onScroll?(clamped)
    }

    open override func draw(in context: GraphicsContext) {
        guard maximumOffset > 0 else { return }
        let thickness = axis == .vertical ? bounds.width : bounds.height
        context.fillRoundedRect(bounds.insetBy(dx: 1, dy: 1), radius: (thickness - 2) / 2, color: Color.scrollTrack)
        let thumb = thumbRect
        let thumbThickness = axis == .vertical ? thumb.width : thumb.height
        context.fillRoundedRect(thumb, radius: thumbThickness / 2, color: Color.scrollThumb.withAlpha(dragStart == nil ? 0.3 : 0.45))
    }

    open override var traceType: String { "ScrollBar" }

    package override func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("offset", .double(offset)), ("max", .double(maximumOffset)), ("thumb", .rect(convertToScreen(thumbRect)))]
    }
}
