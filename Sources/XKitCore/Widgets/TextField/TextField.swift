/// A single-line editable text field with a caret, selection, clipboard and a placeholder.
///
/// Typed text arrives as `KeyEvent.text` (Unicode from the input method, Compose and dead keys
/// included). Long text scrolls horizontally to keep the caret in view. Ctrl+A/C/X/V go through
/// the platform's pasteboard (CLIPBOARD); selecting text sets PRIMARY and a middle click pastes it.
///
/// Arabic and Hebrew, alone or mixed with Latin, are laid out by UAX #9: a right-to-left paragraph
/// sits at the right (`baseWritingDirection` overrides its direction). Left and Right move the caret
/// logically, one character back or on in the text, and the caret stands at the leading edge of the
/// character it precedes (`TextLayout.caretX(beforeCharacter:)`), so at a direction boundary it is
/// drawn with the run that follows. A selection across a direction change highlights one rect per
/// visual run; copying gives the text in logical order.
@MainActor
open class TextField: Control {
    /// The text, caret and selection.
    public internal(set) var editing = TextEditingState()

    /// The text; setting it moves the caret to the end and does not call `onChange`.
    open var text: String {
        get { editing.text }
        set {
            guard newValue != editing.text else { return }
            editing.setText(newValue)
            undoHistory.clear()
            textDidChange(notify: false)
        }
    }

    /// The most characters (grapheme clusters) the field holds; nil for no limit.
    ///
    /// Typing, pasting and input-method commits that would go past it are cut to fit, as GTK's
    /// entry does with `max-length`; setting a smaller limit cuts the text.
    open var maximumLength: Int? {
        didSet {
            if let limit = maximumLength, editing.count > max(0, limit) { text = String(text.prefix(max(0, limit))) }
        }
    }

    /// Grey text shown while the field is empty.
    open var placeholder: String? { didSet { setNeedsDisplay(); markTraceChanged() } }
    /// The font of the text and placeholder.
    open var font: Font = .system { didSet { cachedLayout = nil; fontMetricsCache.forget(); setNeedsDisplay() } }
    /// The colour of the text.
    open var textColor: Color = .label { didSet { cachedLayout = nil; setNeedsDisplay() } }
    /// The colour of the placeholder shown while the field is empty.
    open var placeholderColor: Color = .tertiaryLabel { didSet { setNeedsDisplay() } }
    /// Space between the edge and the text.
    open var contentInsets = EdgeInsets(vertical: 4, horizontal: 6) { didSet { setNeedsDisplay() } }
    /// The text's base writing direction; nil (natural) takes it from the first strong character.
    ///
    /// A right-to-left paragraph sits at the right of the field while it fits, as GTK's entry puts
    /// it; a longer one scrolls to keep the caret in view. An explicit direction overrides the text's
    /// own, and `.rightToLeft` also puts the caret of an empty field (and the placeholder) on the right.
    open var baseWritingDirection: TextDirection? {
        didSet {
            guard baseWritingDirection != oldValue else { return }
            cachedLayout = nil
            scrollCaretIntoView()
            setNeedsDisplay()
            markTraceChanged()
        }
    }
    /// Whether the field draws its own white background and border (off inside a tag input).
    open var isBordered = true { didSet { updateChrome() } }

    /// Called after each edit by the user (typing, deleting, cutting, pasting).
    public var onChange: ((TextField) -> Void)?
    /// Called when the user presses Enter.
    public var onCommit: ((TextField) -> Void)?
    /// Called when the field gains or loses keyboard focus.
    public var onFocusChange: ((TextField) -> Void)?
    /// Sees each key before the field does; return true to consume it (a tag input takes Enter and comma).
    public var keyPreview: ((TextField, KeyEvent) -> Bool)?
    /// Sees pasted text before it is inserted; return true when it was handled elsewhere.
    public var pasteHandler: ((TextField, String) -> Bool)?

    /// The input method's composition, shown at the caret (replacing the selection) until it ends.
    public internal(set) var preedit: Preedit?
    /// Called when the composition starts, changes or ends (a tag input makes room for it).
    public var onPreeditChange: ((TextField) -> Void)?

    /// How far the text is scrolled left to keep the caret visible, in points.
    public internal(set) var scrollOffset = 0.0

