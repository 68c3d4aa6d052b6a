/// The row of tabs along the bottom of a tab bar controller, like UITabBar.
///
/// Each tab shows its item's image (if any) above its title; the selected one is in the tint
/// colour. A click chooses a tab; with focus, Left/Right move the choice and Home/End go to the
/// ends, as in any page tab list. Assistive technologies see a page tab list with one tab per item.
/// In a right-to-left interface the first tab is on the right, and Left moves to the next one.
@MainActor
public final class TabBar: Control, AccessibilityElementProviding {
    /// The bar's height in points (room for a 22-point icon above the title).
    public static let height = 49.0
    /// The bar's height when no tab has an image.
    public static let compactHeight = 34.0

    /// The tabs shown, in order.
    public private(set) var items: [TabBarItem] = []
    /// The chosen tab, or -1 when there are none.
    public private(set) var selectedIndex = -1
    /// Called when the user chooses a tab (click, keys, or an accessibility action) other than the selected one.
    var onChoose: ((Int) -> Void)?

    private var titles: [String] = []
    private var titleLabels: [Label] = []
    private var badgeLabels: [Label] = []
    private var press = ChoicePress()

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground
        drawsFocusRing = false
    }

    /// The height the bar needs for its items.
    public var preferredHeight: Double { items.contains { $0.image != nil } ? Self.height : Self.compactHeight }

    /// Shows `items` (titles resolved by the caller) with `selected` chosen.
    func show(_ items: [TabBarItem], titles: [String], selected: Int) {
        self.items = items
        self.titles = titles
        selectedIndex = items.indices.contains(selected) ? selected : (items.isEmpty ? -1 : 0)
        while titleLabels.count < items.count {
            let title = Label()
            title.textAlignment = .center
            addOwnedSubview(title)
            titleLabels.append(title)
            let badge = Label()
            badge.textAlignment = .center
            badge.font = .system(size: 11, weight: .semibold)
            badge.textColor = .white
            badge.backgroundColor = .systemRed
            addOwnedSubview(badge)
            badgeLabels.append(badge)
        }
        while titleLabels.count > items.count {
            titleLabels.removeLast().removeFromSuperview()
            badgeLabels.removeLast().removeFromSuperview()
        }
        for (i, label) in titleLabels.enumerated() {
            label.text = titles[i]
            label.font = .system(size: items[i].image == nil ? 13 : 11, weight: i == selectedIndex ? .semibold : .medium)
            label.textColor = !items[i].isEnabled ? .tertiaryLabel : i == selectedIndex ? .tint : .secondaryLabel
            badgeLabels[i].text = items[i].badgeValue
            badgeLabels[i].isHidden = items[i].badgeValue?.isEmpty ?? true
        }
        setNeedsLayout()
        setNeedsDisplay()
        window?.viewTreeDidChange()
    }

    /// The frame of tab `index` in the bar's coordinates: the tabs share the width equally.
    public func tabFrame(at index: Int) -> Rect {
        guard !items.isEmpty else { return .zero }
        let width = bounds.width / Double(items.count)
        return flippedForLayoutDirection(Rect(x: width * Double(index), y: 0, width: width, height: bounds.height))
    }

    /// The tab under a point in the bar's coordinates.
    public func tabIndex(at point: Point) -> Int? {
        items.indices.first { tabFrame(at: $0).contains(point) }
    }

    public override func layoutSubviews() {
        let rtl = laysOutRightToLeft
        for (i, label) in titleLabels.enumerated() {
            let tab = tabFrame(at: i)
            let hasImage = items[i].image != nil
            let height = label.sizeThatFits(Size(width: tab.width - 8, height: .infinity)).height
            let y = hasImage ? tab.maxY - height - 4 : (tab.height - height) / 2
            label.frame = Rect(x: tab.minX + 4, y: y, width: tab.width - 8, height: height)
            let badge = badgeLabels[i]
            guard !badge.isHidden else { continue }
            let size = badge.sizeThatFits(Size(width: 60, height: 20))
            let width = max(18, size.width + 10)
            let textWidth = label.sizeThatFits(Size(width: .infinity, height: .infinity)).width
            // At the trailing top corner of the icon, or of the title when there is no icon.
            let offset = hasImage ? 8 : min(label.frame.width, textWidth) / 2 + 2
            let x = rtl ? tab.midX - offset - width : tab.midX + offset
            badge.frame = Rect(x: x, y: 3, width: width, height: 18)
            badge.cornerRadius = 9
            badge.clipsToBounds = true
        }
    }

    public override func draw(in context: GraphicsContext) {
        super.draw(in: context)
        context.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), color: .separator)
        for (i, item) in items.enumerated() {
            let tab = tabFrame(at: i)
            if i == press.index, isHighlighted { context.fill(tab.insetBy(dx: 2, dy: 3), color: .systemFill) }
            if let image = item.image {
                context.drawImage(image, in: Rect(x: tab.midX - 11, y: 5, width: 22, height: 22))
            }
        }
        if isFirstResponder, window?.eventRouter.showsFocusRing ?? true, items.indices.contains(selectedIndex) {
            context.strokeRoundedRect(tabFrame(at: selectedIndex).insetBy(dx: 3, dy: 4), radius: 6, color: focusRingColor, lineWidth: 2)
        }
    }

    // MARK: Input

    public override var isFocusable: Bool {
        get { !items.isEmpty }
        set {}
    }

    public override func pointerDown(_ event: PointerEvent) -> Bool {
        guard event.button == .primary, let index = tabIndex(at: convert(event.location, from: nil)), items[index].isEnabled else {
            return false
        }
        press.begin(at: index)
        _ = super.pointerDown(event)
        setNeedsDisplay()
        return true
    }

    public override func pointerUp(_ event: PointerEvent) {
        let chosen = press.end(at: tabIndex(at: convert(event.location, from: nil)))
        super.pointerUp(event)
        if let chosen { choose(chosen) }
        setNeedsDisplay()
    }

    public override func pointerCancelled() {
        press.cancel()
        super.pointerCancelled()
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard isEnabled, event.modifiers.isDisjoint(with: [.control, .alt]) else { return super.keyDown(event) }
        let enabled = items.map(\.isEnabled)
        let nav = ChoiceNavigation(count: items.count, isRightToLeft: laysOutRightToLeft) { enabled[$0] }
        guard event.key != .up, event.key != .down, let next = nav.index(after: event.key, from: selectedIndex) else {
            return super.keyDown(event)
        }
        choose(next)
        return true
    }

    private func choose(_ index: Int) {
        guard items.indices.contains(index), items[index].isEnabled, index != selectedIndex else { return }
        onChoose?(index)
    }

    // MARK: Accessibility

    public override var accessibilityRole: AccessibilityNode.Role { .pageTabList }

    public var accessibilityElements: [AccessibilityElement] {
        items.indices.map { AccessibilityElement(role: .pageTab, name: titles[$0], frame: tabFrame(at: $0), actionName: "click") }
    }

    public func performAccessibilityAction(ofElementAt index: Int) -> Bool {
        guard items.indices.contains(index), items[index].isEnabled else { return false }
        choose(index)
        return true
    }

    public override var traceType: String { "TabBar" }

    override package func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("selectedIndex", .int(selectedIndex)), ("tabs", .array(titles.map { .string($0) })),
                               ("badges", .array(items.map { $0.badgeValue.map { .string($0) } ?? .null }))]
    }
}
