/// A view that shows part of larger content and scrolls it, like UIScrollView.
///
///     let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 400))
///     scroll.addSubview(list)                   // subviews are the content, in content coordinates
///     scroll.contentSize = list.frame.size
///     scroll.scrollRectToVisible(row.frame)
///
/// The wheel (and Shift+wheel sideways) scrolls it, as does a smooth-scrolling device through
/// `PointerEvent.scrollDelta`; PageUp, PageDown, Home and End scroll it while it or a view inside
/// it has focus and does not use the key itself; Tab scrolls the newly focused view into sight.
/// A scroll bar appears along each axis whose content is larger than the view; drag its thumb or
/// click its track for a page. The offset is clamped to the content and NaN is refused.
@MainActor
open class ScrollView: View {
    /// The size of the content, in points; the offset is clamped to it.
    ///
    ///     scroll.contentSize = Size(width: 400, height: 2000)
    ///
    /// NaN, negative and huge values are made safe (0 and the geometry limits).
    open var contentSize: Size = .zero {
        didSet {
            let safe = ScrollView.sanitized(contentSize)
            // An assignment inside didSet does not call didSet again.
            if safe != contentSize { contentSize = safe }
            guard contentSize != oldValue else { return }
            setContentOffset(contentOffset)
            updateScrollBars()
        }
    }

    /// How far the content is scrolled: the content point at the view's top-left corner.
    ///
    /// Setting it clamps to `0...maximumContentOffset` and ignores NaN, as `setContentOffset` does.
    public var contentOffset: Point {
        get { boundsOrigin }
        set { setContentOffset(newValue) }
    }

    /// Called after the offset changed, by the user or in code: `scroll.onScroll = { offset in … }`.
    public var onScroll: ((_ offset: Point) -> Void)?

    /// Points scrolled by one wheel click.
    public var wheelStep = 48.0

    /// Whether PageUp, PageDown, Home and End scroll the view (when the focused view leaves them).
    public var scrollsWithPageKeys = true

    /// Whether a vertical scroll bar shows while the content is taller than the view.
    public var showsVerticalScrollBar = true { didSet { updateScrollBars() } }
    /// Whether a horizontal scroll bar shows while the content is wider than the view.
    public var showsHorizontalScrollBar = true { didSet { updateScrollBars() } }
    /// The scroll bars' thickness.
    public var scrollBarThickness = 10.0 { didSet { updateScrollBars() } }

    /// The vertical scroll bar (hidden while not needed).
    public let verticalScrollBar = ScrollBar(axis: .vertical)
    /// The horizontal scroll bar (hidden while not needed).
    public let horizontalScrollBar = ScrollBar(axis: .horizontal)

