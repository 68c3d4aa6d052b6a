/// The bar across the top of a navigation controller, like UINavigationBar: a back button titled
/// with the previous controller's title, the top controller's title, and its right bar button items.
///
/// In a right-to-left interface the bar is mirrored: the back button is on the right, its chevron
/// points right, and the "right" bar button items are on the left (UIKit's leading and trailing).
@MainActor
public final class NavigationBar: View {
    /// The bar's height in points.
    public static let height = 44.0

    /// The top controller's title.
    public let titleLabel = Label()
    /// Goes back one controller; hidden on the root.
    public let backButton = Button()
    /// One button per right bar button item, first one outermost.
    public private(set) var rightButtons: [Button] = []
    /// What a press on the back button does (the navigation controller pops).
    var onBack: (() -> Void)?
    private var rightItems: [BarButtonItem] = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground
        accessibilityIdentifier = "navigation.bar"
        titleLabel.font = .system(size: 15, weight: .semibold)
        titleLabel.textAlignment = .center
        titleLabel.accessibilityIdentifier = "navigation.title"
        addSubview(titleLabel)
        NavigationBar.style(backButton)
        backButton.accessibilityIdentifier = "navigation.back"
        backButton.isHidden = true
        backButton.addAction { [unowned self] _ in onBack?() }
        addSubview(backButton)
    }

    /// Shows `top`'s title and items, with a back button to `back` (nil on the root).
    func show(top: ViewController?, back: ViewController?) {
        titleLabel.text = top.map { $0.navigationItem.title ?? $0.title ?? "" }
        if let back, top?.navigationItem.hidesBackButton != true {
            backButton.title = "‹ " + (back.navigationItem.backButtonTitle ?? back.navigationItem.title ?? back.title ?? "Back")
            backButton.isHidden = false
        } else {
            backButton.isHidden = true
        }
        let items = top?.navigationItem.rightBarButtonItems ?? []
        if !items.elementsEqual(rightItems, by: ===) {
            rightButtons.forEach { $0.removeFromSuperview() }
            rightItems = items
            rightButtons = items.map { item in
                let button = Button()
                NavigationBar.style(button)
                button.addAction { [weak item] _ in if let item, item.isEnabled { item.primaryAction?(item) } }
                addSubview(button)
                return button
            }
        }
        for (item, button) in zip(rightItems, rightButtons) {
            button.title = item.title ?? ""
            button.titleLabel.font = .system(size: 13, weight: item.style == .done ? .bold : .medium)
            button.isEnabled = item.isEnabled
            button.accessibilityIdentifier = item.accessibilityIdentifier ?? "navigation.item." + (item.title ?? "")
        }
        setNeedsLayout()
        setNeedsDisplay()
        window?.viewTreeDidChange()
    }

    private static func style(_ button: Button) {
        button.titleLabel.font = .system(size: 13, weight: .medium)
        button.setBackgroundColor(.clear, for: .normal)
        button.setBackgroundColor(.systemFill, for: .highlighted)
        button.setBackgroundColor(.clear, for: .disabled)
        button.setTitleColor(.tint, for: .normal)
        button.setTitleColor(.tertiaryLabel, for: .disabled)
        button.contentInsets = EdgeInsets(vertical: 5, horizontal: 8)
    }

    public override func layoutSubviews() {
        let h = bounds.height
        // A right-to-left paragraph mirrors the chevron (U+2039 is Bidi_Mirrored) and puts it first, on the right.
        backButton.titleLabel.baseWritingDirection = laysOutRightToLeft ? .rightToLeft : nil
        var leading = 8.0
        if !backButton.isHidden {
            let size = backButton.sizeThatFits(Size(width: bounds.width / 3, height: h))
            let width = min(size.width, bounds.width / 3)
            backButton.frame = Rect(x: leading, y: ((h - size.height) / 2).rounded(), width: width, height: size.height)
            leading += width + 8
        }
        var trailing = bounds.width - 8
        for button in rightButtons {
            let size = button.sizeThatFits(Size(width: bounds.width / 3, height: h))
            let width = min(size.width, bounds.width / 3)
            trailing -= width
            button.frame = Rect(x: trailing, y: ((h - size.height) / 2).rounded(), width: width, height: size.height)
            trailing -= 4
        }
        // Centred on the bar, narrowed symmetrically so the buttons never overlap it.
        let inset = max(leading, bounds.width - trailing) + 4
        let titleHeight = titleLabel.sizeThatFits(Size(width: .infinity, height: h)).height.rounded(.up)
        titleLabel.frame = Rect(x: inset, y: ((h - titleHeight) / 2).rounded(), width: max(0, bounds.width - 2 * inset),
                                height: titleHeight)
        for button in [backButton] + rightButtons { button.frame = flippedForLayoutDirection(button.frame) }
    }

    public override func draw(in context: GraphicsContext) {
        super.draw(in: context)
        context.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), color: .separator)
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width.isFinite ? size.width : 320, height: NavigationBar.height)
    }

    public override var accessibilityRole: AccessibilityNode.Role { .panel }
    public override var traceType: String { "NavigationBar" }

    package override func traceFields() -> [(String, JSON)] {
        var fields = super.traceFields()
        fields.append(("text", titleLabel.text.map { .string($0) } ?? .null))
        fields.append(("back", backButton.isHidden ? .null : .string(backButton.title ?? "")))
        return fields
    }
}
