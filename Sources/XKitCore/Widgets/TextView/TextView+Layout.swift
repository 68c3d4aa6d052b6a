/// Viewport layout: paragraphs near the visible rect are laid out (and cached); the rest have
/// estimated heights, replaced by measured ones as they come into view.
extension TextView {
    /// Paragraphs laid out above and below the visible ones, so small scrolls need no layout.
    static let layoutMargin = 4

    /// The width paragraphs wrap at: the view less the insets and the scroll bar's lane.
    public var wrapWidth: Double {
        max(20, bounds.width - textContainerInset.horizontal - scrollBarThickness - 2)
    }

    var lineHeight: Double { fontMetrics.lineHeight }

    /// The font's vertical metrics, asked of the measurer once per layout (`resetLayout` forgets them).
    var fontMetrics: FontMetrics { layoutState.fontMetrics.metrics(of: font, from: textMeasurer) }

    /// Paragraph heights guessed from their lengths: lines of half a line height per character.
    /// The font's metrics are looked up once per estimate, not once per paragraph.
    struct HeightEstimate {
        let lineHeight: Double
        let charactersPerLine: Double

        init(lineHeight: Double, wrapWidth: Double) {
            self.lineHeight = lineHeight
            charactersPerLine = max(1, (wrapWidth / max(1, lineHeight * 0.5)).rounded(.down))
        }

        func height(length: Int) -> Double { lineHeight * max(1, (Double(length) / charactersPerLine).rounded(.up)) }
    }

    var heightEstimate: HeightEstimate { HeightEstimate(lineHeight: lineHeight, wrapWidth: wrapWidth) }

    /// Forgets every layout and estimates all heights again (font, width or whole text changed).
    func resetLayout() {
        layoutState.cache.removeAll()
        layoutState.beforeEdit.removeAll()
        layoutState.advances = nil
        layoutState.fontMetrics.forget()
        let estimate = heightEstimate
        let heights = storage.paragraphLengths.map { estimate.height(length: $0) }
        layoutState.heights = HeightIndex(heights)
        layoutState.measured = Array(repeating: false, count: heights.count)
        layoutState.width = wrapWidth
        updateContentSize()
        setNeedsDisplay()
    }

    /// An edit replaced paragraphs: their heights become estimates again, and cached layouts after
    /// them move with their indices. Storage re-splits the edited paragraph with its neighbours;
    /// those that come back as they were keep their layouts.
    ///
    /// Returns what the edit changed on screen when it kept the paragraph count: the paragraphs whose
    /// text changed, with their heights before (nil where only estimated), and `previousCaret`; nil
    /// when it split or joined paragraphs.
    func layoutDidChange(_ change: TextStorage.Change, previousCaret: Rect) -> EditedArea? {
        let range = change.firstParagraph..<min(layoutState.heights.count, change.firstParagraph + change.removed)
        let inPlace = change.removed == change.inserted && range.count == change.inserted
        let unchanged = inPlace ? range.filter { index in
            layoutState.cache[index].map { TextLayout.sameUTF8($0.attributedText.string[...], displayedParagraph(index).text[...]) } ?? false
        } : []
        let measuredBefore = range.map { layoutState.measured[$0] ? layoutState.heights[$0] : nil }
        let layoutsBefore = range.map { layoutState.cache[$0] }
        let estimate = heightEstimate
        let lengths = storage.paragraphLengths(in: change.firstParagraph..<(change.firstParagraph + change.inserted))
        var added = lengths.map { estimate.height(length: $0) }
        // Paragraphs edited in place most likely keep their laid-out heights: guessing those rather
        // than length-based estimates keeps the content size, and the scroll bar, still while typing.
        if inPlace {
            for (k, height) in measuredBefore.enumerated() { if let height { added[k] = height } }
        }
        layoutState.heights.replaceSubrange(range, with: added)
        layoutState.measured.replaceSubrange(range, with: added.indices.map { unchanged.contains(change.firstParagraph + $0) })
        // Layouts after the edit stay good: only their indices move.
        let shift = change.inserted - change.removed
        if shift == 0 {
            // Typing: no index moves, so only the rewritten paragraphs leave the cache.
            for index in range where !unchanged.contains(index) { layoutState.cache[index] = nil }
        } else {
            var kept: [Int: TextLayout] = [:]
            for (index, layout) in layoutState.cache where !range.contains(index) || unchanged.contains(index) {
                kept[index < range.upperBound ? index : index + shift] = layout
            }
            layoutState.cache = kept
        }
        updateContentSize()
        layoutState.beforeEdit.removeAll()
        guard inPlace else { return nil }
        for (k, layout) in layoutsBefore.enumerated() where !unchanged.contains(range.lowerBound + k) {
            if let layout { layoutState.beforeEdit[range.lowerBound + k] = layout }
        }
        let changed = range.filter { !unchanged.contains($0) }
        guard let first = changed.first, let last = changed.last else {
            return EditedArea(paragraphs: range.lowerBound..<range.lowerBound, previousHeights: [], previousLayouts: [],
                              previousCaret: previousCaret)
        }
        let rewritten = first..<(last + 1)
        let slots = (first - range.lowerBound)..<(first - range.lowerBound + rewritten.count)
        return EditedArea(paragraphs: rewritten, previousHeights: Array(measuredBefore[slots]),
                          previousLayouts: Array(layoutsBefore[slots]), previousCaret: previousCaret)
    }

