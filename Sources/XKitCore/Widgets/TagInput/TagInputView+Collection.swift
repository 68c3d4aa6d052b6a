/// The chips and the field as the items of a collection view with a flow layout: chip cells are
/// reused as the list scrolls, and the field is the last item, taking the rest of its row.
extension TagInputView {
    func configureParts() {
        collectionView.dataSource = collectionAdapter
        collectionView.delegate = collectionAdapter
        collectionView.register(TagChipCell.self, forCellWithReuseIdentifier: TagChipCell.reuseIdentifier)
        collectionView.register(TagFieldCell.self, forCellWithReuseIdentifier: TagFieldCell.reuseIdentifier)
        // The field always has a cell, so Tab reaches it and it keeps its text and focus out of sight;
        // a focused chip keeps its cell too, so the keys stay with it.
        collectionView.alwaysRealizedItems = { [weak self] in self?.pinnedItems() ?? [] }
        textField.isBordered = false
        textField.drawsFocusRing = false
        textField.contentInsets = EdgeInsets(vertical: 2, horizontal: 4)
        textField.accessibilityIdentifier = nil
        textField.keyPreview = { [weak self] field, event in self?.fieldKey(event) ?? false }
        textField.pasteHandler = { [weak self] _, string in self?.handlePaste(string) ?? false }
        textField.onChange = { [weak self] _ in self?.fieldTextDidChange() }
        textField.onPreeditChange = { [weak self] _ in self?.fieldPreeditDidChange() }
        textField.onFocusChange = { [weak self] field in
            guard let self else { return }
            self.updateBorder()
            if field.isFirstResponder { self.scrollFieldIntoView() } else { self.backspaceArmed = false }
        }
        suggestionBar.onPick = { [weak self] title in self?.pickSuggestion(title) }
        // Home and End belong to the field and the chips; the tag input asks for pages itself.
        collectionView.scrollsWithPageKeys = false
    }

    // MARK: Items

    /// The field's item: after the last chip.
    var fieldIndexPath: IndexPath { IndexPath(item: tags.count, section: 0) }

    private func pinnedItems() -> [IndexPath] {
        var items = [fieldIndexPath]
        if let chip = window?.eventRouter.firstResponder as? TagChip, let cell = cell(of: chip), let path = cell.indexPath {
            items.append(path)
        }
        return items
    }

    /// The chip cell a chip of this tag input sits in.
    func cell(of chip: TagChip) -> TagChipCell? {
        guard let cell = chip.superview?.superview as? TagChipCell, cell.collectionView === collectionView else { return nil }
        return cell
    }

