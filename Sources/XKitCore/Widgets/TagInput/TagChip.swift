/// A rounded chip showing one tag, with an optional × that removes it.
///
/// Its title is a label owned by the chip, so it never becomes copyable and clicks on it reach the
/// chip. A tag input recycles chips as it scrolls, so a chip shows whichever tag it is given.
@MainActor
open class TagChip: Control {
    /// Padding and sizes shared by measurement and drawing, so a chip's size for a title is exact.
    public struct Metrics: Sendable, Hashable {
        /// The title's font.
        public var font: Font = .system(size: 13)
        /// The space between the chip's left and right edges and its content.
        public var horizontalPadding = 10.0
        /// The space above and below the title (or the ×, when it is taller).
        public var verticalPadding = 4.0
        /// The × button's side.
        public var removeButtonSize = 16.0
        /// Space between the title and the ×.
        public var removeButtonGap = 4.0
/// The default metrics: the 13-point system font, 10 points of padding on the sides, 4 above and below.
        public init() {}

        /// The chip's size for a title `titleWidth` wide in a font with `lineHeight`.
        public func size(titleWidth: Double, lineHeight: Double, showsRemoveButton: Bool) -> Size {
            let remove = showsRemoveButton ? removeButtonGap + removeButtonSize : 0
            let height = max(lineHeight, showsRemoveButton ? removeButtonSize : 0) + 2 * verticalPadding
            return Size(width: (titleWidth + 2 * horizontalPadding + remove).rounded(.up), height: height.rounded(.up))
        }
    }

    /// The label drawing the title; it belongs to the chip.
    public let titleLabel = Label()
    /// The tag shown.
    open var tag = Tag(id: 0, title: "") {
        didSet {
            guard tag != oldValue else { return }
            titleLabel.text = tag.title
            window?.viewTreeDidChange()
        }
    }
    /// The padding, font and × size the chip is measured and drawn with.
    open var metrics = Metrics() { didSet { titleLabel.font = metrics.font; setNeedsLayout() } }
    /// Whether the × is shown.
    open var showsRemoveButton = true { didSet { setNeedsLayout(); setNeedsDisplay() } }
    /// Whether the pointer is over the chip.
    public private(set) var isHovered = false { didSet { if isHovered != oldValue { stateDidChange() } } }
    /// Whether the pointer is over the ×.
    public private(set) var isRemoveHovered = false { didSet { if isRemoveHovered != oldValue { setNeedsDisplay() } } }

    /// Called when the × is clicked.
    public var onRemove: ((TagChip) -> Void)?