    /// What to redraw after an edit that kept the paragraph count: the lines of the rewritten
    /// paragraph that changed (or the paragraphs) and both carets, and everything below them when a
    /// height changed.
    func dirtyRect(after edited: EditedArea) -> Rect {
        let paragraphs = edited.paragraphs
        guard paragraphs.upperBound <= layoutState.heights.count else { return bounds }
        for index in paragraphs { _ = paragraphLayout(index) }
        let top = paragraphTop(paragraphs.lowerBound)
        let heights = paragraphs.map { layoutState.heights[$0] }
        let height = heights.reduce(0, +)
        let carets = edited.previousCaret.union(caretRect)
        guard heights == edited.previousHeights else {
            return Rect(x: bounds.minX, y: top, width: bounds.width, height: max(height, bounds.maxY - top)).union(carets)
        }
        if paragraphs.count == 1, let old = edited.previousLayouts.first ?? nil {
            guard let change = paragraphLayout(paragraphs.lowerBound).lineChange(since: old) else { return carets }
            let lines = change.span
            // The text never reaches the scroll bar's lane: leaving it out spares redrawing the bar.
            let right = bounds.maxX - (verticalScrollBar.isHidden ? 0 : scrollBarThickness + 2)
            // Left of where the line changed nothing moved; half an em more covers glyph ink that
            // overhangs its advance to the left.
            let left = change.leftEdge.map { max(bounds.minX, textContainerInset.left + $0 - font.size / 2) }
            let x = min(left ?? bounds.minX, right)
            return Rect(x: x, y: top + lines.lowerBound, width: right - x, height: lines.upperBound - lines.lowerBound).union(carets)
        }
        return Rect(x: bounds.minX, y: top, width: bounds.width, height: height).union(carets)
    }

    /// How far the text's glyphs may reach out of their line boxes: a redraw of some lines is padded
    /// by it, so it also repaints the ink of the lines next to them. What the font's glyphs measured
    /// so far need (all text is measured before it is drawn), or 4 points when the measurer cannot tell.
    var inkOverhang: Double {
        guard let reach = textMeasurer.inkReach(of: font) else { return 4 }
        return reach.overhang(beyond: fontMetrics).rounded(.up)
    }

    func updateContentSize() {
        let size = Size(width: bounds.width, height: layoutState.total + textContainerInset.top + textContainerInset.bottom)
        if contentSize != size { contentSize = size }
    }

    /// The text shown for a paragraph: with the composition in place of the selection in the caret's one.
    @_spi(Testing) public func displayedParagraph(_ index: Int) -> (text: String, preeditRange: Range<Int>?) {
        let text = storage.paragraph(index)
        guard let preedit else { return (text, nil) }
        let (p, start) = storage.paragraphIndex(containing: selectedRange.lowerBound)
        guard p == index else { return (text, nil) }
        let shown = TextComposition.splice(text, replacing: (selectedRange.lowerBound - start)..<(selectedRange.upperBound - start), with: preedit)
        return (shown.text, shown.preeditRange)
    }

