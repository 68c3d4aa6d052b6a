/// A push button with a title, per-state colours, a focus ring and closure actions.
@MainActor
open class Button: Control {
    /// The label drawing the title; it belongs to the button, so it never takes clicks or copies.
    public let titleLabel = Label()
    /// Padding between the edge and the title.
    open var contentInsets = EdgeInsets(vertical: 6, horizontal: 14) { didSet { setNeedsLayout() } }

    private var titles: [ControlState: String] = [:]
    private var titleColors: [ControlState: Color] = [.normal: .white, .disabled: Color.white.withAlpha(0.7)]
    private var backgrounds: [ControlState: Color] = [
        .normal: .accent,
        .highlighted: Color.accent.blended(with: .black, fraction: 0.25),
        .disabled: Color.systemGray.withAlpha(0.45),
    ]

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = 6
        titleLabel.textAlignment = .center
        titleLabel.font = Font.system(size: 13, weight: .medium)
        addOwnedSubview(titleLabel)
        updateAppearance()
    }

    /// A button with a title and one primary-action handler.
    ///
    ///     let button = Button(title: "Count") { button in button.title = "Clicked" }
    public convenience init(title: String, action: ((Button) -> Void)? = nil) {
        self.init()
        setTitle(title)
        if let action { addAction { action($0) } }
        sizeToFit()
    }

    /// The title shown in the normal state.
    public var title: String? {
        get { titles[.normal] }
        set { setTitle(newValue) }
    }

    /// Sets the title for a state; other states fall back to the normal one.
    public func setTitle(_ title: String?, for state: ControlState = .normal) {
        titles[state] = title
        updateAppearance()
    }

    /// Sets the title colour for a state.
    public func setTitleColor(_ color: Color?, for state: ControlState = .normal) {
        titleColors[state] = color
        updateAppearance()
    }

    /// Sets the background colour for a state (`.highlighted` is the pressed variant).
    public func setBackgroundColor(_ color: Color?, for state: ControlState = .normal) {
        backgrounds[state] = color
        updateAppearance()
    }

    open override func stateDidChange() {
        updateAppearance()
        super.stateDidChange()
    }

    private func lookup<T>(_ table: [ControlState: T]) -> T? {
        let s = state
        if s.contains(.disabled), let v = table[.disabled] { return v }
        if s.contains(.highlighted), let v = table[.highlighted] { return v }
        if s.contains(.selected), let v = table[.selected] { return v }
        return table[.normal]
    }

    private func updateAppearance() {
        titleLabel.text = lookup(titles)
        titleLabel.textColor = lookup(titleColors) ?? .white
        backgroundColor = lookup(backgrounds)
    }

    open override func layoutSubviews() {
        titleLabel.frame = bounds.inset(by: contentInsets)
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let text = titleLabel.sizeThatFits(Size(width: .infinity, height: .infinity))
        return Size(width: (text.width + contentInsets.horizontal).rounded(.up),
                    height: (text.height + contentInsets.vertical).rounded(.up))
    }

    open override var accessibilityRole: AccessibilityNode.Role { .pushButton }
    open override var accessibilityName: String? { titleLabel.text }

    open override var traceType: String { "Button" }

    package override func traceFields() -> [(String, JSON)] {
        var fields = super.traceFields()
        fields.append(("text", titleLabel.text.map { JSON.string($0) } ?? .null))
        fields.append(("enabled", .bool(isEnabled)))
        return fields
    }
}
