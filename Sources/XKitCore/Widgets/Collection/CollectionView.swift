/// A scrolling, virtualized list or grid of items with reusable cells, like UICollectionView.
///
///     let list = CollectionView(frame: bounds, collectionViewLayout: CollectionViewListLayout(rowHeight: 44))
///     list.register(ContactCell.self, forCellWithReuseIdentifier: "contact")
///     list.dataSource = self     // numberOfItemsInSection, cellForItemAt (dequeueReusableCell…)
///     list.delegate = self       // didSelectItemAt, textForItemAt, …
///
/// Only the cells in sight (plus a small margin) exist; scrolling hands cells that left the view to
/// the items that entered it, through `prepareForReuse()`. The layout is a separate, display-free
/// object (`CollectionViewListLayout`, `CollectionViewFlowLayout`, `CollectionViewGridLayout`), so a
/// million rows cost the layout's few numbers, not a view or a string each.
///
/// The wheel, the scroll bar, PageUp/PageDown and Home/End scroll; clicks select (Ctrl- and
/// Shift-click extend with `allowsMultipleSelection`); the arrows move the selection; typing finds
/// an item by its first letters; Enter activates; Ctrl+C copies the selected items' text, one line
/// each; right-click and long press open the cell's menu.
@MainActor
open class CollectionView: ScrollView, CollectionViewLayoutContext {
    /// The kind of a section header view.
    public static let elementKindSectionHeader = "CollectionView.header"