    /// Where the composition shows in paragraph `index`, in characters (as `displayedParagraph`
    /// places it), without building the paragraph's text; nil when it is not in that paragraph.
    func preeditRange(inParagraph index: Int) -> Range<Int>? {
        guard let preedit else { return nil }
        let (p, start) = storage.paragraphIndex(containing: selectedRange.lowerBound)
        guard p == index else { return nil }
        let lo = max(0, min(storage.paragraphLength(index), selectedRange.lowerBound - start))
        return lo..<(lo + preedit.text.count)
    }

    /// The layout of paragraph `index`, made and cached on first use; its height replaces the estimate.
    func paragraphLayout(_ index: Int) -> TextLayout {
        if layoutState.width != wrapWidth { resetLayout() }
        if let cached = layoutState.cache[index] { return cached }
        let measurer = textMeasurer
        // Taken out of the state while in use, so its arrays are not shared and grow in place.
        var advances = layoutState.advances.take() ?? AdvanceCache(measurer: measurer)
        if !advances.belongs(to: measurer) || advances.isOversized { advances = AdvanceCache(measurer: measurer) }
        // After an edit, its text is scanned again only around the change.
        let layout = TextLayout(AttributedText(displayedParagraph(index).text, font: font, color: textColor),
                                maxWidth: wrapWidth, alignment: textAlignment, numberOfLines: 0,
                                direction: baseWritingDirection, measurer: measurer, cache: &advances,
                                editing: layoutState.beforeEdit.removeValue(forKey: index))
        layoutState.advances = advances
        if layoutState.cache.count > 400 { layoutState.cache.removeAll() }
        layoutState.cache[index] = layout
        let height = max(lineHeight, layout.size.height)
        if layoutState.heights.indices.contains(index), layoutState.heights[index] != height {
            layoutState.heights[index] = height
            updateContentSize()
        }
        if layoutState.measured.indices.contains(index) { layoutState.measured[index] = true }
        return layout
    }

    /// How many paragraph layouts are cached.
    @_spi(Testing) public var laidOutParagraphCount: Int { layoutState.cache.count }

    /// The top of paragraph `index` in content coordinates.
    func paragraphTop(_ index: Int) -> Double {
        textContainerInset.top + layoutState.heights.top(of: index)
    }

    /// The paragraph at a content y (clamped to the first and last) and its top.
    func paragraph(atY y: Double) -> (index: Int, top: Double) {
        let (index, top) = layoutState.heights.paragraph(at: y - textContainerInset.top)
        return (index, textContainerInset.top + top)
    }

    /// The first paragraph showing at the top of the viewport.
    public var firstVisibleParagraph: Int { paragraph(atY: contentOffset.y).index }

    /// Lays out the paragraphs in and near the viewport; returns them with their tops.
    @_spi(Testing) public func visibleParagraphs() -> [(index: Int, top: Double, layout: TextLayout)] {
        let range = layOutViewport()
        var top = range.isEmpty ? 0 : paragraphTop(range.lowerBound)
        return range.map { index in
            defer { top += layoutState.heights[index] }
            return (index, top, paragraphLayout(index))
        }
    }

    /// Makes sure the paragraphs in and near the viewport are laid out, so their heights are
    /// measured and a small scroll needs no layout; returns the visible ones and those just below.
    ///
    /// Paragraphs already laid out are only looked up: a key's redraw passes here without laying
    /// out anything but the paragraph it edited.
    @discardableResult
    func layOutViewport() -> Range<Int> {
        guard !layoutState.heights.isEmpty else { return 0..<0 }
        if layoutState.width != wrapWidth { resetLayout() }
        var (i, top) = paragraph(atY: contentOffset.y)
        for j in max(0, i - TextView.layoutMargin)..<i where layoutState.cache[j] == nil { _ = paragraphLayout(j) }
        (i, top) = paragraph(atY: contentOffset.y)
        let first = i
        let bottom = contentOffset.y + bounds.height
        var extra = 0
        while i < storage.paragraphCount {
            if layoutState.cache[i] == nil { _ = paragraphLayout(i) }
            top += layoutState.heights[i]
            i += 1
            if top > bottom { extra += 1; if extra > TextView.layoutMargin { break } }
        }
        return first..<i
    }

