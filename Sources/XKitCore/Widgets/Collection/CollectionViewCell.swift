/// A view a collection view places from its layout and reuses as it scrolls: a cell or a header.
@MainActor
open class CollectionReusableView: View {
    /// The identifier it was registered and dequeued under.
    public internal(set) var reuseIdentifier: String?
    /// The collection view that made it (nil for a view made by hand).
    public internal(set) weak var collectionView: CollectionView?
    /// The item (for a header, item 0 of its section) it shows now; nil while in the reuse pool.
    public internal(set) var indexPath: IndexPath?

    /// Made by the collection view when its pool for the identifier is empty.
    public required override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// Called before the view is handed out again for another item: reset what the last one set.
    open func prepareForReuse() {}

    /// Called with the layout's attributes before the view shows (its frame is already set).
    open func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {}
}

/// One item's view in a collection view, like UICollectionViewCell: put content in `contentView`.
///
///     final class ContactCell: CollectionViewCell {
///         let name = Label()
///         required init(frame: Rect) { super.init(frame: frame); contentView.addSubview(name) }
///         override func prepareForReuse() { name.text = nil }
///     }
///
/// Selected cells fill `selectedBackgroundColor`; the item with the keyboard cursor shows a focus
/// ring while the collection view has focus. Right-click and long press open its menu (its
/// `menuItems` plus Copy of the item's text) with the cell as target.
@MainActor
open class CollectionViewCell: CollectionReusableView {
    /// Where the cell's content goes; it fills the cell.
    public let contentView = View()

    /// Whether the item is selected (the collection view sets it).
    open var isSelected = false {
        didSet { if isSelected != oldValue { setNeedsDisplay(); window?.viewTreeDidChange() } }
    }
    /// Whether the pointer is pressed on it.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }
    /// Whether it holds the keyboard cursor of a focused collection view.
    public internal(set) var showsKeyboardFocus = false { didSet { if showsKeyboardFocus != oldValue { setNeedsDisplay() } } }
    /// The fill behind a selected cell's content.
    public var selectedBackgroundColor: Color? = Color(hex: 0x0A64D8, alpha: 0.18) { didSet { setNeedsDisplay() } }
    /// Whether the layout asked for a separator line under it.
    public internal(set) var showsSeparator = false { didSet { if showsSeparator != oldValue { setNeedsDisplay() } } }
    /// The separator's colour.
    public var separatorColor = Color.separator
    /// How far in from the leading edge the separator starts.
    public var separatorInset = 16.0

    public required init(frame: Rect = .zero) {
        super.init(frame: frame)
        contentView.isAccessibilityElement = false
        addSubview(contentView)
    }

    open override func layoutSubviews() {
        contentView.frame = Rect(origin: .zero, size: bounds.size)
    }

    /// The height the cell needs at `width` when the layout sizes cells themselves; by default the
    /// tallest of `contentView`'s subviews' fitting heights below their tops, else the current height.
    open func preferredLayoutHeight(forWidth width: Double) -> Double {
        var height = 0.0
        for sub in contentView.subviews where !sub.isHidden {
            let fit = sub.sizeThatFits(Size(width: max(0, width - sub.frame.minX), height: .infinity))
            height = max(height, sub.frame.minY + fit.height)
        }
        return height > 0 ? height.rounded(.up) : frame.height
    }

    open override func draw(in context: GraphicsContext) {
        if isSelected, let fill = selectedBackgroundColor {
            context.fill(bounds, color: fill)
        } else if isHighlighted {
            context.fill(bounds, color: Color(hex: 0x000000, alpha: 0.06))
        }
    }

    open override func drawOverlay(in context: GraphicsContext) {
        if showsSeparator {
            context.fill(Rect(x: bounds.minX + separatorInset, y: bounds.maxY - 1, width: max(0, bounds.width - separatorInset), height: 1),
                         color: separatorColor)
        }
        if showsKeyboardFocus {
            // Inside the bounds: neighbouring cells would paint over a ring outside them.
            context.strokeRoundedRect(bounds.insetBy(dx: 1.5, dy: 1.5), radius: 3, color: focusRingColor, lineWidth: 2)
        }
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        isHighlighted = false
    }

    // MARK: Copy and the menu

    open override func canPerformAction(_ action: Action, sender: Any?) -> Bool {
        if action == .copy, let collectionView, let indexPath, collectionView.copyText(forItemAt: indexPath) != nil { return true }
        return super.canPerformAction(action, sender: sender)
    }

    open override func perform(_ action: Action, sender: Any?, event: InputEvent?) -> Bool {
        if action == .copy, let collectionView, let indexPath {
            return collectionView.copyItems(at: [indexPath], event: event)
        }
        return super.perform(action, sender: sender, event: event)
    }

    // MARK: Accessibility and trace

    open override var accessibilityRole: AccessibilityNode.Role { .listItem }

    /// The item's text from the collection view's delegate, else nil (the content's labels speak).
    open override var accessibilityName: String? {
        guard let collectionView, let indexPath else { return nil }
        return collectionView.text(forItemAt: indexPath)
    }

    open override var traceType: String { "CollectionViewCell" }

    override package func traceFields() -> [(String, JSON)] {
        var fields = super.traceFields()
        if let indexPath { fields.append(("indexPath", .array([.int(indexPath.section), .int(indexPath.item)]))) }
        if isSelected { fields.append(("selected", .bool(true))) }
        return fields
    }
}
