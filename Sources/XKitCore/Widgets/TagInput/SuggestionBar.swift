/// One row of suggested tags under a tag input; a click (or Enter on the highlighted one) picks one.
@MainActor
open class SuggestionBar: View {
    /// The suggestions shown, in order; only those that fit on one row get a button.
    public private(set) var items: [String] = []
    /// The suggestion picked by Enter, moved with Up and Down; nil when none is highlighted.
    public var highlightedIndex: Int? {
        didSet {
            if let i = highlightedIndex, !(0..<visibleCount).contains(i) { highlightedIndex = nil }
            if highlightedIndex != oldValue { updateHighlight() }
        }
    }
    /// Called with the picked suggestion.
    public var onPick: ((String) -> Void)?
    /// Space between suggestions.
    public var spacing = 6.0

    private var buttons: [SuggestionButton] = []
    private var visibleCount = 0
    private let rowHeight = 24.0

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// Replaces the suggestions, keeping the highlight on the same title when it is still there.
    public func setItems(_ newItems: [String]) {
        guard newItems != items else { return }
        let highlighted = highlightedIndex.flatMap { $0 < items.count ? items[$0] : nil }
        items = newItems
        while buttons.count < newItems.count && buttons.count < 32 {
            let button = SuggestionButton()
            button.addAction(owner: self) { owner, sender in owner.onPick?(sender.title ?? "") }
            buttons.append(button)
            addSubview(button)
        }
        highlightedIndex = highlighted.flatMap { newItems.firstIndex(of: $0) }
        setNeedsLayout()
        superview?.setNeedsLayout()
    }

    /// The suggestions that fit the current width (the ones the keyboard can reach).
    public var visibleItems: ArraySlice<String> { items.prefix(visibleCount) }

    open override func layoutSubviews() {
        var x = 0.0
        var full = false
        visibleCount = 0
        for (i, button) in buttons.enumerated() {
            guard i < items.count, !full else { button.isHidden = true; continue }
            button.title = items[i]
            let size = button.sizeThatFits(Size(width: .infinity, height: rowHeight))
            // Stop at the first that doesn't fit, so Up/Down walk the buttons in the order shown.
            if x > 0 && x + size.width > bounds.width { full = true; button.isHidden = true; continue }
            button.isHidden = false
            button.frame = Rect(x: x, y: 0, width: min(size.width, bounds.width), height: rowHeight)
            x += size.width + spacing
            visibleCount = i + 1
        }
        if let h = highlightedIndex, h >= visibleCount { highlightedIndex = nil }
        updateHighlight()
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: items.isEmpty ? 0 : rowHeight)
    }

    private func updateHighlight() {
        for (i, button) in buttons.enumerated() { button.isSelected = i == highlightedIndex }
    }

    open override var traceType: String { "SuggestionBar" }
}

/// A suggestion: an outlined pill with a "+", reachable by pointer and by the field's Up/Down.
@MainActor
final class SuggestionButton: Button {
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        contentInsets = EdgeInsets(vertical: 3, horizontal: 10)
        titleLabel.font = .system(size: 12)
        setTitleColor(.accent)
        setTitleColor(.white, for: .selected)
        setBackgroundColor(Color(light: 0xF2F6FC, dark: 0x26303D))
        setBackgroundColor(Color(light: 0xDCE7F7, dark: 0x33425A), for: .highlighted)
        setBackgroundColor(.accent, for: .selected)
        borderColor = Color.accent.withAlpha(0.4)
        borderWidth = 1
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        cornerRadius = bounds.height / 2
    }

    /// The field keeps focus while suggestions are clicked, and Tab skips them.
    override var canBecomeFirstResponder: Bool { false }
    override var traceType: String { "TagSuggestion" }
}
