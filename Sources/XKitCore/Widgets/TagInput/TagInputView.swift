/// Tags as chips in a left-aligned wrapping flow, with a text field on the last row to add more.
///
/// Enter or a comma adds what was typed (trimmed; empty titles and duplicates are refused with a
/// brief red flash). Suggestions under the flow add a tag with one click. Pasting "a, b, c" or lines
/// adds each. Backspace in the empty field selects the last chip and a second one removes it; Left
/// and Right move between chips. Past `maximumHeight` the chips scroll, and only the chips in view
/// exist as views, so 10,000 tags stay fast. Changes reach closures, a delegate and
/// `.valueChanged` actions.
@MainActor
open class TagInputView: Control {
    // MARK: Model

    /// The tags, in order; setting them reports a change but no individual adds or removes.
    open var tags: [Tag] = [] { didSet { tagsDidChange() } }
    /// The selected tags' ids.
    public internal(set) var selectedTagIDs: Set<Int> = []

    // MARK: Events

    public weak var delegate: TagInputViewDelegate?
    /// Validates or normalises a title about to be added; return nil to refuse it.
    public var shouldAdd: ((TagInputView, String) -> String?)?
    /// Called after a tag was added (typed, pasted, suggested or set).
    public var onAdd: ((TagInputView, Tag) -> Void)?
    /// Called after a tag was removed.
    public var onRemove: ((TagInputView, Tag) -> Void)?
    /// Called when a chip becomes selected.
    public var onSelect: ((TagInputView, Tag) -> Void)?
    /// Called when a chip stops being selected.
    public var onDeselect: ((TagInputView, Tag) -> Void)?
    /// Called with a refused title and the reason.
    public var onReject: ((TagInputView, String, TagRejection) -> Void)?
    /// Called after every change to `tags`.
    public var onTagsChange: ((TagInputView) -> Void)?

    // MARK: Behaviour

    /// When two titles count as the same tag; case-insensitive by default.
    public var duplicateMatching = TagDuplicateMatching.caseInsensitive { didSet { titleKeys = nil } }
    /// The most tags the user can add; nil for no limit.
    public var maximumTagCount: Int?
    /// Characters that end a tag while typing or pasting (line breaks always do when pasting).
    public var separators: Set<Character> = [","]
    /// How many chips can be selected.
    public var selectionMode = TagSelectionMode.single {
        didSet { if selectionMode == .none { deselectAll() } }
    }
    /// Whether chips show a × that removes them.
    open var showsRemoveButtons = true { didSet { sizesValid = false; measuredTags = []; invalidateFlow() } }
    /// The tallest the view asks to be; past it the chips scroll. Nil: tall enough for all.
    public var maximumHeight: Double? { didSet { superview?.setNeedsLayout() } }
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
    /// The scroll bar shown once the chips are taller than the view.
    public let scrollBar = ScrollBar()
    /// Clips and scrolls the chips and the field.
    let scrollArea = View()

    // MARK: State (shared with the extensions)

    /// How far the chips are scrolled.
    public internal(set) var contentOffset = 0.0
    var chipSizes: [Size] = []
    var sizesValid = false
    var measuredTags: [Tag] = []
    var advances: AdvanceCache?
    var advancesMeasurer: ObjectIdentifier?
    var flow: FlowLayout.Result?
    /// Whether the flow gave the field extra width for a composition (undone when it ends).
    var flowWidenedForPreedit = false
    var flowWidth = -1.0
    var titleKeys: Set<String>?
    var activeChips: [Int: TagChip] = [:]
    var chipPool: [TagChip] = []
    var backspaceArmed = false
    var hintGeneration = 0
    let scrollBarWidth = 10.0
    let suggestionGap = 8.0

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .controlBackground
        borderColor = .separator
        borderWidth = 1
        cornerRadius = 8
        scrollArea.clipsToBounds = true
        addSubview(scrollArea)
        addSubview(scrollBar)
        addSubview(suggestionBar)
        scrollArea.addSubview(textField)
        scrollBar.isHidden = true
        suggestionBar.isHidden = true
        configureParts()
    }

    /// A tag input showing tags with these titles (trimmed; empty ones dropped), and suggestions.
    public convenience init(titles: [String], suggestions: [String] = []) {
        self.init()
        tags = titles.map { TagInputView.trimmed($0) }.filter { !$0.isEmpty }.map { Tag(title: $0) }
        self.suggestions = suggestions.map { TagInputView.trimmed($0) }.filter { !$0.isEmpty }
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
        guard let chip = window?.eventRouter.firstResponder as? TagChip, chip.superview === scrollArea else { return nil }
        return tags.first { $0.id == chip.tag.id }
    }

    // MARK: Overrides (the work is in the extensions)

    open override func layoutSubviews() { layoutParts() }

    open override func sizeThatFits(_ size: Size) -> Size { fittingSize(for: size) }

    open override func keyDown(_ event: KeyEvent) -> Bool {
        if extensionHandleKey(event) { return true }
        return handleChipKey(event)
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

    open override func scrollWheel(_ event: PointerEvent) -> Bool { handleScrollWheel(event) }

    open override var accessibilityRole: AccessibilityNode.Role { .list }

    open override var traceType: String { "TagInputView" }

    open override func traceFields() -> [(String, JSON)] {
        super.traceFields() + [("count", .int(tags.count)), ("offset", .double(contentOffset)),
                               ("chips", .int(activeChips.count))]
    }
}
