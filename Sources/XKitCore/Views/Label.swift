/// A view that shows read-only text, like UILabel.
///
/// The text block is laid out within the bounds' width, aligned per line and centred vertically.
/// `textLayout` and `textOrigin` expose the exact layout that draws, so hit tests match the pixels.
@MainActor
open class Label: View {
    private var plainText: String?
    private var styledText: AttributedText?
    private var cachedLayout: TextLayout?
    private var cachedKey: LayoutKey?
    /// Tappable ranges, detectors and selection; nil until one of them is used.
    var interaction: LabelInteraction?
    /// The copy menu's recognizers and options; nil until `isCopyable` or one of its options is set.
    var copyable: CopyableState?
    private var requestedInteraction = false
    private var requestedFocusable = false

    /// What a cached layout was built for, besides the text itself (content changes drop the cache).
    private struct LayoutKey: Equatable {
        var width: Double
        var height: Double
        var measurer: ObjectIdentifier
    }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Whether the label takes pointer events: what the app set, or on while a feature that needs
    /// them is (copyable, selectable, tappable ranges, links, detectors). Labels start with it off, as in UIKit.
    open override var isUserInteractionEnabled: Bool {
        get { requestedInteraction || needsPointer }
        set { requestedInteraction = newValue }
    }

    /// Whether the label can take keyboard focus: what the app set, or on while a feature that
    /// needs the pointer is (each has keys too: Ctrl+C, the Menu key, Tab between ranges).
    open override var isFocusable: Bool {
        get { requestedFocusable || needsPointer }
        set { requestedFocusable = newValue }
    }

    /// Whether a feature that is on needs clicks and keys; derived each time, so turning features
    /// on and off in any order leaves exactly what is still on.
    var needsPointer: Bool { (copyable?.isInstalled ?? false) || (interaction?.wantsInput ?? false) }

    /// A label showing a string.
    ///
    ///     let price = Label(text: "Giá vé: 250.000 ₫", font: .system(size: 16, weight: .semibold))
    public convenience init(text: String?, font: Font = .system, textColor: Color = .label) {
        self.init()
        self.font = font
        self.textColor = textColor
        self.text = text
    }

    /// The plain text; setting it replaces any attributed text.
    open var text: String? {
        get { plainText }
        set {
            guard newValue != plainText || styledText != nil else { return }
            plainText = newValue
            styledText = nil
            contentDidChange()
        }
    }

    /// The styled text; when nil, `text` is shown in `font` and `textColor`.
    ///
    ///     label.attributedText = AttributedText("bold ", font: .bold(size: 14)) + AttributedText("plain", font: .system)
    ///
    /// Setting it also sets `text` to its string. Setting `font` or `textColor` afterwards applies
    /// to the whole attributed text, as in UIKit.
    open var attributedText: AttributedText? {
        get { styledText ?? plainText.map { AttributedText($0, font: font, color: textColor) } }
        set {
            guard newValue != styledText || newValue == nil && plainText != nil else { return }
            styledText = newValue
            plainText = newValue?.string
            contentDidChange()
        }
    }

    /// The font of plain text; setting it restyles attributed text too.
    open var font: Font = .system {
        didSet {
            guard font != oldValue else { return }
            if var styled = styledText, !styled.isEmpty {
                let font = font
                styled.modifyAttributes(in: styled.string.startIndex..<styled.string.endIndex) { $0.font = font }
                styledText = styled
            }
            contentDidChange()
        }
    }

    /// The colour of plain text; setting it recolours attributed text too.
    open var textColor: Color = .label {
        didSet {
            guard textColor != oldValue else { return }
            if var styled = styledText, !styled.isEmpty {
                let color = textColor
                styled.modifyAttributes(in: styled.string.startIndex..<styled.string.endIndex) { $0.color = color }
                styledText = styled
            }
            cachedLayout = nil
            setNeedsDisplay()
        }
    }

    /// How each line sits horizontally in the bounds.
    ///
    /// `.natural` (the default) puts each paragraph at its own start, the right for Arabic or Hebrew;
    /// in a right-to-left interface it is the right for every paragraph, as UILabel's is, unless
    /// `baseWritingDirection` is set.
    open var textAlignment: TextAlignment = .natural {
        didSet {
            guard textAlignment != oldValue else { return }
            cachedLayout = nil
            setNeedsDisplay()
        }
    }

