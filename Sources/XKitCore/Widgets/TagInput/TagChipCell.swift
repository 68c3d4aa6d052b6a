/// A reusable cell showing one tag's chip; the tag input configures it for each item it shows.
@MainActor
final class TagChipCell: CollectionViewCell {
    static let reuseIdentifier = "TagInputView.chip"

    /// The chip, filling the cell.
    let chip = TagChip()
    /// The tag input whose closures the chip calls (set once, when the cell is first handed out).
    weak var owner: TagInputView?

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        // The chip is the list item assistive technologies see, not the cell around it.
        isAccessibilityElement = false
        selectedBackgroundColor = nil
        contentView.addSubview(chip)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        if chip.frame != contentView.bounds { chip.frame = contentView.bounds }
    }

    /// A chip that scrolls out of the list while focused would take the keys with it: the field gets them.
    override var isHidden: Bool {
        didSet { if isHidden && !oldValue && chip.isFirstResponder { owner?.focusField() } }
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        chip.prepareForReuse()
    }

    override var traceType: String { "TagChipCell" }
}

/// The cell holding the tag input's text field, the last item of the flow.
@MainActor
final class TagFieldCell: CollectionViewCell {
    static let reuseIdentifier = "TagInputView.field"

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        isAccessibilityElement = false
        selectedBackgroundColor = nil
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        for sub in contentView.subviews where sub.frame != contentView.bounds { sub.frame = contentView.bounds }
    }

    override var traceType: String { "TagFieldCell" }
}