    /// A scroll view that clips its content to its bounds.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
        for bar in [verticalScrollBar, horizontalScrollBar] {
            bar.isHidden = true
            super.insertSubview(bar, at: subviews.count)
        }
        verticalScrollBar.onScroll = { [weak self] y in
            guard let self else { return }
            self.setContentOffset(Point(x: self.contentOffset.x, y: y))
        }
        horizontalScrollBar.onScroll = { [weak self] x in
            guard let self else { return }
            self.setContentOffset(Point(x: x, y: self.contentOffset.y))
        }
    }

    // MARK: Offset

    /// The largest offset along each axis: how much of the content lies beyond the view.
    public var maximumContentOffset: Point {
        Point(x: max(0, contentSize.width - bounds.width), y: max(0, contentSize.height - bounds.height))
    }

    /// The part of the content in sight, in content coordinates.
    public var visibleRect: Rect { bounds }

    /// Scrolls to an offset, clamped to `0...maximumContentOffset` and rounded to device pixels.
    ///
    /// An offset with a NaN component is refused (with one warning) and changes nothing.
    open func setContentOffset(_ offset: Point) {
        guard !offset.x.isNaN, !offset.y.isNaN else {
            Trace.warnOnce("scrollView.contentOffset", "a scroll view's content offset was set to \(offset); NaN is ignored")
            return
        }
        let maximum = maximumContentOffset
        let scale = window?.scale ?? 1
        func clamp(_ value: Double, _ limit: Double) -> Double {
            (min(limit, max(0, value)) * scale).rounded() / scale
        }
        let clamped = Point(x: clamp(offset.x, maximum.x), y: clamp(offset.y, maximum.y))
        guard clamped != boundsOrigin else { return }
        boundsOrigin = clamped
        updateScrollBars()
        onScroll?(clamped)
    }

    /// Scrolls by a delta (clamped like `setContentOffset`); returns whether the offset changed.
    @discardableResult
    public func scroll(by delta: Point) -> Bool {
        let before = contentOffset
        setContentOffset(Point(x: before.x + delta.x, y: before.y + delta.y))
        return contentOffset != before
    }

    /// Scrolls as little as possible to show a rect given in content coordinates, with `margin`
    /// around it; a rect taller or wider than the view shows its top or leading edge.
    ///
    ///     scroll.scrollRectToVisible(row.frame, margin: 8)
    public func scrollRectToVisible(_ rect: Rect, margin: Double = 0) {
        guard rect.isWithinLimits, !rect.origin.x.isNaN, !rect.origin.y.isNaN else { return }
        let target = rect.insetBy(dx: -margin, dy: -margin)
        func axis(_ offset: Double, _ visible: Double, _ low: Double, _ high: Double) -> Double {
            var result = offset
            if high > result + visible { result = high - visible }
            if low < result { result = low }
            return result
        }
        setContentOffset(Point(x: axis(contentOffset.x, bounds.width, target.minX, target.maxX),
                               y: axis(contentOffset.y, bounds.height, target.minY, target.maxY)))
    }

    // MARK: Input

    /// Whether the content can scroll along each axis.
    public var canScrollVertically: Bool { maximumContentOffset.y > 0 }
    /// Whether the content is wider than the view.
    public var canScrollHorizontally: Bool { maximumContentOffset.x > 0 }

    /// Scrolls by the event's smooth delta, else by `wheelStep` per wheel click (Shift turns the
    /// wheel sideways); passes the event on when the content cannot scroll that way.
    open override func scrollWheel(_ event: PointerEvent) -> Bool {
        if let delta = event.scrollDelta {
            guard (delta.y != 0 && canScrollVertically) || (delta.x != 0 && canScrollHorizontally) else { return false }
            scroll(by: delta)
            return true
        }
        var delta: Point
        switch event.button {
        case .scrollUp: delta = Point(x: 0, y: -wheelStep)
        case .scrollDown: delta = Point(x: 0, y: wheelStep)
        case .scrollLeft: delta = Point(x: -wheelStep, y: 0)
        case .scrollRight: delta = Point(x: wheelStep, y: 0)
        default: return false
        }
        if event.modifiers.contains(.shift) || !canScrollVertically && canScrollHorizontally && delta.x == 0 {
            delta = Point(x: delta.y, y: delta.x)
        }
        guard (delta.y != 0 && canScrollVertically) || (delta.x != 0 && canScrollHorizontally) else { return false }
        scroll(by: delta)
        return true
    }

    open override func keyDown(_ event: KeyEvent) -> Bool {
        if super.keyDown(event) { return true }
        return scrollsWithPageKeys && handlePageKey(event)
    }

    /// Scrolls for PageUp, PageDown (nine tenths of the view), Home and End; returns whether the key was one.
    @discardableResult
    public func handlePageKey(_ event: KeyEvent) -> Bool {
        guard event.kind == .down, canScrollVertically, event.modifiers.isDisjoint(with: [.control, .alt, .super]) else {
            return false
        }
        let page = max(1, bounds.height * 0.9)
        switch event.key {
        case .pageUp: scroll(by: Point(x: 0, y: -page))
        case .pageDown: scroll(by: Point(x: 0, y: page))
        case .home: setContentOffset(Point(x: contentOffset.x, y: 0))
        case .end: setContentOffset(Point(x: contentOffset.x, y: maximumContentOffset.y))
        default: return false
        }
        return true
    }

    // MARK: Subviews and layout

    /// Inserts content below the scroll bars, which stay on top.
    open override func insertSubview(_ view: View, at index: Int) {
        if view === verticalScrollBar || view === horizontalScrollBar {
            super.insertSubview(view, at: index)
            return
        }
        let count = subviews.count
        // The bars are normally the last two subviews: skip the search through thousands of rows.
        let barsLast = count >= 2 && subviews[count - 1] === horizontalScrollBar && subviews[count - 2] === verticalScrollBar
        let firstBar = barsLast ? count - 2
            : subviews.firstIndex { $0 === verticalScrollBar || $0 === horizontalScrollBar } ?? count
        let limit = view.superview === self && (subviews.firstIndex { $0 === view } ?? firstBar) < firstBar ? firstBar - 1 : firstBar
        super.insertSubview(view, at: min(index, limit))
    }

    open override var frame: Rect {
        didSet {
            guard frame.size != oldValue.size else { return }
            setContentOffset(contentOffset)
            updateScrollBars()
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateScrollBars()
    }

    /// Shows a bar along each axis that scrolls and places it at the view's trailing edge.
    func updateScrollBars() {
        let maximum = maximumContentOffset
        let showsVertical = showsVerticalScrollBar && maximum.y > 0
        let showsHorizontal = showsHorizontalScrollBar && maximum.x > 0
        let offset = contentOffset, size = bounds.size, thickness = scrollBarThickness
        if verticalScrollBar.isHidden == showsVertical { verticalScrollBar.isHidden = !showsVertical }
        if horizontalScrollBar.isHidden == showsHorizontal { horizontalScrollBar.isHidden = !showsHorizontal }
        if showsVertical {
            let corner = showsHorizontal ? thickness + 2 : 0
            verticalScrollBar.frame = Rect(x: offset.x + size.width - thickness - 2, y: offset.y + 4,
                                           width: thickness, height: max(0, size.height - 8 - corner))
            update(verticalScrollBar, content: contentSize.height, visible: size.height, offset: offset.y)
        }
        if showsHorizontal {
            let corner = showsVertical ? thickness + 2 : 0
            horizontalScrollBar.frame = Rect(x: offset.x + 4, y: offset.y + size.height - thickness - 2,
                                             width: max(0, size.width - 8 - corner), height: thickness)
            update(horizontalScrollBar, content: contentSize.width, visible: size.width, offset: offset.x)
        }
    }

    private func update(_ bar: ScrollBar, content: Double, visible: Double, offset: Double) {
        if bar.contentLength != content { bar.contentLength = content }
        if bar.visibleLength != visible { bar.visibleLength = visible }
        if bar.offset != offset { bar.offset = offset }
    }

    private static func sanitized(_ size: Size) -> Size {
        let limited = size.clampedToLimits
        return Size(width: max(0, limited.width), height: max(0, limited.height))
    }

    // MARK: Trace

    open override var traceType: String { "ScrollView" }

    package override func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("content_offset", .array([.double(contentOffset.x), .double(contentOffset.y)])),
                               ("content_size", .array([.double(contentSize.width), .double(contentSize.height)]))]
    }
}

extension View {
    /// Scrolls every enclosing `ScrollView`, innermost first, so this view and its focus ring show.
    ///
    ///     field.scrollToVisible()
    ///
    /// The window calls it when Tab moves focus.
    public func scrollToVisible() {
        var ancestor = superview
        while let candidate = ancestor {
            if let scroll = candidate as? ScrollView {
                scroll.scrollRectToVisible(convert(bounds, to: scroll).insetBy(dx: -4, dy: -4))
            }
            ancestor = candidate.superview
        }
    }
}