    /// The paragraphs' base writing direction; nil (natural) takes each paragraph's from its first
    /// strong character (UAX #9), so Arabic or Hebrew text runs right to left by itself.
    ///
    /// An explicit direction overrides that: a Hebrew sentence forced `.leftToRight` is laid out as an
    /// LTR paragraph (on the left with `.natural` alignment), and a Latin one forced `.rightToLeft`
    /// sits on the right with its neutrals (spaces, punctuation) resolved right to left.
    ///
    ///     let phone = Label(text: "+972 3 555 1234")
    ///     phone.baseWritingDirection = .leftToRight // a number inside right-to-left UI stays LTR
    open var baseWritingDirection: TextDirection? {
        didSet {
            guard baseWritingDirection != oldValue else { return }
            contentDidChange()
        }
    }

    /// The most lines shown; 0 for no limit. Text that doesn't fit ends with "…".
    open var numberOfLines: Int = 1 {
        didSet {
            guard numberOfLines != oldValue else { return }
            contentDidChange()
        }
    }

    /// The measurer matching the renderer that will draw this label.
    public var measurer: TextMeasurer { textMeasurer }

    // MARK: Layout

    /// The layout the label draws with, for its current bounds; cached until the text, font or size change.
    public var textLayout: TextLayout {
        let key = LayoutKey(width: bounds.width, height: bounds.height, measurer: ObjectIdentifier(measurer))
        if let cachedLayout, cachedKey == key { return cachedLayout }
        let layout = makeLayout(forBounds: bounds, limitedToNumberOfLines: numberOfLines)
        cachedLayout = layout
        cachedKey = key
        return layout
    }

    /// Where `textLayout`'s top-left sits in bounds coordinates (vertically centred).
    public var textOrigin: Point { origin(of: textLayout, inBounds: bounds) }

    /// The rect the text occupies within `bounds` after alignment and vertical centring.
    ///
    /// With no text it is an empty rect at the aligned, vertically centred point.
    open func textRect(forBounds bounds: Rect, limitedToNumberOfLines lines: Int) -> Rect {
        let layout = bounds.size == self.bounds.size && lines == numberOfLines
            ? textLayout : makeLayout(forBounds: bounds, limitedToNumberOfLines: lines)
        let origin = origin(of: layout, inBounds: bounds)
        guard let first = layout.lines.first else {
            let x: Double
            switch resolvedAlignment {
            case .natural where baseWritingDirection == .rightToLeft: x = bounds.maxX
            case .left, .natural: x = bounds.minX
            case .center: x = bounds.midX
            case .right: x = bounds.maxX
            }
            return Rect(x: x, y: origin.y, width: 0, height: 0)
        }
        let used = layout.lines.dropFirst().reduce(first.rect) { $0.union($1.rect) }
        return used.offsetBy(dx: origin.x, dy: origin.y)
    }

    /// The size of the text laid out within `size.width` (a width ≤ 0 means unconstrained), in whole points.
    open override func sizeThatFits(_ size: Size) -> Size {
        guard let text = attributedText, !text.isEmpty else { return .zero }
        let width = size.width > 0 ? size.width : .infinity
        let layout = TextLayout(text, maxWidth: width, alignment: textAlignment,
                                numberOfLines: numberOfLines, direction: baseWritingDirection, measurer: measurer)
        return Size(width: layout.size.width.rounded(.up), height: layout.size.height.rounded(.up))
    }

    // MARK: Drawing

    open override func draw(in context: GraphicsContext) {
        let layout = textLayout
        guard !layout.lines.isEmpty else { return }
        let origin = origin(of: layout, inBounds: bounds)
        interaction?.drawUnderText(in: context, layout: layout, origin: origin)
        layout.draw(in: context, at: origin)
    }

    // MARK: Interaction hooks (see Label+TappableRanges and Label+Selection)

    /// The label's text block, where its copy menu and a keyboard-opened context menu point.
    open override var menuTargetRect: Rect { textRect(forBounds: bounds, limitedToNumberOfLines: numberOfLines) }

