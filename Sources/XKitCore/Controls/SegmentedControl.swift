/// A row of segments of which one is selected, like UISegmentedControl.
///
/// A click selects a segment; with focus, Left/Right move the selection and Home/End go to the ends.
/// In a right-to-left interface the first segment is on the right, and Left moves to the next one.
/// A change sends `.valueChanged`. Assistive technologies see a page tab list with one tab per segment.
///
///     let units = SegmentedControl(items: ["Metric", "Imperial"])
///     units.selectedSegmentIndex = 0
///     units.addAction(for: .valueChanged) { control in print(control.selectedSegmentIndex) }
@MainActor
open class SegmentedControl: Control, AccessibilityElementProviding {
    /// `selectedSegmentIndex` when nothing is selected.
    public static let noSegment = -1

    private var titles: [String] = []
    private var disabled: Set<Int> = []
    private var labels: [Label] = []
    private var press = ChoicePress()

    /// The selected segment, or `noSegment`; setting it sends no action. An index out of range selects nothing.
    open var selectedSegmentIndex: Int = SegmentedControl.noSegment {
        didSet {
            if selectedSegmentIndex != SegmentedControl.noSegment && !titles.indices.contains(selectedSegmentIndex) {
                Trace.warnOnce("segmented.index", "segment \(selectedSegmentIndex) does not exist; nothing is selected")
                selectedSegmentIndex = SegmentedControl.noSegment
            }
            if selectedSegmentIndex != oldValue { updateLabels(); setNeedsDisplay(); window?.viewTreeDidChange() }
        }
    }