    private var pressedOnRemove = false
    /// Where a press on the chip (not its ×) went down, while it may still become a drag of the tag.
    private var dragOrigin: Point?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        titleLabel.font = metrics.font
        // The chip is sized to its title, but the label's frame is a few points wider (the ×'s half
        // padding): natural alignment would push an Arabic or Hebrew title toward the ×.
        titleLabel.textAlignment = .left
        addOwnedSubview(titleLabel)
        updateAppearance()
    }

    /// The ×'s rect in bounds coordinates (empty when hidden).
    public var removeButtonRect: Rect {
        guard showsRemoveButton else { return .zero }
        let s = metrics.removeButtonSize
        return Rect(x: bounds.maxX - metrics.horizontalPadding / 2 - s, y: bounds.minY + (bounds.height - s) / 2, width: s, height: s)
    }

    open override func layoutSubviews() {
        let remove = showsRemoveButton ? metrics.removeButtonGap + metrics.removeButtonSize - metrics.horizontalPadding / 2 : 0
        titleLabel.frame = Rect(x: metrics.horizontalPadding, y: 0,
                                width: max(0, bounds.width - 2 * metrics.horizontalPadding - remove), height: bounds.height)
        cornerRadius = bounds.height / 2
    }

    open override func stateDidChange() {
        updateAppearance()
        super.stateDidChange()
    }

    /// Chips are reached with Left and Right from the field, not with Tab.
    open override var acceptsTabFocus: Bool { false }

    private func updateAppearance() {
        let base = Color.chipBackground
        let background: Color
        let text: Color
        if isSelected {
            background = isHighlighted ? Color.accent.blended(with: .black, fraction: 0.2) : .accent
            text = .white
        } else {
            background = isHighlighted ? base.blended(with: .black, fraction: 0.15)
                : isHovered ? base.blended(with: .black, fraction: 0.07) : base
            text = .label
        }
        backgroundColor = isEnabled ? background : background.withAlpha(0.5)
        titleLabel.textColor = isEnabled ? text : text.withAlpha(0.5)
    }

    // MARK: Pointer

    open override func pointerDown(_ event: PointerEvent) -> Bool {
        guard event.button == .primary, isEnabled else { return false }
        pressedOnRemove = removeButtonRect.contains(convert(event.location, from: nil))
        if !pressedOnRemove { becomeFirstResponder() }
        dragOrigin = pressedOnRemove || dragSource == nil ? nil : event.location
        return super.pointerDown(event)
    }

    /// Past the desktop's drag threshold a press drags the tag's title out (to another app, or
    /// another tag input), as a copy: the tag stays.
    open override func pointerDragged(_ event: PointerEvent) {
        if let origin = dragOrigin, event.location.distance(to: origin) > desktopSettings.dragThreshold {
            dragOrigin = nil
            if beginDragOut(PasteboardItem(string: tag.title), showing: tag.title, event: event) { return }
        }
        super.pointerDragged(event)
    }

    open override func pointerUp(_ event: PointerEvent) {
        dragOrigin = nil
        guard pressedOnRemove else { return super.pointerUp(event) }
        pressedOnRemove = false
        pointerCancelled()
        if removeButtonRect.insetBy(dx: -2, dy: -2).contains(convert(event.location, from: nil)) { onRemove?(self) }
    }

    open override func pointerHovered(_ event: PointerEvent) {
        isHovered = event.kind != .exited
        isRemoveHovered = isHovered && removeButtonRect.contains(convert(event.location, from: nil))
    }

    /// Forgets hover and press state when the chip is recycled for another tag.
    func prepareForReuse() {
        isHovered = false
        isRemoveHovered = false
        pressedOnRemove = false
        dragOrigin = nil
    }

    // MARK: Drawing

    open override func draw(in context: GraphicsContext) {
        guard showsRemoveButton else { return }
        let r = removeButtonRect
        let tint = isSelected ? Color.white : Color.secondaryLabel
        if isRemoveHovered {
            context.fillRoundedRect(r, radius: r.width / 2, color: tint.withAlpha(0.25))
        }
        // Two short strokes as thin polygons: crisp at any scale, no font needed.
        let c = r.center, h = r.width * 0.22, w = 0.75
        let color = isEnabled ? tint : tint.withAlpha(0.5)
        context.fillPolygon([Point(x: c.x - h - w, y: c.y - h + w), Point(x: c.x - h + w, y: c.y - h - w),
                             Point(x: c.x + h + w, y: c.y + h - w), Point(x: c.x + h - w, y: c.y + h + w)], color: color)
        context.fillPolygon([Point(x: c.x + h - w, y: c.y - h - w), Point(x: c.x + h + w, y: c.y - h + w),
                             Point(x: c.x - h + w, y: c.y + h + w), Point(x: c.x - h - w, y: c.y + h - w)], color: color)
    }

    // MARK: Trace

    open override var accessibilityRole: AccessibilityNode.Role { .listItem }
    open override var accessibilityName: String? { tag.title }

    open override var traceType: String { "TagChip" }

    package override func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("text", .string(tag.title)), ("tag_id", .int(tag.id)), ("selected", .bool(isSelected)),
                               ("focused", .bool(isFirstResponder))]
    }
}