    /// The cell for an item: a reused chip cell configured for its tag, or the field's cell.
    func cell(forItemAt indexPath: IndexPath) -> CollectionViewCell {
        guard indexPath.item < tags.count else {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: TagFieldCell.reuseIdentifier, for: indexPath)
            if textField.superview !== cell.contentView { cell.contentView.addSubview(textField) }
            return cell
        }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: TagChipCell.reuseIdentifier, for: indexPath)
        guard let chipCell = cell as? TagChipCell else { return cell }
        if chipCell.owner == nil {
            chipCell.owner = self
            chipCell.chip.addAction(owner: self) { owner, chip in owner.chipActivated(chip) }
            chipCell.chip.onRemove = { [weak self] chip in self?.chipRemoveClicked(chip) }
        }
        configure(chipCell.chip, for: tags[indexPath.item])
        return chipCell
    }

    private func configure(_ chip: TagChip, for tag: Tag) {
        chip.tag = tag
        if chip.showsRemoveButton != showsRemoveButtons { chip.showsRemoveButton = showsRemoveButtons }
        if chip.metrics != chipMetrics { chip.metrics = chipMetrics }
        chip.isSelected = selectedTagIDs.contains(tag.id)
        if chip.isEnabled != isEnabled { chip.isEnabled = isEnabled }
    }

    /// The item's size for the flow: the chip's measured size, or the field's narrowest.
    func itemSize(at indexPath: IndexPath) -> Size {
        guard indexPath.item < tags.count else {
            return Size(width: fieldMinimumWidth(in: collectionView.bounds.width), height: chipHeight)
        }
        wholeListWork += 1
        let sizes = currentChipSizes()
        return indexPath.item < sizes.count ? sizes[indexPath.item] : .zero
    }

    /// Every chip's size at once, for a flow pass (counted as one pass over the whole list per chip, as
    /// `itemSize(at:)` counts each chip it is asked for).
    func chipSizesForFlow() -> [Size] {
        let sizes = currentChipSizes()
        wholeListWork += sizes.count
        return sizes
    }

    /// The chip cells with views (shown or in the reuse pool).
    var chipCells: [TagChipCell] { collectionView.visibleCellViews.values.compactMap { $0 as? TagChipCell } }

    /// The shown chip of a tag, if it has one.
    func chip(forTagID id: Int) -> TagChip? {
        chipCells.first { !$0.isHidden && $0.chip.tag.id == id }?.chip
    }

    /// How many chip views exist, shown, fading out or pooled (for tests and the trace).
    @_spi(Testing) public var chipViewCount: Int {
        let leaving = collectionView.subviews.lazy.filter { $0.isLeaving && $0 is TagChipCell }.count
        return chipCells.count + leaving + (collectionView.cellPool[TagChipCell.reuseIdentifier]?.count ?? 0)
    }

    /// The chips currently in sight, in tag order.
    public var visibleChips: [TagChip] {
        let visible = collectionView.visibleRect
        return chipCells.filter { !$0.isHidden && $0.frame.intersects(visible) }
            .sorted { ($0.indexPath ?? IndexPath(item: 0, section: 0)) < ($1.indexPath ?? IndexPath(item: 0, section: 0)) }
            .map(\.chip)
    }

    /// A view's frame in the chips' content coordinates (a chip's or the field's place in the flow).
    public func contentFrame(of view: View) -> Rect { view.convert(view.bounds, to: collectionView) }

    // MARK: Changes

    /// Tells the collection view what changed: cells of tags that stayed keep their views.
    func updateCollection(for change: TagListChange) {
        switch change {
        case .replaced:
            collectionView.reloadData()
        case .appended(let count):
            let oldField = tags.count - count
            var kept: [IndexPath: IndexPath] = [:]
            for path in collectionView.visibleCellViews.keys {
                kept[path] = path.item == oldField ? fieldIndexPath : path
            }
            collectionView.applyChanges(reloaded: [], countsChanged: true, keptCells: kept)
        case .removed(_, let index):
            var kept: [IndexPath: IndexPath] = [:]
            for path in collectionView.visibleCellViews.keys where path.item != index {
                kept[path] = path.item < index ? path : IndexPath(item: path.item - 1, section: path.section)
            }
            // The chip fades where it was and the chips after it slide back over the gap.
            collectionView.applyChanges(reloaded: [], countsChanged: true, keptCells: kept, animated: true)
        }
    }

    func invalidateFlow() {
        flowHeights = [:]
        collectionView.collectionViewLayout.invalidateLayout()
        collectionView.setNeedsLayout()
        setNeedsLayout()
        setNeedsDisplay()
    }

    // MARK: Layout

    /// The flow's content height at a width without the scroll bar, or, when that is more than `limit`,
    /// some height above `limit`: deciding whether the chips scroll (and the capped fitting size) then
    /// costs the rows that fit, not a pass over every tag, before the real layout makes its own pass.
    /// Remembered until the next change; an answer found with a limit serves any lower limit.
    func flowHeight(width: Double, limit: Double = .infinity) -> Double {
        if let known = flowHeights[width], known.height <= known.limit || limit <= known.limit { return known.height }
        let context = TagSizingContext(owner: self, width: width)
        let layout = CollectionViewFlowLayout()
        configure(layout, scrolls: false, fieldWidth: fieldMinimumWidth(in: width))
        layout.sizingHeightLimit = limit
        // The layout holds its context weakly.
        let height = withExtendedLifetime(context) {
            layout.context = context
            return layout.collectionViewContentSize.height
        }
        flowHeights[width] = (height, limit)
        return height
    }

    /// Sets spacing, insets (room for the scroll bar on the trailing side) and the field's width,
    /// only where they changed, since each change costs the layout a pass.
    private func configure(_ layout: CollectionViewFlowLayout, scrolls: Bool, fieldWidth: Double) {
        var inset = flowLayout.sectionInsets
        // The flow mirrors right to left after placing items, so the bar's room goes on the left first.
        if scrolls { if isRightToLeft { inset.left += scrollBarWidth } else { inset.right += scrollBarWidth } }
        if layout.sectionInset != inset { layout.sectionInset = inset }
        if layout.minimumInteritemSpacing != flowLayout.interitemSpacing { layout.minimumInteritemSpacing = flowLayout.interitemSpacing }
        if layout.minimumLineSpacing != flowLayout.lineSpacing { layout.minimumLineSpacing = flowLayout.lineSpacing }
        if layout.lastItemMinimumWidth != fieldWidth { layout.lastItemMinimumWidth = fieldWidth }
    }

    /// Whether chips run from the right: the tag input's direction is right to left, or it has none
    /// and the interface is right to left.
    var isRightToLeft: Bool { baseWritingDirection.map { $0 == .rightToLeft } ?? laysOutRightToLeft }

    func suggestionsHeight(width: Double) -> Double {
        guard !suggestionBar.isHidden else { return 0 }
        return suggestionBar.sizeThatFits(Size(width: width, height: .infinity)).height + suggestionGap
    }

    func fittingSize(for size: Size) -> Size {
        let width = size.width.isFinite ? size.width : 400
        var height = flowHeight(width: width, limit: maximumHeight ?? .infinity)
        if let maximumHeight, height > maximumHeight { height = maximumHeight }
        return Size(width: width, height: (height + suggestionsHeight(width: width)).rounded(.up))
    }

    func layoutParts() {
        let suggestions = suggestionsHeight(width: bounds.width - 16)
        let areaHeight = max(0, bounds.height - suggestions)
        let scrolls = flowHeight(width: bounds.width, limit: areaHeight + 1) > areaHeight + 0.5
        let frame = Rect(x: 0, y: 0, width: bounds.width, height: areaHeight)
        if collectionView.frame != frame { collectionView.frame = frame }
        if let layout = collectionView.collectionViewLayout as? CollectionViewFlowLayout {
            configure(layout, scrolls: scrolls, fieldWidth: fieldMinimumWidth(in: bounds.width))
        }
        if collectionView.isRightToLeft != isRightToLeft { collectionView.isRightToLeft = isRightToLeft }
        if collectionView.showsVerticalScrollBar != scrolls { collectionView.showsVerticalScrollBar = scrolls }
        collectionView.scrollBarThickness = scrollBarWidth
        collectionView.wheelStep = 3 * (chipHeight + flowLayout.lineSpacing)
        suggestionBar.frame = Rect(x: 8, y: areaHeight, width: max(0, bounds.width - 16), height: max(0, suggestions - suggestionGap))
        for cell in chipCells where !cell.isHidden {
            if let path = cell.indexPath, path.item < tags.count { configure(cell.chip, for: tags[path.item]) }
        }
    }

    // MARK: Scrolling

    /// Brings the collection view's frame, layout and content size up to date.
    private func syncCollection() {
        layoutIfNeeded()
        collectionView.syncLayout()
    }

    /// The chips' full height (the flow's content height).
    public var contentHeight: Double {
        syncCollection()
        return collectionView.collectionViewLayout.collectionViewContentSize.height
    }

    /// How far the chips are scrolled.
    public var contentOffset: Double { collectionView.contentOffset.y }

    /// The largest scroll offset.
    public var maximumContentOffset: Double { max(0, contentHeight - collectionView.bounds.height) }

    /// Scrolls the chips to an offset, clamped to 0...`maximumContentOffset`; NaN is ignored.
    public func setContentOffset(_ offset: Double) {
        guard !offset.isNaN else { return }
        syncCollection()
        collectionView.setContentOffset(Point(x: 0, y: offset))
    }

    /// Scrolls as little as possible to show a rect given in content coordinates.
    public func scrollRectToVisible(_ rect: Rect) {
        syncCollection()
        collectionView.scrollRectToVisible(rect, margin: 4)
    }

    /// Scrolls to the tag at `index`.
    public func scrollToTag(at index: Int) {
        guard tags.indices.contains(index) else { return }
        syncCollection()
        guard let frame = collectionView.layoutAttributesForItem(at: IndexPath(item: index, section: 0))?.frame else { return }
        scrollRectToVisible(frame)
    }

    /// The field's place in the flow (content coordinates).
    var fieldFrame: Rect {
        syncCollection()
        return collectionView.layoutAttributesForItem(at: fieldIndexPath)?.frame ?? .zero
    }

    /// The field's narrowest width: room for the whole composition while composing, so an input
    /// method's text is not scrolled out of sight on a short last row (the field wraps instead).
    func fieldMinimumWidth(in width: Double) -> Double {
        guard let preedit = textField.preedit else { return minimumFieldWidth }
        let measurer = textMeasurer, font = textField.font
        let text = preedit.text.reduce(0.0) { $0 + measurer.advance(of: $1, in: font) }
        let composing = (text + textField.contentInsets.horizontal + 2).rounded(.up)
        return min(max(minimumFieldWidth, composing), max(minimumFieldWidth, width))
    }

    /// The composition changed: re-flow only when it needs a wider field than it has, or when it
    /// ended after such a re-flow, so composing costs no flow pass in the common case.
    func fieldPreeditDidChange() {
        let needed = fieldMinimumWidth(in: bounds.width)
        if needed > fieldFrame.width + 0.5 || (textField.preedit == nil && flowWidenedForPreedit) {
            flowWidenedForPreedit = textField.preedit != nil
            invalidateFlow()
        }
        if textField.preedit != nil { scrollFieldIntoView() }
    }

    func scrollFieldIntoView() {
        scrollRectToVisible(fieldFrame)
    }

    /// The item the arrows reach from a chip in the row above or below, nearest horizontally: a
    /// chip's index, `tags.count` for the field, or nil on the first (last) row.
    func itemIndex(inRowNextTo index: Int, above: Bool) -> Int? {
        syncCollection()
        return collectionView.collectionViewLayout.indexPath(from: IndexPath(item: index, section: 0), moving: above ? .up : .down)?.item
    }
}

