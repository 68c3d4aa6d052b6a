/// The messages a text view sends about the user's edits, as UITextViewDelegate.
@MainActor
public protocol TextViewDelegate: AnyObject {
    /// Asked before the user's edit replaces `range` (character offsets) with `text`; false refuses it.
    func textView(_ textView: TextView, shouldChangeTextIn range: Range<Int>, replacementText text: String) -> Bool
    /// After each edit by the user.
    func textViewDidChange(_ textView: TextView)
    /// After the caret or selection moved.
    func textViewDidChangeSelection(_ textView: TextView)
}

extension TextViewDelegate {
    public func textView(_ textView: TextView, shouldChangeTextIn range: Range<Int>, replacementText text: String) -> Bool { true }
    public func textViewDidChange(_ textView: TextView) {}
    public func textViewDidChangeSelection(_ textView: TextView) {}
}

/// A scrolling, wrapping, multi-line text view, editable or read-only and selectable, as UITextView.
///
/// The text lives in a `TextStorage` of paragraphs, so an edit costs the paragraph, not the
/// document. Only paragraphs in and near the viewport are laid out; the others have estimated
/// heights, replaced by measured ones as they are laid out, so the scroll bar converges. Offsets
/// (selection, caret, the trace) are character (grapheme cluster) offsets into `text`.
///
/// Keys, movement, typing, deletion and undo are the editing core's, shared with `TextField`
/// (`TextEditingHost`, `TextEditCommand`, `TextSelection`, `TextUndoHistory`, `TextWords`).
@MainActor
open class TextView: ScrollView {
    /// The document.
    public internal(set) var storage = TextStorage()
    /// Where the selection started and its moving end, as character offsets.
    public internal(set) var anchor = 0
    /// The caret's character offset in the text (the moving end of the selection).
    public internal(set) var caret = 0

    /// The text; setting it puts the caret at the start, clears undo and does not call the delegate.
    open var text: String {
        get { storage.string }
        set { load(TextStorage(newValue)) }
    }

    /// Replaces the document with `storage` (a file opened with `TextStorage(utf8:source:)`, say)
    /// as setting `text` does: the caret at the start, undo cleared, the delegate not called.
    open func load(_ storage: TextStorage) {
        self.storage = storage
        anchor = 0; caret = 0
        undoHistory.clear()
        findMatches.removeAll()
        resetLayout()
        setContentOffset(.zero)
        markTraceChanged()
    }

    /// The text with the view's font and colour (per-range attributes are not kept).
    open var attributedText: AttributedText {
        get { AttributedText(text, font: font, color: textColor) }
        set { text = newValue.string }
    }

    /// The font of the whole text.
    open var font: Font = .system { didSet { resetLayout() } }
    /// The colour of the whole text.
    open var textColor: Color = .label { didSet { resetLayout() } }
    /// How each line sits between the insets: left, centre, right or natural.
    open var textAlignment: TextAlignment = .left { didSet { resetLayout() } }
    /// The paragraphs' base direction; nil takes each one's from its first strong character.
    open var baseWritingDirection: TextDirection? { didSet { resetLayout() } }
    /// Space between the view's edges and the text.
    open var textContainerInset = EdgeInsets(vertical: 6, horizontal: 8) { didSet { resetLayout() } }
    /// Whether the user may change the text.
    open var isEditable = true { didSet { markTraceChanged() } }
    /// Whether the user may select (and copy) the text; a read-only selectable view is a long copyable label.
    open var isSelectable = true
    /// Whether Tab moves the focus instead of inserting a tab.
    open var tabMovesFocus = false
    /// Grey text shown while the view is empty.
    open var placeholder: String? { didSet { setNeedsDisplay(); markTraceChanged() } }
    /// The colour of the placeholder shown while the text is empty.
    open var placeholderColor: Color = .tertiaryLabel
    /// Told of edits and selection changes.
    public weak var delegate: TextViewDelegate?

    /// The input method's composition, drawn at the caret until it ends.
    public internal(set) var preedit: Preedit?

