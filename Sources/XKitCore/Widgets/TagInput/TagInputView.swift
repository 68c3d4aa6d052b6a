/// Tags as chips in a left-aligned wrapping flow, with a text field on the last row to add more.
///
/// Enter or a comma adds what was typed (trimmed of whitespace, controls and format characters at
/// its ends; titles left empty and duplicates are refused with a brief red flash). Suggestions under
/// the flow add a tag with one click. Pasting "a, b, c" or lines adds each. Backspace in the empty
/// field selects the last chip and a second one removes it; Left and Right move between chips. Past
/// `maximumHeight` the chips scroll. The chips are the cells of a `CollectionView` with a
/// `CollectionViewFlowLayout` (right to left when `baseWritingDirection` is `.rightToLeft`) and the
/// field is its last item, so only the chips in view exist as views and 10,000 tags stay fast; a key
/// costs the same with 100,000. Changes reach closures, a delegate and `.valueChanged` actions.
@MainActor
open class TagInputView: Control {
    // MARK: Model

    /// The tags, in order; setting them reports a change but no individual adds or removes.
    open var tags: [Tag] = [] { didSet { tagsDidChange() } }
    /// The selected tags' ids.
    public internal(set) var selectedTagIDs: Set<Int> = []

    // MARK: Events

    /// Hears every change with the view passed in (the form to use when a handler needs the view).
    public weak var delegate: TagInputViewDelegate?
    /// Validates or normalises a title about to be added; return nil to refuse it.
    ///
    ///     tags.shouldAdd = { title in title.lowercased() }
    public var shouldAdd: ((_ title: String) -> String?)?
    /// Called after a tag was added (typed, pasted or suggested).
    ///
    ///     tags.onAdd = { tag in print("added", tag.title) }
    ///
    /// Every closure gets only the values; for the view too, use the delegate or a
    /// `.valueChanged` action (`tags.addAction(for: .valueChanged) { tags in … }`).
    public var onAdd: ((_ tag: Tag) -> Void)?
    /// Called after a tag was removed: `tags.onRemove = { tag in … }`.
    public var onRemove: ((_ tag: Tag) -> Void)?
    /// Called when a chip becomes selected: `tags.onSelect = { tag in … }`.
    public var onSelect: ((_ tag: Tag) -> Void)?
    /// Called when a chip stops being selected: `tags.onDeselect = { tag in … }`.
    public var onDeselect: ((_ tag: Tag) -> Void)?
    /// Called with a refused title and the reason: `tags.onReject = { title, reason in … }`.
    public var onReject: ((_ title: String, _ reason: TagRejection) -> Void)?
    /// Called after every change to `tags`, with the new tags: `tags.onTagsChange = { tags in … }`.
    public var onTagsChange: ((_ tags: [Tag]) -> Void)?

    // MARK: Behaviour

    /// When two titles count as the same tag; case-insensitive by default.
    public var duplicateMatching = TagDuplicateMatching.caseInsensitive { didSet { titleIndex = nil } }
    /// The most tags the user can add; nil for no limit.
    ///
    ///     tags.maximumTagCount = 5
    public var maximumTagCount: Int?
    /// Characters that end a tag while typing or pasting (line breaks always do when pasting): the
    /// comma, and the Arabic comma "،" that an Arabic keyboard types on its comma key.
    public var separators: Set<Character> = [",", "\u{060C}"]
    /// How many chips can be selected.
    public var selectionMode = TagSelectionMode.single {
        didSet { if selectionMode == .none { deselectAll() } }
    }
    /// Whether chips show a × that removes them.
    open var showsRemoveButtons = true { didSet { sizesValid = false; measuredTags = []; invalidateFlow() } }
    /// The direction the chips flow in: `.rightToLeft` starts each row at the right (and the field's
    /// text with it); nil or `.leftToRight`, from the left.
    open var baseWritingDirection: TextDirection? {
        didSet { textField.baseWritingDirection = baseWritingDirection; invalidateFlow() }
    }
    /// The tallest the view asks to be; past it the chips scroll. Nil: tall enough for all.
    public var maximumHeight: Double? { didSet { superview?.setNeedsLayout() } }
    /// The most tags one paste may add; the rest of an absurd paste is left on the clipboard, with a
    /// hint and a `tags.pasted` trace saying so. A guard against pasting a log file, not a quota.
    public var maximumTagsPerPaste = 200_000
    /// Suggested titles shown under the chips, filtered by what is typed; existing tags are left out.
    public var suggestions: [String] = [] { didSet { updateSuggestions() } }
    /// How long a refused title's red flash lasts, in seconds.
    public var rejectionHintDuration = 0.4
    /// Whether the red flash for a refused title is showing.
    public internal(set) var isShowingRejectionHint = false

    // MARK: Appearance

    /// Spacing between chips and rows (8 by default) and the padding inside the border.
    public var flowLayout = FlowLayout(sectionInsets: EdgeInsets(all: 8)) { didSet { invalidateFlow() } }
    /// Chip font and padding.
    public var chipMetrics = TagChip.Metrics() { didSet { sizesValid = false; measuredTags = []; advances = nil; invalidateFlow() } }
    /// The narrowest the text field gets before it moves to a row of its own.
    public var minimumFieldWidth = 90.0 { didSet { invalidateFlow() } }
    /// The placeholder of the text field.
    public var placeholder: String? {
        get { textField.placeholder }
        set { textField.placeholder = newValue }
    }

