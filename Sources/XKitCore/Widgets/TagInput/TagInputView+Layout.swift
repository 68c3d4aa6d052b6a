/// Measuring, flowing and scrolling the chips, creating views only for the ones in sight.
extension TagInputView {
    func configureParts() {
        // The chips and the field are the list's items for assistive technologies, not a scroll area's.
        scrollView.isAccessibilityElement = false
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
        scrollView.scrollsWithPageKeys = false
        scrollView.onScroll = { [weak self] _ in
            guard let self, !self.isLayingOutParts else { return }
            self.setNeedsLayout()
        }
    }

    // MARK: Measurement

    /// Each tag's chip size. Tags appended since the last pass are the only ones measured; otherwise
    /// O(n), and tags unchanged since the last pass (same tag, same place or shifted by one removal)
    /// keep their size without being measured again.
    func currentChipSizes() -> [Size] {
        if sizesValid && chipSizes.count == tags.count { return chipSizes }
        let measurer = textMeasurer
        if advancesMeasurer != ObjectIdentifier(measurer) || advances == nil {
            advances = AdvanceCache(measurer: measurer)
            advancesMeasurer = ObjectIdentifier(measurer)
            measuredTags = []
            sizesValid = false
        }
        guard var cache = advances else { return [] }
        advances = nil
        defer { advances = cache }
        let font = cache.id(for: chipMetrics.font)
        let lineHeight = cache.metrics(font).lineHeight
        func size(of tag: Tag) -> Size {
            let width = TagInputView.width(of: tag.title, font: font, cache: &cache, measurer: measurer, in: chipMetrics.font)
            return chipMetrics.size(titleWidth: width, lineHeight: lineHeight, showsRemoveButton: showsRemoveButtons)
        }
        let appended = appendedTagCount
        appendedTagCount = 0
        if sizesValid, appended > 0, chipSizes.count + appended == tags.count {
            for tag in tags[chipSizes.count...] { chipSizes.append(size(of: tag)) }
            measuredTags = tags
            return chipSizes
        }
        wholeListWork += tags.count
        let old = measuredTags, oldSizes = chipSizes
        var sizes: [Size] = []
        sizes.reserveCapacity(tags.count)
        var j = 0
        for tag in tags {
            if j < old.count && old[j] == tag && j < oldSizes.count {
                sizes.append(oldSizes[j]); j += 1
            } else if j + 1 < old.count && old[j + 1] == tag && j + 1 < oldSizes.count {
                sizes.append(oldSizes[j + 1]); j += 2
            } else {
                sizes.append(size(of: tag))
            }
        }
        chipSizes = sizes
        measuredTags = tags
        sizesValid = true
        return sizes
    }

    /// The sum of the clusters' advances, as TextLayout measures a single line.
    private static func width(of title: String, font: Int, cache: inout AdvanceCache, measurer: TextMeasurer, in f: Font) -> Double {
        var total = 0.0
        var ascii = true
        // ASCII without CR is one cluster per byte, so it skips grapheme breaking.
        for byte in title.utf8 {
            guard byte < 0x80, byte != 0x0D else { ascii = false; break }
            total += cache.advance(scalar: UInt32(byte), font: font)
        }
        if ascii { return total }
        total = 0
        for character in title {
            let scalars = character.unicodeScalars
            guard scalars.count == 1, let scalar = scalars.first, !ShapingPredicate.isComplexScript(scalar.value) else {
                // Shaped words are as wide as their glyphs, not as their characters one by one.
                return TextLayout(AttributedText(title, font: f), measurer: measurer).size.width
            }
            total += cache.advance(scalar: scalar.value, font: font)
        }
        return total
    }

    var chipHeight: Double {
        let measurer = textMeasurer
        return chipMetrics.size(titleWidth: 0, lineHeight: measurer.metrics(for: chipMetrics.font).lineHeight,
                                showsRemoveButton: showsRemoveButtons).height
    }

    // MARK: Flow

