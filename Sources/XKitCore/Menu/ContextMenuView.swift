/// The desktop context menu's content: a light vertical list with separators, greyed disabled items
/// and one level of submenus.
///
/// A submenu slides in place of the list (with a "‹ Back" row), as GTK 4's popover menus do: the
/// popup's grab sends every click to this one window, so a cascaded second window would receive
/// nothing. The popup is sized for the largest panel up front.
@MainActor
public final class ContextMenuView: View {
    /// The top-level items.
    public let items: [MenuItem]
    /// The index in `items` of the submenu shown, or nil for the top level.
    public private(set) var openSubmenu: Int?
    /// The highlighted row of the current panel (hover or keyboard).
    public private(set) var highlightedRow: Int?
    /// Called with the chosen item and the click or key that chose it.
    var onChoose: ((MenuItem, InputEvent) -> Void)?
    /// Called for Escape at the top level.
    var onCancel: (() -> Void)?
    /// Called when the panel changes (for the trace).
    var onPanelChange: (() -> Void)?

    static let font = Font.system(size: 13)
    static let background = Color(light: 0xFFFFFF, dark: 0x2C2C2E, highContrastLight: 0xFFFFFF, highContrastDark: 0x000000)
    static let border = Color(light: 0xB8B8BE, dark: 0x545458, highContrastLight: 0x3A3A3F, highContrastDark: 0xD8D8DC)
    static let highlight = Color.tint
    static let text = Color.label
    static let disabledText = Color.tertiaryLabel
    static let separatorColor = Color.separator
    static let cornerRadius = 6.0
    static let backTitle = "Back"

    private let measurer: TextMeasurer
    private var pressedRow: Int?
    private var typed = ""
    private var lastTypeTime = -Double.infinity

    /// A menu of `items`; titles are measured with `measurer`.
    init(items: [MenuItem], measurer: TextMeasurer) {
        self.items = items
        self.measurer = measurer
        super.init()
        isFocusable = true
        drawsFocusRing = false
        accessibilityIdentifier = "menu"
        frame = Rect(origin: .zero, size: panelSize)
    }

    public override var accessibilityRole: AccessibilityNode.Role { .menu }

    // MARK: Panels

    /// The rows shown now: the top level, or a "Back" row and the open submenu's items.
    public var rows: [MenuItem] {
        guard let open = openSubmenu, let submenu = items[open].submenu else { return items }
        return [MenuItem(title: items[open].title, submenu: [])] + submenu
    }

    /// Whether row 0 is the "Back" row of a submenu.
    var showsBackRow: Bool { openSubmenu != nil }

    /// The current panel's layout.
    package var layout: ContextMenuLayout { layout(for: rows, back: showsBackRow) }

    /// The size that fits every panel (the top level and each submenu).
    var panelSize: Size {
        var size = layout(for: items, back: false).size
        for (i, item) in items.enumerated() where item.submenu != nil {
            let panel = [MenuItem(title: items[i].title, submenu: [])] + (item.submenu ?? [])
            let s = layout(for: panel, back: true).size
            size = Size(width: max(size.width, s.width), height: max(size.height, s.height))
        }
        return size
    }

    private func layout(for rows: [MenuItem], back: Bool) -> ContextMenuLayout {
        let measured = rows.enumerated().map { i, item in
            ContextMenuLayout.Row(titleWidth: item.isSeparator ? 0 : titleWidth(item.title) + (back && i == 0 ? 14 : 0),
                                  isSeparator: item.isSeparator, hasSubmenu: item.submenu != nil && !(back && i == 0))
        }
        return ContextMenuLayout(rows: measured)
    }

    private func titleWidth(_ title: String) -> Double {
        TextLayout(AttributedText(title, font: ContextMenuView.font), measurer: measurer).size.width.rounded(.up)
    }