    /// The laid-out paragraphs a rect in content coordinates crosses, with their tops.
    func paragraphs(crossing rect: Rect) -> [(index: Int, top: Double, layout: TextLayout)] {
        guard !layoutState.heights.isEmpty else { return [] }
        var (i, top) = paragraph(atY: rect.minY)
        var result: [(index: Int, top: Double, layout: TextLayout)] = []
        while i < storage.paragraphCount && top <= rect.maxY {
            let layout = paragraphLayout(i)
            if top + layout.size.height >= rect.minY { result.append((i, top, layout)) }
            top += layoutState.heights[i]
            i += 1
        }
        return result
    }

    // MARK: Geometry of offsets

    /// The caret's rect for a character offset, in content coordinates.
    @_spi(Testing) public func caretRect(forOffset offset: Int) -> Rect {
        let (p, start) = storage.paragraphIndex(containing: offset)
        let layout = paragraphLayout(p)
        var local = offset - start
        if let preedit, p == storage.paragraphIndex(containing: selectedRange.lowerBound).index, offset == caret {
            local = selectedRange.lowerBound - start + preedit.caret
        }
        let top = paragraphTop(p)
        guard !layout.lines.isEmpty else {
            return Rect(x: textContainerInset.left + alignedEmptyX, y: top, width: 1, height: lineHeight)
        }
        let li = layout.lineIndex(containingCluster: local)
        let line = layout.lines[li]
        return Rect(x: (textContainerInset.left + line.rect.x + layout.caretX(beforeCharacter: local)).rounded(.down),
                    y: top + line.rect.minY, width: 1, height: line.rect.height)
    }

    private var alignedEmptyX: Double {
        switch textAlignment {
        case .center: return wrapWidth / 2
        case .right: return wrapWidth - 1
        default: return baseWritingDirection == .rightToLeft ? wrapWidth - 1 : 0
        }
    }

    /// The caret's rect in bounds (content) coordinates.
    public var caretRect: Rect { caretRect(forOffset: caret) }

    /// The character offset nearest a point in content coordinates.
    public func characterOffset(at point: Point) -> Int {
        let (p, top) = paragraph(atY: point.y)
        let layout = paragraphLayout(p)
        let start = storage.paragraphStart(p)
        let string = layout.attributedText.string
        let hit = layout.caretIndex(at: Point(x: point.x - textContainerInset.left, y: point.y - top))
        return start + min(storage.paragraphLength(p), string.distance(from: string.startIndex, to: hit.index))
    }

    /// Scrolls just enough to show the caret.
    func scrollCaretIntoView() {
        guard bounds.height > 0 else { return }
        scrollRectToVisible(caretRect, margin: 2)
    }

}

/// An edit that kept the paragraph count, for redrawing only what it changed.
struct EditedArea {
    var paragraphs: Range<Int>
    /// The paragraphs' laid-out heights before the edit; nil where they were only estimated.
    var previousHeights: [Double?]
    /// The paragraphs' layouts before the edit, where they were laid out, to find the lines that changed.
    var previousLayouts: [TextLayout?]
    var previousCaret: Rect
}

/// What the viewport layout remembers between passes.
struct TextViewLayoutState {
    var heights = HeightIndex([0])
    var measured: [Bool] = [false]
    var total: Double { heights.total }
    var width = 0.0
    var cache: [Int: TextLayout] = [:]
    /// The layouts of paragraphs an edit just changed, from before it: the next layout of each
    /// reuses its scan away from the change.
    var beforeEdit: [Int: TextLayout] = [:]
    /// Advances measured for earlier paragraphs, reused by the next layouts until the font changes.
    var advances: AdvanceCache?
    /// The font's metrics (see `TextView.fontMetrics`).
    var fontMetrics = FontMetricsCache()
}