    func invalidateFlow() {
        flow = nil
        flowHeights = [:]
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// The flow for a container `width` wide (cached for the last width).
    func flowResult(width: Double) -> FlowLayout.Result {
        if let flow, flowWidth == width { return flow }
        let result = flowLayout.layout(currentChipSizes(), width: width, trailing: flowTrailingItem(in: width))
        wholeListWork += tags.count
        flow = result
        flowWidth = width
        flowHeights[width] = result.contentSize.height
        return result
    }

    /// The flow's content height at a width. Heights are remembered apart from the one cached flow,
    /// so deciding whether the chips scroll keeps no second set of frames.
    func flowHeight(width: Double) -> Double {
        if let height = flowHeights[width] { return height }
        if flow == nil { return flowResult(width: width).contentSize.height }
        let height = flowLayout.layout(currentChipSizes(), width: width, trailing: flowTrailingItem(in: width)).contentSize.height
        wholeListWork += tags.count
        flowHeights[width] = height
        return height
    }

    /// The field's slot after the last chip: wide enough for an input method's composition.
    private func flowTrailingItem(in width: Double) -> FlowLayout.TrailingItem {
        FlowLayout.TrailingItem(minimumWidth: fieldMinimumWidth(in: width), height: chipHeight)
    }

    /// The flow for the view's width, narrowed for the scroll bar when the chips don't fit `height`.
    func flowResult(width: Double, visibleHeight: Double) -> (result: FlowLayout.Result, scrolls: Bool) {
        guard flowHeight(width: width) > visibleHeight + 0.5 else { return (flowResult(width: width), false) }
        return (flowResult(width: width - scrollBarWidth), true)
    }

    func suggestionsHeight(width: Double) -> Double {
        guard !suggestionBar.isHidden else { return 0 }
        return suggestionBar.sizeThatFits(Size(width: width, height: .infinity)).height + suggestionGap
    }

    func fittingSize(for size: Size) -> Size {
        let width = size.width.isFinite ? size.width : 400
        var height = flowHeight(width: width)
        if let maximumHeight, height > maximumHeight { height = maximumHeight }
        return Size(width: width, height: (height + suggestionsHeight(width: width)).rounded(.up))
    }

    func layoutParts() {
        let suggestions = suggestionsHeight(width: bounds.width - 16)
        let areaHeight = max(0, bounds.height - suggestions)
        let (result, scrolls) = flowResult(width: bounds.width, visibleHeight: areaHeight)
        isLayingOutParts = true
        defer { isLayingOutParts = false }
        scrollView.frame = Rect(x: 0, y: 0, width: bounds.width, height: areaHeight)
        scrollView.showsVerticalScrollBar = scrolls
        scrollView.scrollBarThickness = scrollBarWidth
        scrollView.wheelStep = 3 * (chipHeight + flowLayout.lineSpacing)
        scrollView.contentSize = Size(width: bounds.width - (scrolls ? scrollBarWidth : 0), height: result.contentSize.height)
        suggestionBar.frame = Rect(x: 8, y: areaHeight, width: max(0, bounds.width - 16), height: max(0, suggestions - suggestionGap))
        if let field = result.trailingFrame { textField.frame = field }
        materializeChips(result)
    }

    /// Shows a chip for each tag in sight (and the focused one), reusing chips that left it.
    func materializeChips(_ result: FlowLayout.Result) {
        let visible = scrollView.visibleRect
        var needed = visibleIndices(result, in: visible)
        let focusedID = (window?.eventRouter.firstResponder as? TagChip).flatMap { chip in chip.superview === scrollView ? chip.tag.id : nil }
        if let focusedID, let index = tags.firstIndex(where: { $0.id == focusedID }), !needed.contains(index) {
            needed.append(index)
        }
        var keep: [Int: TagChip] = [:]
        keep.reserveCapacity(needed.count)
        for index in needed { let id = tags[index].id; if let chip = activeChips.removeValue(forKey: id) { keep[id] = chip } }
        for (_, chip) in activeChips { recycle(chip) }
        activeChips = keep
        for index in needed {
            let tag = tags[index]
            let chip = activeChips[tag.id] ?? dequeueChip()
            activeChips[tag.id] = chip
            chip.tag = tag
            chip.frame = result.frames[index]
            chip.showsRemoveButton = showsRemoveButtons
            chip.metrics = chipMetrics
            chip.isSelected = selectedTagIDs.contains(tag.id)
            chip.isEnabled = isEnabled
            chip.isHidden = false
        }
    }

    /// Indices of the items whose rows meet `rect`, by binary search over the rows (O(log n + visible)).
    func visibleIndices(_ result: FlowLayout.Result, in rect: Rect) -> [Int] {
        let rows = result.rows
        guard !rows.isEmpty else { return [] }
        var lo = 0, hi = rows.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if result.frames[rows[mid].lowerBound].maxY <= rect.minY { lo = mid + 1 } else { hi = mid }
        }
        var indices: [Int] = []
        var r = lo
        while r < rows.count, result.frames[rows[r].lowerBound].minY < rect.maxY {
            for i in rows[r] where i < result.frames.count { indices.append(i) }
            r += 1
        }
        return indices
    }