    var undoHistory = TextUndoHistory<UndoStep>()
    /// The paragraphs the last undo step keeps to bring back, in how many inverses.
    @_spi(Testing) public var lastUndoStepSize: (inverses: Int, paragraphs: Int) {
        let inverses = undoHistory.lastStep?.inverses ?? []
        return (inverses.count, inverses.reduce(0) { $0 + $1.paragraphs.count })
    }
    /// A paste being split into paragraphs off the main actor, with the keys that came meanwhile.
    var backgroundPaste: BackgroundPaste?
    var layoutState = TextViewLayoutState()
    /// The x the caret keeps across Up and Down, set by horizontal moves.
    var goalX: Double?
    /// Double and triple clicks, counted by the rule labels and fields share.
    var clicks = MultiClickCounter()
    var isDragging = false
    var pointerSelection = PointerSelection()

    /// Whether Ctrl+F and F3 open the find bar (`presentFindNavigator()`), as UITextView's find interaction.
    open var isFindInteractionEnabled = true
    var findBar: TextViewFindBar?
    var finder: TextFinder?
    /// Matches per paragraph index, for highlighting the paragraphs in sight.
    var findMatches: [Int: [Range<Int>]] = [:]
    /// Where typing a query searches from: the selection's start when the bar opened.
    var findOrigin = 0

    /// What takes the document back to where an undo step began: the inverses of the step's
    /// edits (applied last first) and the selection then.
    struct UndoStep {
        var inverses: [TextStorage.ParagraphEdit]
        var anchor: Int
        var caret: Int

