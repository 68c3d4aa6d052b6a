/// The popup's content: a dark rounded row of items with an arrow at the target, like the iOS edit menu.
@MainActor
public final class MenuView: View {
    /// The items shown, left to right.
    public let items: [MenuItem]
    /// Where the popup sits and where its arrow points.
    let placement: MenuPlacement
    /// The item frames inside the body.
    let layout: MenuLayout
    /// The highlighted item (hover or keyboard).
    public private(set) var highlightedIndex: Int?
    /// Called with the chosen item's index and the click or key that chose it.
    var onChoose: ((Int, InputEvent) -> Void)?
    /// Called for Escape.
    var onCancel: (() -> Void)?

    static let font = Font.system(size: 13, weight: .medium)
    static let background = Color.menuBackground
    static let highlight = Color.tint
    static let divider = Color(light: 0x5A5A5E, dark: 0x636366)

    private var pressedIndex: Int?

    init(items: [MenuItem], placement: MenuPlacement, layout: MenuLayout) {
        self.items = items
        self.placement = placement
        self.layout = layout
        super.init(frame: Rect(origin: .zero, size: placement.frame.size))
        isFocusable = true
        drawsFocusRing = false
        accessibilityIdentifier = "menu"
    }

    public override var accessibilityRole: AccessibilityNode.Role { .menu }

    /// The item frames in this view's coordinates.
    public var itemFramesInView: [Rect] {
        layout.itemFrames.map { $0.offsetBy(dx: placement.bodyRect.x, dy: placement.bodyRect.y) }
    }

    public override func draw(in context: GraphicsContext) {
        let body = placement.bodyRect
        context.fillRoundedRect(body, radius: 8, color: MenuView.background)
        context.fillPolygon(ShapePaths.arrow(tip: placement.arrowTip, width: placement.arrowSize.width,
                                             height: placement.arrowSize.height, pointingUp: !placement.pointsDown),
                            color: MenuView.background)
        let frames = itemFramesInView
        if let h = highlightedIndex, h < frames.count {
            context.saveState()
            context.clip(to: body)
            context.fillRoundedRect(frames[h], radius: 8, color: MenuView.highlight)
            context.restoreState()
        }
        for divider in layout.dividerFrames {
            context.fill(divider.offsetBy(dx: body.x, dy: body.y).insetBy(dx: 0, dy: 7), color: MenuView.divider)
        }
        let metrics = context.measurer.metrics(for: MenuView.font)
        for (i, item) in items.enumerated() where i < layout.titleFrames.count {
            let title = layout.titleFrames[i].offsetBy(dx: body.x, dy: body.y)
            let baseline = title.midY + (metrics.ascent - metrics.descent) / 2
            // Natural alignment: an Arabic or Hebrew title reads from the right edge of its frame.
            let text = TextLayout(AttributedText(item.title, font: MenuView.font, color: .white), maxWidth: title.width + 0.5,
                                  alignment: .natural, numberOfLines: 1, measurer: context.measurer)
            text.draw(in: context, at: Point(x: title.x, y: (baseline - metrics.ascent).rounded()))
        }
    }

    // MARK: Pointer

    public override func pointerHovered(_ event: PointerEvent) {
        let index = event.kind == .exited ? nil : item(atWindowPoint: event.location)
        setHighlight(index)
    }

    public override func pointerDown(_ event: PointerEvent) -> Bool {
        pressedIndex = item(atWindowPoint: event.location)
        setHighlight(pressedIndex)
        return true
    }

    public override func pointerDragged(_ event: PointerEvent) {
        setHighlight(item(atWindowPoint: event.location))
    }

    public override func pointerUp(_ event: PointerEvent) {
        let index = item(atWindowPoint: event.location)
        defer { pressedIndex = nil }
        // A press that opened the menu elsewhere and released here does not count as a choice.
        if let index, index == pressedIndex { onChoose?(index, event) }
    }

    private func item(atWindowPoint point: Point) -> Int? {
        let local = convert(point, from: nil)
        return layout.item(at: Point(x: local.x - placement.bodyRect.x, y: local.y - placement.bodyRect.y))
    }

    private func setHighlight(_ index: Int?) {
        guard index != highlightedIndex else { return }
        highlightedIndex = index
        setNeedsDisplay()
    }

    // MARK: Keys

    public override func keyDown(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .escape:
            onCancel?()
        case .enter, .space:
            if let h = highlightedIndex { onChoose?(h, event) }
        default:
            guard let move = MenuNavigation(key: event.key) else { return false }
            setHighlight(layout.highlight(from: highlightedIndex, moving: move))
        }
        return true
    }
}

extension MenuView {
    /// The menu's outline in its own coordinates: the rounded body and the arrow, for shaping the popup.
    var outline: [[Point]] {
        [
            ShapePaths.roundedRect(placement.bodyRect, radius: 8),
            ShapePaths.arrow(tip: placement.arrowTip, width: placement.arrowSize.width,
                             height: placement.arrowSize.height, pointingUp: !placement.pointsDown),
        ]
    }

    /// The `menu.shown` trace fields: the frame, where the arrow points and each item's frame, in device pixels.
    func traceFields(scale: Double) -> [(String, JSON)] {
        let frame = placement.frame
        return [
            ("frame", .rect(frame, scale: scale)),
            ("placement", .string(placement.pointsDown ? "above" : "below")),
            ("items", .array(zip(items, itemFramesInView).map { item, itemFrame in
                .object([("title", .string(item.title)),
                         ("frame", .rect(itemFrame.offsetBy(dx: frame.x, dy: frame.y), scale: scale))])
            })),
        ]
    }
}