    var cachedLayout: TextLayout?
    /// Undo and redo steps (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y).
    var undoHistory = TextUndoHistory<TextEditingState>()
    /// The blinking caret's state: hidden in the off half of a blink, and the pending toggle.
    var caretBlinkHidden = false
    var caretBlinkTimer: Cancellable?
    var caretLastActivity = 0.0
    var cachedLayoutMeasurer: ObjectIdentifier?
    var fontMetricsCache = FontMetricsCache()
    /// The placeholder's layout and what it was made from (see `placeholderLayout`).
    var cachedPlaceholder: (text: AttributedText, direction: TextDirection?, measurer: ObjectIdentifier, layout: TextLayout)?
    /// Advances measured for the field's earlier layouts, reused by the next until the font changes.
    var advanceCache: AdvanceCache?
    var clicks = MultiClickCounter()
    var isDragging = false
    var pointerSelection = PointerSelection()

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        updateChrome()
    }

    /// A field with a placeholder.
    public convenience init(placeholder: String?, text: String = "") {
        self.init()
        self.placeholder = placeholder
        self.text = text
    }

    // MARK: Selection

    /// The selected character offsets (empty at the caret when nothing is selected).
    public var selectedRange: Range<Int> { editing.selection }
    /// The caret's character offset.
    public var caretOffset: Int { editing.caret }
    /// The selected text.
    public var selectedText: String { editing.selectedText }

    /// Selects a range of character offsets, the caret at its end.
    public func select(_ range: Range<Int>) {
        editing.anchor = range.lowerBound
        editing.moveCaret(to: range.upperBound, extend: true)
        selectionDidChange()
    }

    /// Moves the caret to a character offset, clearing the selection.
    public func moveCaret(to offset: Int) {
        editing.moveCaret(to: offset)
        selectionDidChange()
    }

    /// Replaces the selection with `string` as if typed, calling `onChange`; beyond `maximumLength`,
    /// only the characters that fit are inserted.
    public func insertText(_ string: String) { insertUserText(string) }

    // MARK: Geometry

    /// The measurer matching the renderer that will draw this field.
    public var measurer: TextMeasurer { textMeasurer }

    /// The single-line layout of what is shown: the text, with the composition in place of the
    /// selection while composing. Cached until the text, composition, font or measurer change.
    public var textLayout: TextLayout {
        let m = measurer
        if let cachedLayout, cachedLayoutMeasurer == ObjectIdentifier(m) { return cachedLayout }
        // Advances kept from the last layout: a key lays out the field again, and a fresh cache
        // would ask the measurer for the font and every character once more.
        var advances = advanceCache.take() ?? AdvanceCache(measurer: m)
        if !advances.belongs(to: m) || advances.isOversized { advances = AdvanceCache(measurer: m) }
        let layout = TextLayout(AttributedText(displayedText, font: font, color: textColor), maxWidth: .infinity,
                                alignment: .left, numberOfLines: 0, direction: baseWritingDirection, measurer: m,
                                cache: &advances)
        advanceCache = advances
        cachedLayout = layout
        cachedLayoutMeasurer = ObjectIdentifier(m)
        return layout
    }

    /// The font's vertical metrics, asked of the measurer once per font and measurer.
    var fontMetrics: FontMetrics { fontMetricsCache.metrics(of: font, from: measurer) }

    /// The rect the text scrolls inside, in bounds coordinates.
    public var textRect: Rect { bounds.inset(by: contentInsets) }

    /// What `draw(in:)` clips the text, selection and caret to: the text rect and a point either
    /// side for a caret at its ends.
    var textClipRect: Rect { textRect.insetBy(dx: -1, dy: 0) }

    /// Marks the text area for redrawing, after an edit, a caret move or a blink.
    ///
    /// Nothing else of the field changes then, and a redraw inside its border spares the server the
    /// border's polygon and the rounded corners (see `View.render`). A subclass that draws outside
    /// the text rect from the text calls `setNeedsDisplay()` in `onChange`.
    func setNeedsTextDisplay() { setNeedsDisplay(textClipRect, inkOverhang: 0) }

    /// The x of the insertion point before character `offset` of the shown text (`textLayout`),
    /// relative to its start.
    public func caretX(forOffset offset: Int) -> Double {
        textLayout.caretX(beforeCharacter: offset)
    }

    /// Where the text's left edge and baseline-free top sit in bounds coordinates, after scrolling
    /// (and, for a right-to-left paragraph shorter than the field, after aligning it to the right).
    public var textOrigin: Point {
        let r = textRect
        let m = fontMetrics
        let scale = window?.scale ?? 1
        let y = r.minY + (r.height - m.lineHeight) / 2
        return Point(x: r.minX + naturalAlignmentShift - scrollOffset, y: (y * scale).rounded(.down) / scale)
    }

    /// The shown paragraph's direction: the text's (see `baseWritingDirection`), or for an empty
    /// field the explicit direction, else the interface's (the caret waits on the right in a
    /// right-to-left interface).
    public var resolvedWritingDirection: TextDirection {
        guard displayedCount == 0 else { return textLayout.baseDirection(ofLine: 0) }
        return baseWritingDirection ?? (laysOutRightToLeft ? .rightToLeft : .leftToRight)
    }

    /// How far a right-to-left paragraph that fits is moved right so that it ends at the text rect's
    /// right edge (less one point for the caret); 0 for left-to-right text or text that scrolls.
    var naturalAlignmentShift: Double {
        guard resolvedWritingDirection == .rightToLeft else { return 0 }
        return max(0, max(0, textRect.width - 1) - textLayout.size.width)
    }

    /// The rects, relative to `textOrigin`, of characters `range` of the shown text: one per visual
    /// run, so a range across a direction change gives several.
    public func displayedTextRects(_ range: Range<Int>) -> [Rect] {
        let layout = textLayout
        let string = layout.attributedText.string
        let n = string.count
        let lo = max(0, min(n, range.lowerBound)), hi = max(lo, min(n, range.upperBound))
        let start = string.index(string.startIndex, offsetBy: lo)
        return layout.rects(for: start..<string.index(start, offsetBy: hi - lo))
    }

    /// The caret's rect in bounds coordinates.
    public var caretRect: Rect { caretRect(textOrigin: textOrigin) }

    /// The caret's rect for a text origin the caller has already worked out (drawing has).
    func caretRect(textOrigin origin: Point) -> Rect {
        let height = fontMetrics.lineHeight
        return Rect(x: (origin.x + caretX(forOffset: displayedCaret)).rounded(.down), y: origin.y, width: 1, height: height)
    }

    /// The character offset nearest a point in bounds coordinates.
    public func characterOffset(at point: Point) -> Int {
        let origin = textOrigin
        let layout = textLayout
        let hit = layout.caretIndex(at: Point(x: point.x - origin.x, y: 0))
        let string = layout.attributedText.string
        return string.distance(from: string.startIndex, to: hit.index)
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let height = fontMetrics.lineHeight + contentInsets.vertical
        let width = size.width.isFinite ? size.width : 160
        return Size(width: width, height: height.rounded(.up))
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        scrollCaretIntoView()
    }

    open override func textMetricsDidChange() {
        cachedLayout = nil
        fontMetricsCache.forget()
        advanceCache = nil
        cachedPlaceholder = nil
        super.textMetricsDidChange()
    }

    // MARK: State changes

    /// Updates after an edit; `notify` says the user made it, so `onChange` and `.valueChanged` run.
    func textDidChange(notify: Bool) {
        cachedLayout = nil
        scrollCaretIntoView()
        setNeedsTextDisplay()
        markTraceChanged()
        restartCaretBlink()
        if notify {
            onChange?(self)
            sendActions(for: .valueChanged)
        }
    }

    func selectionDidChange() {
        undoHistory.breakCoalescing()
        scrollCaretIntoView()
        setNeedsTextDisplay()
        restartCaretBlink()
        // The accessibility bridge announces caret moves from the tree's next pass.
        if application?.platform.accessibility.isActive == true { markTraceChanged() }
    }

    /// Scrolls just enough for the caret to be inside the text rect, and no further than the text needs.
    func scrollCaretIntoView() {
        let visible = max(0, textRect.width - 1)
        let textWidth = textLayout.size.width
        let caret = caretX(forOffset: displayedCaret)
        var offset = scrollOffset
        if caret - offset > visible { offset = caret - visible }
        if caret < offset { offset = caret }
        offset = max(0, min(offset, max(0, textWidth - visible)))
        if offset != scrollOffset {
            scrollOffset = offset
            setNeedsTextDisplay()
        }
    }

    open override var canBecomeFirstResponder: Bool { isEnabled && !isHidden }

    open override func focusDidChange() {
        finishCompositionOnFocusLoss()
        super.focusDidChange()
        markTraceChanged()
        restartCaretBlink()
        onFocusChange?(self)
    }

    open override var isEnabled: Bool { didSet { updateChrome() } }

    func updateChrome() {
        guard isBordered else {
            backgroundColor = nil
            borderColor = nil
            borderWidth = 0
            return
        }
        backgroundColor = isEnabled ? .controlBackground : Color.windowBackground
        borderColor = .separator
        borderWidth = 1
        cornerRadius = 6
    }

    // MARK: Events (handled in the extensions)

    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.kind == .down, isEnabled else { return false }
        if let keyPreview, keyPreview(self, event) { return true }
        if extensionHandleKey(event) { return true }
        return handleKey(event)
    }

    open override func pointerDown(_ event: PointerEvent) -> Bool { handlePointerDown(event) }
    open override func pointerDragged(_ event: PointerEvent) { handlePointerDragged(event) }
    open override func pointerUp(_ event: PointerEvent) { handlePointerUp(event) }
    open override func pointerCancelled() { isDragging = false }

    open override func canPerformAction(_ action: Action, sender: Any?) -> Bool {
        canPerformEditAction(action) ?? super.canPerformAction(action, sender: sender)
    }

    open override func perform(_ action: Action, sender: Any?, event: InputEvent?) -> Bool {
        performEditAction(action, event: event) || super.perform(action, sender: sender, event: event)
    }

    open override var defaultCursor: Cursor? { .iBeam }

    open override func draw(in context: GraphicsContext) { drawField(in: context) }

    // MARK: Trace

    open override var accessibilityRole: AccessibilityNode.Role { .entry }
    open override var accessibilityName: String? { placeholder }

    open override var traceType: String { "TextField" }

    package override func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("text", .string(editing.text)), ("placeholder", placeholder.map { JSON.string($0) } ?? .null),
                               ("focused", .bool(isFirstResponder))] + preeditTraceFields
            + (baseWritingDirection.map { [("direction", .string($0.traceName))] } ?? [])
    }

    func markTraceChanged() { window?.viewTreeDidChange() }
}