    /// Whether a row of the current panel can be highlighted (enabled items, submenus and Back).
    public func isSelectable(_ row: Int) -> Bool {
        let rows = self.rows
        guard row >= 0, row < rows.count else { return false }
        if showsBackRow && row == 0 { return true }
        let item = rows[row]
        return !item.isSeparator && (item.isEnabled || item.submenu != nil)
    }

    /// Opens the submenu of a top-level row, highlighting its first item.
    func openSubmenu(at index: Int) {
        guard openSubmenu == nil, index < items.count, items[index].submenu != nil, items[index].isEnabled else { return }
        openSubmenu = index
        highlightedRow = layout.highlight(from: 0, moving: .next, isEnabled: isSelectable)
        typed = ""
        setNeedsDisplay()
        onPanelChange?()
    }

    /// Goes back to the top level, highlighting the submenu's row.
    func closeSubmenu() {
        guard let open = openSubmenu else { return }
        openSubmenu = nil
        highlightedRow = open
        typed = ""
        setNeedsDisplay()
        onPanelChange?()
    }

    /// Acts on a row of the current panel: Back, open a submenu, or choose.
    private func activate(_ row: Int, event: InputEvent) {
        guard isSelectable(row) else { return }
        if showsBackRow && row == 0 { return closeSubmenu() }
        let item = rows[row]
        if item.submenu != nil, openSubmenu == nil { return openSubmenu(at: row) }
        if item.isChoosable { onChoose?(item, event) }
    }

    // MARK: Drawing

    public override func draw(in context: GraphicsContext) {
        let body = bounds
        context.fillRoundedRect(body, radius: ContextMenuView.cornerRadius, color: ContextMenuView.background)
        context.strokeRoundedRect(body, radius: ContextMenuView.cornerRadius, color: ContextMenuView.border, lineWidth: 1)
        let layout = self.layout
        let rows = self.rows
        let metrics = context.measurer.metrics(for: ContextMenuView.font)
        let padding = layout.metrics.horizontalPadding
        for (i, item) in rows.enumerated() where i < layout.rowFrames.count {
            let frame = layout.rowFrames[i]
            if item.isSeparator {
                context.fill(Rect(x: 8, y: frame.midY.rounded(.down), width: body.width - 16, height: 1),
                             color: ContextMenuView.separatorColor)
                continue
            }
            let highlighted = i == highlightedRow
            if highlighted {
                context.fillRoundedRect(frame.insetBy(dx: 4, dy: 1), radius: 4, color: ContextMenuView.highlight)
            }
            let back = showsBackRow && i == 0
            let color = highlighted ? Color.white : (isSelectable(i) ? ContextMenuView.text : ContextMenuView.disabledText)
            let baseline = frame.midY + (metrics.ascent - metrics.descent) / 2
            let titleX = padding + (back ? 14 : 0)
            // Natural alignment: an Arabic or Hebrew title sits at the right of the title column.
            let text = TextLayout(AttributedText(item.title, font: ContextMenuView.font, color: color),
                                  maxWidth: layout.titleWidth + 0.5, alignment: .natural, numberOfLines: 1,
                                  measurer: context.measurer)
            text.draw(in: context, at: Point(x: titleX, y: (baseline - metrics.ascent).rounded()))
            if back {
                context.fillPolygon(Self.chevron(at: Point(x: padding + 3, y: frame.midY), pointingRight: false), color: color)
            } else if item.submenu != nil {
                context.fillPolygon(Self.chevron(at: Point(x: body.width - padding - 2, y: frame.midY), pointingRight: true),
                                    color: color)
            }
        }
    }

    /// A small solid triangle centred on `centre`.
    static func chevron(at centre: Point, pointingRight: Bool) -> [Point] {
        let w = 4.0, h = 4.5
        return pointingRight
            ? [Point(x: centre.x - w / 2, y: centre.y - h), Point(x: centre.x + w / 2, y: centre.y), Point(x: centre.x - w / 2, y: centre.y + h)]
            : [Point(x: centre.x + w / 2, y: centre.y - h), Point(x: centre.x - w / 2, y: centre.y), Point(x: centre.x + w / 2, y: centre.y + h)]
    }