/// Hands the tag input's items, cells and sizes to its collection view.
@MainActor
final class TagCollectionAdapter: CollectionViewDataSource, CollectionViewDelegateFlowLayout, CollectionViewItemSizes {
    weak var owner: TagInputView?

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        (owner?.tags.count ?? -1) + 1
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        guard let owner else { return collectionView.dequeueReusableCell(withReuseIdentifier: "CollectionView.blank", for: indexPath) }
        return owner.cell(forItemAt: indexPath)
    }

    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        owner?.itemSize(at: indexPath) ?? .zero
    }

    func sizesForItems(in collectionView: CollectionView, section: Int) -> [Size]? {
        owner?.chipSizesForFlow()
    }

    func collectionView(_ collectionView: CollectionView, textForItemAt indexPath: IndexPath) -> String? {
        guard let owner, indexPath.item < owner.tags.count else { return nil }
        return owner.tags[indexPath.item].title
    }
}

/// The tag input's items at another width, for a sizing flow layout (height for width) that has no view.
@MainActor
final class TagSizingContext: CollectionViewLayoutContext {
    unowned let owner: TagInputView
    let layoutWidth: Double
    init(owner: TagInputView, width: Double) {
        self.owner = owner
        layoutWidth = width
    }
    var numberOfSections: Int { 1 }
    func numberOfItems(inSection section: Int) -> Int { owner.tags.count + 1 }
    var visibleBounds: Rect { .zero }
    func sizeForItem(at indexPath: IndexPath) -> Size? {
        guard indexPath.item < owner.tags.count else { return Size(width: owner.fieldMinimumWidth(in: layoutWidth), height: owner.chipHeight) }
        return owner.itemSize(at: indexPath)
    }
    func sizesForItems(inSection section: Int) -> [Size]? { owner.chipSizesForFlow() }
}