    open override func point(inside point: Point) -> Bool {
        guard super.point(inside: point) else { return false }
        return interaction?.claims(point) ?? true
    }

    /// Labels with ranges or a selection are Tab stops (so Menu, Shift+F10 and Ctrl+C are reachable
    /// from the keyboard); plain labels never take focus at all.
    open override var acceptsTabFocus: Bool { super.acceptsTabFocus }

    open override func canPerformAction(_ action: Action, sender: Any?) -> Bool {
        canPerformEditAction(action) ?? super.canPerformAction(action, sender: sender)
    }

    open override func perform(_ action: Action, sender: Any?, event: InputEvent?) -> Bool {
        performEditAction(action, event: event) || super.perform(action, sender: sender, event: event)
    }

    open override var defaultCursor: Cursor? { isSelectable ? .iBeam : nil }

    /// A pointing hand over a tappable range (a link, a detected tag), else `defaultCursor`.
    open override func defaultCursor(at point: Point) -> Cursor? {
        if interaction != nil, tappableRange(at: point) != nil { return .pointingHand }
        return defaultCursor
    }

    override func applicationDefaultsDidChange() { applyCopyableDefault() }

    open override func focusDidChange() {
        super.focusDidChange()
        rangeFocusDidChange()
    }

    /// Something that changes how the text draws but not its geometry (detector colours) changed.
    func layoutStyleDidChange() {
        cachedLayout = nil
        setNeedsDisplay()
    }

    open override func textMetricsDidChange() {
        cachedLayout = nil
        super.textMetricsDidChange()
    }

    // MARK: Trace

    open override var accessibilityRole: AccessibilityNode.Role { .label }
    open override var accessibilityName: String? { text }

    open override var traceType: String { "Label" }

    package override func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("text", .string(text ?? ""))] + (interaction?.traceFields() ?? [])
            + (isCopyable ? [("copyable", .bool(true))] : [])
            + (baseWritingDirection.map { [("direction", .string($0.traceName))] } ?? [])
    }

    // MARK: Private

    /// `textAlignment` as laid out: `.natural` is the right in a right-to-left interface, unless
    /// the label sets its own base direction.
    private var resolvedAlignment: TextAlignment {
        textAlignment == .natural && baseWritingDirection == nil && laysOutRightToLeft ? .right : textAlignment
    }

    override func layoutDirectionDidChange() {
        guard textAlignment == .natural else { return }
        cachedLayout = nil
    }

    /// Lays the text out within a bounds' width; like UILabel, lines that don't fit the height are
    /// dropped and the last one shown is truncated.
    private func makeLayout(forBounds bounds: Rect, limitedToNumberOfLines lines: Int) -> TextLayout {
        let plain = attributedText ?? AttributedText()
        let text = interaction?.displayText(plain) ?? plain
        let measurer = measurer
        let direction = baseWritingDirection
        let alignment = resolvedAlignment
        let layout = TextLayout(text, maxWidth: max(0, bounds.width), alignment: alignment,
                                numberOfLines: lines, direction: direction, measurer: measurer)
        guard layout.lineCount > 1, layout.size.height > bounds.height else { return layout }
        let fitting = max(1, layout.lines.prefix { $0.rect.maxY <= bounds.height }.count)
        return TextLayout(text, maxWidth: max(0, bounds.width), alignment: alignment,
                          numberOfLines: fitting, direction: direction, measurer: measurer)
    }

    /// The layout's origin centred vertically in the bounds, snapped down to device pixels.
    private func origin(of layout: TextLayout, inBounds bounds: Rect) -> Point {
        let scale = window?.scale ?? 1
        let y = bounds.minY + (bounds.height - layout.size.height) / 2
        return Point(x: bounds.minX, y: (y * scale).rounded(.down) / scale)
    }

    private func contentDidChange() {
        cachedLayout = nil
        interaction?.contentDidChange()
        setNeedsDisplay()
        setNeedsLayout()
        superview?.setNeedsLayout()
        // The `views` trace carries the text, so a new text is a change worth reporting.
        window?.viewTreeDidChange()
    }
}