    // MARK: Parts

    /// The field that adds tags; the last item of the flow.
    public let textField = TextField()
    /// The suggestions row.
    public let suggestionBar = SuggestionBar()
    /// The collection view whose cells are the chips and, last, the field; it clips and scrolls them.
    public let collectionView: CollectionView
    /// The collection view as the scroll view it is (offsets, the wheel, page keys).
    public var scrollView: ScrollView { collectionView }
    /// The scroll bar shown once the chips are taller than the view.
    public var scrollBar: ScrollBar { collectionView.verticalScrollBar }

    // MARK: State (shared with the extensions)

    let collectionAdapter = TagCollectionAdapter()
    var chipSizes: [Size] = []
    var sizesValid = false
    /// Tags appended at the end since `chipSizes` was last brought up to date (measured on demand).
    var appendedTagCount = 0
    var measuredTags: [Tag] = []
    var advances: AdvanceCache?
    var advancesMeasurer: ObjectIdentifier?
    /// Whether the flow gave the field extra width for a composition (undone when it ends).
    var flowWidenedForPreedit = false
    /// Content heights by width since the last change (the fitting size and whether the chips scroll).
    var flowHeights: [Double: (height: Double, limit: Double)] = [:]
    var titleIndex: TagTitleIndex?
    /// What the next `tagsDidChange` is about; a wholesale assignment unless the model says otherwise.
    var pendingChange = TagListChange.replaced
    /// Tags visited by passes over the whole list (indexing, measuring, flowing), so tests can bound
    /// the work one key or one paste costs without timing it.
    var wholeListWork = 0
    var backspaceArmed = false
    var hintGeneration = 0
    let scrollBarWidth = 10.0
    let suggestionGap = 8.0

    public override init(frame: Rect = .zero) {
        collectionView = TagCollectionView(layout: CollectionViewFlowLayout())
        super.init(frame: frame)
        collectionAdapter.owner = self
        backgroundColor = .controlBackground
        borderColor = .separator
        borderWidth = 1
        cornerRadius = 8
        addSubview(collectionView)
        addSubview(suggestionBar)
        suggestionBar.isHidden = true
        configureParts()
    }

    /// A tag input showing tags with these titles (trimmed; empty ones dropped), and suggestions.
    ///
    ///     let tags = TagInputView(titles: ["swift", "日本語"], suggestions: ["x11"])
    public convenience init(titles: [String], suggestions: [String] = []) {
        self.init()
        tags = titles.map { TagTitle.trimmed($0) }.filter { !$0.isEmpty }.map { Tag(title: $0) }
        self.suggestions = suggestions.map { TagTitle.trimmed($0) }.filter { !$0.isEmpty }
        // Observers don't run for assignments in the class's own initializers.
        tagsDidChange()
    }

    open override var isEnabled: Bool {
        didSet {
            textField.isEnabled = isEnabled
            setNeedsLayout()
        }
    }

    /// The field is the tab stop; chips are reached from it with the arrows.
    open override var canBecomeFirstResponder: Bool { false }

    /// The tag whose chip has keyboard focus.
    public var focusedTag: Tag? {
        guard let chip = window?.eventRouter.firstResponder as? TagChip, let path = cell(of: chip)?.indexPath,
              path.item < tags.count else { return nil }
        return tags[path.item]
    }

    // MARK: Overrides (the work is in the extensions)

    open override func layoutSubviews() { layoutParts() }

    open override func textMetricsDidChange() {
        advances = nil
        sizesValid = false
        invalidateFlow()
        super.textMetricsDidChange()
    }

    open override func sizeThatFits(_ size: Size) -> Size { fittingSize(for: size) }

    open override func keyDown(_ event: KeyEvent) -> Bool {
        if extensionHandleKey(event) { return true }
        return handleChipKey(event) || scrollView.handlePageKey(event)
    }

    open override func pointerDown(_ event: PointerEvent) -> Bool {
        guard isEnabled else { return false }
        switch event.button {
        case .primary:
            focusField()
            textField.moveCaret(to: textField.editing.count)
            return true
        case .middle:
            focusField()
            textField.moveCaret(to: textField.editing.count)
            textField.pasteAsync(.primary)
            return true
        default:
            return false
        }
    }

    open override func pointerUp(_ event: PointerEvent) {}
    open override func pointerDragged(_ event: PointerEvent) {}

    /// The wheel over the suggestions scrolls the chips too.
    open override func scrollWheel(_ event: PointerEvent) -> Bool { scrollView.scrollWheel(event) }

    open override var accessibilityRole: AccessibilityNode.Role { .list }

    open override var traceType: String { "TagInputView" }

    package override func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("count", .int(tags.count)), ("offset", .double(contentOffset)),
                               ("chips", .int(chipCells.count { !$0.isHidden }))]
    }
}