    /// Where `scrollToItem` puts an item.
    public struct ScrollPosition: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The item's top at the top of the visible area.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item in the middle of the visible area.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom at the bottom of the visible area.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
    }

    /// The layout that places the items; setting it lays out again.
    public var collectionViewLayout: CollectionViewLayout {
        didSet {
            oldValue.context = nil
            collectionViewLayout.context = self
            setNeedsLayout()
        }
    }

    /// Where the items and their cells come from; setting it reloads.
    public weak var dataSource: CollectionViewDataSource? { didSet { reloadData() } }
    /// Hears selection and activation and gives items' text and sizes.
    public weak var delegate: CollectionViewDelegate? { didSet { collectionViewLayout.invalidateLayout(); setNeedsLayout() } }

    /// Whether the user can select items (true by default).
    public var allowsSelection = true
    /// Whether Ctrl- and Shift-click and Shift+arrows select several items.
    public var allowsMultipleSelection = false
    /// How far beyond the visible rect cells are kept, as a fraction of the view's height.
    public var preparedMarginFraction = 0.25

    // MARK: State shared with the extensions

    var registeredCells: [String: CollectionViewCell.Type] = [:]
    var registeredSupplementary: [String: CollectionReusableView.Type] = [:]
    var cellPool: [String: [CollectionViewCell]] = [:]
    var supplementaryPool: [String: [CollectionReusableView]] = [:]
    var visibleCellViews: [IndexPath: CollectionViewCell] = [:]
    var visibleSupplementaryViews: [IndexPath: CollectionReusableView] = [:]
    /// Counts as last read from the data source.
    var items = CollectionItemIndex(counts: [])
    var selected: Set<IndexPath> = []
    /// Where Shift-click and Shift+arrows extend from.
    var selectionAnchor: IndexPath?
    /// The keyboard cursor.
    var cursor: IndexPath?
    var typeahead = ""
    var typeaheadTime = -Double.infinity
    var isRealizing = false
    /// Set by an animated change: the next realize pass moves the cells that stayed to their new places.
    var animatesNextPlacement = false
    var laidOutWidth = -1.0
    /// Cells handed out during one realize pass, to catch a data source returning one twice.
    var handedOut: Set<ObjectIdentifier> = []
    var dequeuedInPass: Set<ObjectIdentifier> = []
    let longPress = LongPressGestureRecognizer()
    /// Items that keep their cells out of sight (a tag input's field and focused chip).
    final var alwaysRealizedItems: (() -> [IndexPath])?

    /// How many cell views exist, shown or pooled (tests bound it while scrolling).
    public var cellViewCount: Int { visibleCellViews.count + cellPool.values.reduce(0) { $0 + $1.count } }

    /// A collection view laid out by `layout`.
    public init(frame: Rect = .zero, collectionViewLayout layout: CollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.context = self
        isFocusable = true
        drawsFocusRing = false
        backgroundColor = .white
        wheelStep = 3 * 44
        register(CollectionViewCell.self, forCellWithReuseIdentifier: "CollectionView.blank")
        configureInteraction()
    }

    // MARK: Overrides (the work is in the extensions)

    open override func setContentOffset(_ offset: Point) {
        let before = contentOffset
        super.setContentOffset(offset)
        if contentOffset != before && !isRealizing { setNeedsLayout() }
    }

    /// Moves the offset without asking for another layout pass (the realize pass keeps rows still).
    func setContentOffsetQuietly(_ offset: Point) { super.setContentOffset(offset) }

    open override func layoutSubviews() {
        syncLayout()
        realizeVisibleElements()
        super.layoutSubviews()
    }

    open override func pointerDown(_ event: PointerEvent) -> Bool { handlePointerDown(event) }
    open override func pointerUp(_ event: PointerEvent) { clearHighlights() }
    open override func pointerCancelled() { clearHighlights() }

    open override func focusDidChange() {
        super.focusDidChange()
        handleFocusChange()
    }

    open override func keyDown(_ event: KeyEvent) -> Bool { handleKey(event) ?? super.keyDown(event) }

    open override func canPerformAction(_ action: Action, sender: Any?) -> Bool {
        action == .copy ? canCopySelection : super.canPerformAction(action, sender: sender)
    }

    open override func perform(_ action: Action, sender: Any?, event: InputEvent?) -> Bool {
        action == .copy ? copyItems(at: indexPathsForSelectedItems, event: event) : super.perform(action, sender: sender, event: event)
    }

    open override var accessibilityRole: AccessibilityNode.Role { .list }
    open override var traceType: String { "CollectionView" }
    override package func traceFields() -> [(String, JSON)] { super.traceFields() + collectionTraceFields() }

    // MARK: Registration and reuse

    /// Registers the class made for cells dequeued with `identifier`.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        registeredCells[identifier] = cellClass
    }

    /// Registers the class made for supplementary views (headers) of a kind dequeued with `identifier`.
    public func register(_ viewClass: CollectionReusableView.Type, forSupplementaryViewOfKind kind: String,
                         withReuseIdentifier identifier: String) {
        registeredSupplementary[kind + "\u{0}" + identifier] = viewClass
    }

    /// A cell for `indexPath`: one that scrolled out of sight, else a new one of the registered class.
    ///
    /// An identifier never registered gets a plain `CollectionViewCell`, with a warning.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        let cell: CollectionViewCell
        if var pool = cellPool[identifier], let reused = pool.popLast() {
            cellPool[identifier] = pool
            reused.prepareForReuse()
            cell = reused
        } else {
            let cellClass = registeredCells[identifier] ?? {
                Trace.warnOnce("collectionView.unregistered.\(identifier)", "a collection view dequeued a cell for "
                    + "\"\(identifier)\", which was never registered; a plain CollectionViewCell is used")
                return CollectionViewCell.self
            }()
            cell = cellClass.init(frame: .zero)
            cell.reuseIdentifier = identifier
            cell.collectionView = self
            insertSubview(cell, at: 0)
        }
        cell.isHidden = false
        cell.indexPath = indexPath
        dequeuedInPass.insert(ObjectIdentifier(cell))
        return cell
    }

    /// The typed form: the dequeued cell as `T`, or `CollectionViewError.wrongCellClass`.
    ///
    ///     let cell = try list.dequeueReusableCell(ContactCell.self, withReuseIdentifier: "contact", for: path)
    public func dequeueReusableCell<T: CollectionViewCell>(_ type: T.Type, withReuseIdentifier identifier: String,
                                                          for indexPath: IndexPath) throws -> T {
        let cell = dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        guard let typed = cell as? T else {
            throw CollectionViewError.wrongCellClass(reuseIdentifier: identifier, expected: String(describing: T.self),
                                                     actual: String(describing: Swift.type(of: cell)))
        }
        return typed
    }

    /// A header or other supplementary view of `kind` for `indexPath`, reused like cells.
    public func dequeueReusableSupplementaryView(ofKind kind: String, withReuseIdentifier identifier: String,
                                                 for indexPath: IndexPath) -> CollectionReusableView {
        let key = kind + "\u{0}" + identifier
        let view: CollectionReusableView
        if var pool = supplementaryPool[key], let reused = pool.popLast() {
            supplementaryPool[key] = pool
            reused.prepareForReuse()
            view = reused
        } else {
            let viewClass = registeredSupplementary[key] ?? {
                Trace.warnOnce("collectionView.unregistered.\(key)", "a collection view dequeued a \(kind) view for "
                    + "\"\(identifier)\", which was never registered; a plain view is used")
                return CollectionReusableView.self
            }()
            view = viewClass.init(frame: .zero)
            view.reuseIdentifier = key
            view.collectionView = self
            insertSubview(view, at: subviews.count)
        }
        view.isHidden = false
        view.indexPath = indexPath
        return view
    }

    // MARK: Data

    /// How many sections the view shows.
    public var numberOfSections: Int { items.sectionCount }

    /// How many items a section shows.
    public func numberOfItems(inSection section: Int) -> Int { items.numberOfItems(inSection: section) }

    /// Reads the counts again and rebuilds every shown cell; selection outside the new counts is dropped.
    public func reloadData() {
        readCounts()
        if let list = collectionViewLayout as? CollectionViewListLayout { list.invalidateMeasuredHeights() }
        collectionViewLayout.invalidateLayout()
        for (_, cell) in visibleCellViews { enqueue(cell) }
        visibleCellViews = [:]
        for (_, view) in visibleSupplementaryViews { enqueue(view) }
        visibleSupplementaryViews = [:]
        selected = selected.filter { items.contains($0) }
        if let c = cursor, !items.contains(c) { cursor = nil }
        if let a = selectionAnchor, !items.contains(a) { selectionAnchor = nil }
        setNeedsLayout()
        setNeedsDisplay()
        window?.viewTreeDidChange()
    }

    /// Configures the shown cells of these items again (their data changed, not their count).
    ///
    /// Index paths out of range are warned about and skipped.
    public func reloadItems(at indexPaths: [IndexPath]) {
        for path in indexPaths {
            guard items.contains(path) else {
                Trace.warn("collectionView.reloadItems: \(path) is out of range (\(items.sectionCount) sections, "
                    + "\(items.count) items); skipped")
                continue
            }
            if let cell = visibleCellViews.removeValue(forKey: path) { enqueue(cell) }
        }
        if collectionViewLayout.usesSelfSizingCells { collectionViewLayout.invalidateLayout() }
        setNeedsLayout()
    }

    /// Items changed under the same counts, sections or items were inserted, deleted or moved:
    /// the diffable data source calls this with what changed so only those cells are rebuilt.
    ///
    /// `animated` (with motion on): cells of deleted items fade out where they were while the cells
    /// that stayed slide to their new places, closing the gap.
    func applyChanges(reloaded: Set<IndexPath>, countsChanged: Bool, keptCells: [IndexPath: IndexPath], animated: Bool = false) {
        if countsChanged { readCounts() }
        collectionViewLayout.invalidateLayout()
        let animates = animated && window?.application.frameClock.areAnimationsEnabled == true
        var moved: [IndexPath: CollectionViewCell] = [:]
        for (old, cell) in visibleCellViews {
            if let new = keptCells[old], !reloaded.contains(new) {
                cell.indexPath = new
                moved[new] = cell
            } else if animates && keptCells[old] == nil {
                fadeAway(cell)
            } else {
                enqueue(cell)
            }
        }
        if animates { animatesNextPlacement = true }
        visibleCellViews = moved
        for (_, view) in visibleSupplementaryViews { enqueue(view) }
        visibleSupplementaryViews = [:]
        setNeedsLayout()
        setNeedsDisplay()
        window?.viewTreeDidChange()
    }

    func readCounts() {
        guard let dataSource else { items = CollectionItemIndex(counts: []); return }
        let sections = dataSource.numberOfSections(in: self)
        if sections < 0 { Trace.warnOnce("collectionView.sections", "a collection view's data source has \(sections) sections; 0 is used") }
        items = CollectionItemIndex(counts: (0..<max(0, sections)).map { section in
            let n = dataSource.collectionView(self, numberOfItemsInSection: section)
            if n < 0 { Trace.warnOnce("collectionView.items", "a collection view's data source has \(n) items in section \(section); 0 is used") }
            return n
        })
    }

    /// Whether the data source's counts still match what the view shows (a silent change is a bug in the app).
    func countsMatchDataSource() -> Bool {
        guard let dataSource else { return items.count == 0 }
        let sections = max(0, dataSource.numberOfSections(in: self))
        guard sections == items.sectionCount else { return false }
        for s in 0..<sections where max(0, dataSource.collectionView(self, numberOfItemsInSection: s)) != items.numberOfItems(inSection: s) {
            return false
        }
        return true
    }

    // MARK: Queries

    /// The cell shown for an item, nil when it is out of sight.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { visibleCellViews[indexPath] }

    /// The shown cells, in item order.
    public var visibleCells: [CollectionViewCell] {
        indexPathsForVisibleItems.compactMap { visibleCellViews[$0] }
    }

    /// The items whose cells meet the visible rect, in order.
    public var indexPathsForVisibleItems: [IndexPath] {
        let visible = visibleRect
        return visibleCellViews.filter { $0.value.frame.intersects(visible) }.keys.sorted()
    }

    /// The item under a point in the view's content coordinates.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        collectionViewLayout.indexPathForItem(at: point)
    }

    /// The item a shown cell stands for.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        cell.collectionView === self && !cell.isHidden ? cell.indexPath : nil
    }

    /// The layout's attributes for an item.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// Scrolls so the item shows at `scrollPosition` (`[]`: as little as needed).
    ///
    /// An index path out of range is warned about and changes nothing.
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition = [], animated: Bool = false) {
        syncLayout()
        guard let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else {
            Trace.warn("collectionView.scrollToItem: \(indexPath) is out of range (\(items.sectionCount) sections, "
                + "\(items.count) items)")
            return
        }
        let height = bounds.height
        let headerInset = (collectionViewLayout as? CollectionViewListLayout).map { $0.sectionHeadersPinToVisibleBounds ? $0.headerHeight : 0 } ?? 0
        if scrollPosition.contains(.top) {
            setContentOffset(Point(x: contentOffset.x, y: frame.minY - headerInset))
        } else if scrollPosition.contains(.centeredVertically) {
            setContentOffset(Point(x: contentOffset.x, y: frame.midY - height / 2))
        } else if scrollPosition.contains(.bottom) {
            setContentOffset(Point(x: contentOffset.x, y: frame.maxY - height))
        } else {
            var y = contentOffset.y
            if frame.maxY > y + height { y = frame.maxY - height }
            if frame.minY - headerInset < y { y = frame.minY - headerInset }
            setContentOffset(Point(x: contentOffset.x, y: y))
        }
    }

    // MARK: CollectionViewLayoutContext

    public var layoutWidth: Double { bounds.width }
    public var visibleBounds: Rect { visibleRect }
    /// Whether items run right to left (the flow layout starts each row at the right).
    public final var isRightToLeft = false {
        didSet { if isRightToLeft != oldValue { collectionViewLayout.invalidateLayout(); setNeedsLayout() } }
    }

    public func sizeForItem(at indexPath: IndexPath) -> Size? {
        (delegate as? CollectionViewDelegateFlowLayout)?.collectionView(self, layout: collectionViewLayout, sizeForItemAt: indexPath)
    }

    public func sizesForItems(inSection section: Int) -> [Size]? {
        (delegate as? CollectionViewItemSizes)?.sizesForItems(in: self, section: section)
    }

    // MARK: Text

    /// The item's text from the delegate, else its shown cell's label.
    public func text(forItemAt indexPath: IndexPath) -> String? {
        guard items.contains(indexPath) else { return nil }
        return delegate?.collectionView(self, textForItemAt: indexPath)
    }

    /// What Copy puts on the clipboard for an item.
    public func copyText(forItemAt indexPath: IndexPath) -> String? {
        guard items.contains(indexPath) else { return nil }
        return delegate?.collectionView(self, copyTextForItemAt: indexPath)
    }
}