        /// Adds the inverse of the step's next edit, as part of the last inverse when it touches
        /// the paragraphs that one brings back (typing in one paragraph stays one inverse).
        mutating func add(_ inverse: TextStorage.ParagraphEdit) {
            if let last = inverses.last, let both = last.followed(by: inverse) {
                inverses[inverses.count - 1] = both
            } else {
                inverses.append(inverse)
            }
        }
    }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .controlBackground
        borderColor = .separator
        borderWidth = 1
        clipsToBounds = true
        showsHorizontalScrollBar = false
    }

    // MARK: Selection

    /// The selected character offsets, lower bound first.
    public var selectedRange: Range<Int> {
        get { min(anchor, caret)..<max(anchor, caret) }
        set { setSelection(anchor: newValue.lowerBound, caret: newValue.upperBound) }
    }
    /// The selected text, line breaks as in the document.
    public var selectedText: String { storage.substring(selectedRange) }
    /// Whether the selection covers at least one character.
    public var hasSelection: Bool { anchor != caret }

    func setSelection(anchor a: Int, caret c: Int, keepGoal: Bool = false) {
        let n = storage.count
        let na = max(0, min(n, a)), nc = max(0, min(n, c))
        if !keepGoal { goalX = nil }
        guard na != anchor || nc != caret else { return }
        anchor = na; caret = nc
        undoHistory.breakCoalescing()
        scrollCaretIntoView()
        setNeedsDisplay()
        markTraceChanged()
        delegate?.textViewDidChangeSelection(self)
    }

    // MARK: Editing

    /// Replaces a range as the user's edit: asks the delegate, records undo, reports the change.
    @discardableResult
    public func replace(_ range: Range<Int>, with string: String) -> Bool { replace(range, with: string, kind: .other) }

    /// `prepared`: the edit's paragraphs split beforehand (a big paste), used if the text has not
    /// changed since.
    @discardableResult
    func replace(_ range: Range<Int>, with string: String, kind: TextEditKind,
                 prepared: (edit: TextStorage.PreparedEdit, paragraphs: [TextStorage.Paragraph])? = nil) -> Bool {
        guard isEditable else { return false }
        let n = storage.count
        let lo = max(0, min(n, range.lowerBound)), hi = max(lo, min(n, range.upperBound))
        if let delegate, !delegate.textView(self, shouldChangeTextIn: lo..<hi, replacementText: string) { return false }
        guard lo != hi || !string.isEmpty else { return false }
        let startsStep = undoHistory.beginsStep(kind: kind, typed: string)
        let selectionBefore = (anchor: anchor, caret: caret)
        let before = storage.count
        // What the edit may leave on screen outside its paragraph: the old caret, a selection, the placeholder.
        let previousCaret = caretRect
        let redrawsAll = hasSelection || before == 0
        let (change, inverse) = if let prepared, storage.isCurrent(prepared.edit) {
            storage.commit(prepared.edit, paragraphs: prepared.paragraphs)
        } else {
            storage.edit(lo..<hi, with: string)
        }
        undoHistory.add(startingStep: startsStep,
                        UndoStep(inverses: [inverse], anchor: selectionBefore.anchor, caret: selectionBefore.caret),
                        extending: { $0.add(inverse) })
        // Counting the whole change keeps the caret right when a mark joins the character before it.
        let end = max(lo, min(storage.count, hi + storage.count - before))
        anchor = end; caret = end
        goalX = nil
        let edited = layoutDidChange(change, previousCaret: previousCaret)
        textDidChange(edited: redrawsAll || storage.count == 0 ? nil : edited)
        return true
    }

    /// Inserts text at the selection as if typed.
    public func insertText(_ string: String) { insertUserText(string) }

    /// Undoes the last edit (typing coalesced into words); returns false when there is none.
    @discardableResult
    public func undo() -> Bool { undoEdit() }

    /// Redoes the last undone edit; returns false when there is none.
    @discardableResult
    public func redo() -> Bool { redoEdit() }

    /// After an edit: clears find, shows the caret and redraws what the edit changed (`edited`, or
    /// everything), then tells the delegate.
    func textDidChange(edited: EditedArea? = nil) {
        let hadMatches = !findMatches.isEmpty
        findMatches.removeAll()
        scrollCaretIntoView()
        if let edited, !hadMatches {
            setNeedsDisplay(dirtyRect(after: edited), inkOverhang: inkOverhang)
        } else {
            setNeedsDisplay()
        }
        markTraceChanged()
        delegate?.textViewDidChange(self)
    }

    open override var canBecomeFirstResponder: Bool { (isEditable || isSelectable) && !isHidden }

    open override func focusDidChange() {
        finishCompositionOnFocusLoss()
        super.focusDidChange()
        undoHistory.breakCoalescing()
        markTraceChanged()
    }

    open override var defaultCursor: Cursor? { isSelectable ? .iBeam : nil }

    func markTraceChanged() { window?.viewTreeDidChange() }

    // MARK: Events (handled in the extensions)

    open override func keyDown(_ event: KeyEvent) -> Bool { handleKeyDown(event) }
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

    open override func draw(in context: GraphicsContext) {
        super.draw(in: context)
        drawText(in: context)
    }

    open override func textMetricsDidChange() {
        resetLayout()
        super.textMetricsDidChange()
    }

    open override func layoutSubviews() {
        if layoutState.width != wrapWidth { resetLayout() }
        super.layoutSubviews()
        layoutFindBar()
    }

    /// Scrolls, keeping the find bar at the top right of what is in sight.
    open override func setContentOffset(_ offset: Point) {
        super.setContentOffset(offset)
        layoutFindBar()
    }

    // MARK: Trace

    open override var traceType: String { "TextView" }
    open override var accessibilityRole: AccessibilityNode.Role { .entry }
    open override var accessibilityName: String? { placeholder }

    override package func traceFields() -> [(String, JSON)] {
        super.traceFields() + [
            ("text", .string(storage.substring(0..<4_096))),
            ("length", .int(storage.count)),
            ("selection", .array([.int(selectedRange.lowerBound), .int(selectedRange.upperBound)])),
            ("preedit", preedit.map { .string($0.text) } ?? .null),
            ("firstVisibleLine", .int(firstVisibleParagraph)),
            ("focused", .bool(isFirstResponder)),
            ("editable", .bool(isEditable)),
        ] + (isFindNavigatorVisible ? [("find", .string(searchText))] : [])
    }
}