    // MARK: Pointer

    private func row(atWindowPoint point: Point) -> Int? {
        layout.row(at: convert(point, from: nil))
    }

    private func setHighlight(_ row: Int?) {
        let row = row.flatMap { isSelectable($0) ? $0 : nil }
        guard row != highlightedRow else { return }
        highlightedRow = row
        setNeedsDisplay()
    }

    public override func pointerHovered(_ event: PointerEvent) {
        setHighlight(event.kind == .exited ? nil : row(atWindowPoint: event.location))
    }

    public override func pointerDown(_ event: PointerEvent) -> Bool {
        pressedRow = row(atWindowPoint: event.location)
        setHighlight(pressedRow)
        return true
    }

    public override func pointerDragged(_ event: PointerEvent) {
        setHighlight(row(atWindowPoint: event.location))
    }

    public override func pointerUp(_ event: PointerEvent) {
        let row = row(atWindowPoint: event.location)
        defer { pressedRow = nil }
        // The press that opened the menu (released over it) is not a choice.
        if let row, row == pressedRow { activate(row, event: event) }
    }

    // MARK: Keys

    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.kind == .down else { return true }
        switch event.key {
        case .escape:
            if openSubmenu != nil { closeSubmenu() } else { onCancel?() }
        case .left:
            closeSubmenu()
        case .right:
            if let h = highlightedRow, openSubmenu == nil, rows[h].submenu != nil { openSubmenu(at: h) }
        case .enter:
            if let h = highlightedRow { activate(h, event: event) }
        case .space where typed.isEmpty:
            if let h = highlightedRow { activate(h, event: event) }
        case .up, .down, .home, .end:
            let move: MenuNavigation = event.key == .up ? .previous : event.key == .down ? .next : event.key == .home ? .first : .last
            typed = ""
            setHighlight(layout.highlight(from: highlightedRow, moving: move, isEnabled: isSelectable))
        default:
            guard let text = event.text, !text.isEmpty, event.modifiers.isDisjoint(with: [.control, .alt]),
                  text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return true }
            typeToSelect(text, at: event.time)
        }
        return true
    }

    /// Highlights the next row whose title starts with what was typed in the last second.
    private func typeToSelect(_ text: String, at time: Double) {
        if time - lastTypeTime > 1 { typed = "" }
        lastTypeTime = time
        typed += text
        let titles = rows.enumerated().map { i, item in showsBackRow && i == 0 ? "" : item.title }
        if let match = ContextMenuLayout.typeahead(typed, titles: titles, current: highlightedRow, isSelectable: isSelectable) {
            setHighlight(match)
        }
    }
}

extension ContextMenuView {
    /// The `menu.shown` trace fields for the panel shown, in device pixels: each row's title, frame,
    /// whether it is enabled, a separator or a submenu.
    func traceFields(origin: Point, placement: ContextMenuPlacement, scale: Double) -> [(String, JSON)] {
        let layout = self.layout
        var fields: [(String, JSON)] = [
            ("frame", .rect(Rect(origin: origin, size: frame.size), scale: scale)),
            ("placement", .string(placement.name)),
        ]
        if let open = openSubmenu { fields.append(("submenu", .string(items[open].title))) }
        fields.append(("items", .array(rows.enumerated().map { i, item in
            var entry: [(String, JSON)] = [("title", .string(showsBackRow && i == 0 ? ContextMenuView.backTitle : item.title))]
            let rowFrame = layout.rowFrames[i].offsetBy(dx: origin.x, dy: origin.y)
            entry.append(("frame", .rect(rowFrame, scale: scale)))
            if item.isSeparator { entry.append(("separator", .bool(true))) }
            else if !isSelectable(i) { entry.append(("enabled", .bool(false))) }
            if item.submenu != nil && !(showsBackRow && i == 0) { entry.append(("submenu", .bool(true))) }
            return .object(entry)
        })))
        return fields
    }
}