    /// The number of segments.
    public var numberOfSegments: Int { titles.count }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = 7
    }

    /// A control with a segment per title.
    public convenience init(items: [String]) {
        self.init()
        for (i, title) in items.enumerated() { insertSegment(withTitle: title, at: i, animated: false) }
        sizeToFit()
    }

    /// Inserts a segment; an index past the end appends.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        let index = min(max(0, segment), titles.count)
        titles.insert(title ?? "", at: index)
        let label = Label()
        label.textAlignment = .center
        label.font = .system(size: 13, weight: .medium)
        addOwnedSubview(label)
        labels.insert(label, at: index)
        disabled = Set(disabled.map { $0 >= index ? $0 + 1 : $0 })
        if selectedSegmentIndex >= index { selectedSegmentIndex += 1 }
        updateLabels()
        setNeedsLayout()
        window?.viewTreeDidChange()
    }

    /// Removes a segment.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard titles.indices.contains(segment) else { return }
        titles.remove(at: segment)
        labels.remove(at: segment).removeFromSuperview()
        disabled = Set(disabled.compactMap { $0 == segment ? nil : ($0 > segment ? $0 - 1 : $0) })
        if selectedSegmentIndex == segment { selectedSegmentIndex = SegmentedControl.noSegment }
        else if selectedSegmentIndex > segment { selectedSegmentIndex -= 1 }
        setNeedsLayout()
        window?.viewTreeDidChange()
    }

    /// Removes every segment.
    open func removeAllSegments() {
        while !titles.isEmpty { removeSegment(at: titles.count - 1, animated: false) }
    }

    /// Changes a segment's title.
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard titles.indices.contains(segment) else { return }
        titles[segment] = title ?? ""
        updateLabels()
        window?.viewTreeDidChange()
    }

    /// A segment's title.
    open func titleForSegment(at segment: Int) -> String? { titles.indices.contains(segment) ? titles[segment] : nil }

    /// Enables or disables one segment.
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard titles.indices.contains(segment) else { return }
        if enabled { disabled.remove(segment) } else { disabled.insert(segment) }
        updateLabels()
        setNeedsDisplay()
    }

    /// Whether a segment is enabled.
    open func isEnabledForSegment(at segment: Int) -> Bool { titles.indices.contains(segment) && !disabled.contains(segment) }

    /// Each segment's frame in bounds coordinates (equal widths, the first at the leading end).
    public func segmentFrame(at segment: Int) -> Rect {
        guard !titles.isEmpty else { return .zero }
        let w = bounds.width / Double(titles.count)
        return flippedForLayoutDirection(Rect(x: w * Double(segment), y: 0, width: w, height: bounds.height))
    }

    /// The segment under a point in bounds coordinates.
    public func segmentIndex(at point: Point) -> Int? {
        (0..<titles.count).first { segmentFrame(at: $0).contains(point) }
    }

    private func select(byUser index: Int) {
        guard index != selectedSegmentIndex, isEnabledForSegment(at: index) else { return }
        selectedSegmentIndex = index
        sendActions(for: .valueChanged)
    }

    private func updateLabels() {
        for (i, label) in labels.enumerated() {
            label.text = titles[i]
            let on = isEnabled && !disabled.contains(i)
            label.textColor = on ? .label : .tertiaryLabel
        }
    }

    open override func stateDidChange() {
        updateLabels()
        super.stateDidChange()
    }

    open override func layoutSubviews() {
        for (i, label) in labels.enumerated() { label.frame = segmentFrame(at: i).insetBy(dx: 6, dy: 2) }
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let widest = labels.map { $0.sizeThatFits(Size(width: .infinity, height: .infinity)).width }.max() ?? 0
        return Size(width: ((widest + 28) * Double(max(1, titles.count))).rounded(.up), height: 28)
    }

    open override func pointerDown(_ event: PointerEvent) -> Bool {
        guard super.pointerDown(event) else { return false }
        press.begin(at: segmentIndex(at: convert(event.location, from: nil)))
        setNeedsDisplay()
        return true
    }

    open override func pointerUp(_ event: PointerEvent) {
        let chosen = press.end(at: segmentIndex(at: convert(event.location, from: nil)))
        super.pointerUp(event)
        if let chosen { select(byUser: chosen) }
        setNeedsDisplay()
    }

    open override func pointerCancelled() {
        press.cancel()
        super.pointerCancelled()
    }

    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard isEnabled, event.modifiers.isDisjoint(with: [.control, .alt]) else { return super.keyDown(event) }
        let nav = ChoiceNavigation(count: titles.count, isRightToLeft: laysOutRightToLeft) { [disabled] in !disabled.contains($0) }
        guard let next = nav.index(after: event.key, from: selectedSegmentIndex) else { return super.keyDown(event) }
        select(byUser: next)
        return true
    }

    open override func draw(in context: GraphicsContext) {
        let body = Rect(origin: .zero, size: bounds.size)
        context.fillRoundedRect(body, radius: cornerRadius, color: .secondarySystemFill)
        let rtl = laysOutRightToLeft
        for i in 1..<max(1, titles.count) where i != selectedSegmentIndex && i - 1 != selectedSegmentIndex {
            let x = rtl ? segmentFrame(at: i).maxX : segmentFrame(at: i).minX
            context.fill(Rect(x: x - 0.5, y: 6, width: 1, height: max(0, bounds.height - 12)), color: .separator)
        }
        if let pressed = press.index, isHighlighted, pressed != selectedSegmentIndex {
            context.fillRoundedRect(segmentFrame(at: pressed).insetBy(dx: 2, dy: 2), radius: cornerRadius - 2, color: .systemFill)
        }
        if titles.indices.contains(selectedSegmentIndex) {
            let knob = segmentFrame(at: selectedSegmentIndex).insetBy(dx: 2, dy: 2)
            context.fillRoundedRect(knob.offsetBy(dx: 0, dy: 0.5), radius: cornerRadius - 2, color: Color.black.withAlpha(0.12))
            context.fillRoundedRect(knob, radius: cornerRadius - 2, color: .controlKnob)
        }
    }

    // MARK: Accessibility

    open override var accessibilityRole: AccessibilityNode.Role { .pageTabList }

    public var accessibilityElements: [AccessibilityElement] {
        titles.indices.map { AccessibilityElement(role: .pageTab, name: titles[$0], frame: segmentFrame(at: $0), actionName: "click") }
    }

    public func performAccessibilityAction(ofElementAt index: Int) -> Bool {
        guard isEnabled, isEnabledForSegment(at: index) else { return false }
        select(byUser: index)
        return true
    }

    open override var traceType: String { "SegmentedControl" }

    override package func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("selectedSegmentIndex", .int(selectedSegmentIndex)),
                               ("segments", .array(titles.map { .string($0) })), ("enabled", .bool(isEnabled))]
    }
}