    private func dequeueChip() -> TagChip {
        if let chip = chipPool.popLast() { return chip }
        let chip = TagChip()
        chip.addAction(owner: self) { owner, chip in owner.chipActivated(chip) }
        chip.onRemove = { [weak self] chip in self?.chipRemoveClicked(chip) }
        scrollView.insertSubview(chip, at: 0)
        return chip
    }

    private func recycle(_ chip: TagChip) {
        if chip.isFirstResponder { focusField() }
        chip.prepareForReuse()
        chip.isHidden = true
        chipPool.append(chip)
    }

    /// How many chip views exist, shown or pooled (for tests and the trace).
    @_spi(Testing) public var chipViewCount: Int { activeChips.count + chipPool.count }
    /// The chips currently shown, in tag order.
    public var visibleChips: [TagChip] {
        activeChips.values.sorted { a, b in a.frame.y != b.frame.y ? a.frame.y < b.frame.y : a.frame.x < b.frame.x }
    }

    // MARK: Scrolling

    /// The chips' full height (the flow's content height).
    public var contentHeight: Double { flowResult(width: scrollBar.isHidden ? bounds.width : bounds.width - scrollBarWidth).contentSize.height }

    /// The largest scroll offset.
    public var maximumContentOffset: Double { max(0, contentHeight - scrollView.bounds.height) }

    /// Scrolls the chips to an offset, clamped to 0...`maximumContentOffset`; NaN is ignored.
    public func setContentOffset(_ offset: Double) {
        guard !offset.isNaN else { return }
        updateContentHeight()
        scrollView.setContentOffset(Point(x: 0, y: offset))
    }

    /// Scrolls as little as possible to show a rect given in content coordinates.
    public func scrollRectToVisible(_ rect: Rect) {
        updateContentHeight()
        scrollView.scrollRectToVisible(rect, margin: 4)
    }

    /// Gives the scroll view the flow's height now, so offsets set before the next layout clamp to it.
    private func updateContentHeight() {
        let height = contentHeight
        if scrollView.contentSize.height != height { scrollView.contentSize.height = height }
    }

    /// Scrolls to the tag at `index`.
    public func scrollToTag(at index: Int) {
        layoutIfNeeded()
        guard let result = flow, result.frames.indices.contains(index) else { return }
        scrollRectToVisible(result.frames[index])
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
        if needed > textField.frame.width + 0.5 || (textField.preedit == nil && flowWidenedForPreedit) {
            flowWidenedForPreedit = textField.preedit != nil
            invalidateFlow()
        }
        if textField.preedit != nil { scrollFieldIntoView() }
    }

    func scrollFieldIntoView() {
        layoutIfNeeded()
        scrollRectToVisible(textField.frame)
    }
}
