/// Find: Ctrl+F opens the find bar, typing searches from where the selection was, Enter / F3 and
/// Shift+Enter / Shift+F3 go to the next and previous match (wrapping), every match in sight is
/// highlighted, and Escape closes the bar. Matching is `TextFinder`'s: by grapheme, case-insensitive.
extension TextView {
    /// Whether the find bar is showing.
    public var isFindNavigatorVisible: Bool { findBar?.isHidden == false }

    /// The find bar's query (empty while nothing is searched).
    public var searchText: String { finder?.query ?? "" }

    /// Shows the find bar with the selection (within one paragraph) as its query, focused.
    public func presentFindNavigator() {
        guard isFindInteractionEnabled else { return }
        let bar = findBar ?? makeFindBar()
        let selected = selectedText
        if hasSelection, !selected.contains(where: \.isNewline) { bar.field.text = selected }
        bar.isHidden = false
        findOrigin = selectedRange.lowerBound
        layoutFindBar()
        bar.field.becomeFirstResponder()
        bar.field.select(0..<bar.field.text.count)
        search(bar.field.text, from: findOrigin)
    }

    /// Hides the find bar, keeps the match selected and gives the focus back to the text.
    public func dismissFindNavigator() {
        guard let bar = findBar, !bar.isHidden else { return }
        bar.isHidden = true
        finder = nil
        findMatches.removeAll()
        becomeFirstResponder()
        setNeedsDisplay()
        markTraceChanged()
    }

    /// Selects the next match after the selection (from the start after the last one).
    public func findNext() { step(forward: true) }

    /// Selects the match before the selection (from the end before the first one).
    public func findPrevious() { step(forward: false) }

    /// The keys of find: Ctrl+F anywhere in the view; F3 / Shift+F3 and Escape while the bar shows.
    func handleFindKey(_ event: KeyEvent) -> Bool {
        let control = event.modifiers.contains(.control), shift = event.modifiers.contains(.shift)
        switch event.key {
        case .character("f") where control && !shift && !event.modifiers.contains(.alt):
            guard isFindInteractionEnabled else { return false }
            presentFindNavigator()
            return true
        case .function(3) where !control:
            guard isFindInteractionEnabled else { return false }
            if !isFindNavigatorVisible { presentFindNavigator() }
            step(forward: !shift)
            return true
        case .escape where isFindNavigatorVisible:
            dismissFindNavigator()
            return true
        default:
            return false
        }
    }

    private func makeFindBar() -> TextViewFindBar {
        let bar = TextViewFindBar()
        bar.field.accessibilityIdentifier = accessibilityIdentifier.map { $0 + ".find" } ?? "textview.find"
        bar.field.onChange = { [weak self] field in
            guard let self else { return }
            self.search(field.text, from: self.findOrigin)
        }
        bar.field.keyPreview = { [weak self] _, event in
            guard let self, event.kind == .down else { return false }
            switch event.key {
            case .enter:
                self.step(forward: !event.modifiers.contains(.shift))
                return true
            case .escape:
                self.dismissFindNavigator()
                return true
            default:
                return false
            }
        }
        findBar = bar
        addSubview(bar)
        return bar
    }

    /// Keeps the bar at the top right of what is in sight (the bounds origin is the scroll offset).
    func layoutFindBar() {
        guard let bar = findBar, !bar.isHidden else { return }
        let size = TextViewFindBar.size
        let width = min(size.width, max(120, bounds.width - scrollBarThickness - 12))
        bar.frame = Rect(x: contentOffset.x + bounds.width - scrollBarThickness - 6 - width, y: contentOffset.y + 4,
                         width: width, height: size.height)
        bar.field.frame.size.width = max(60, width - 104)
        bar.status.frame.origin.x = bar.field.frame.maxX + 6
    }

    /// Searches from `offset` as the query is typed: the first match at or after it is selected.
    private func search(_ query: String, from offset: Int) {
        finder = query.isEmpty ? nil : TextFinder(query: query)
        findMatches.removeAll()
        if let finder, let hit = finder.next(in: storage, from: offset) {
            showMatch(hit)
        } else {
            findBar?.status.text = query.isEmpty ? "" : "No matches"
            if !query.isEmpty { Trace.emit("find.none", [("query", .string(query))]) }
        }
        setNeedsDisplay()
        markTraceChanged()
    }

    private func step(forward: Bool) {
        guard let finder else { return }
        let hit = forward ? finder.next(in: storage, from: hasSelection ? selectedRange.lowerBound + 1 : caret)
            : finder.previous(in: storage, before: selectedRange.lowerBound)
        if let hit { showMatch(hit) } else { findBar?.status.text = "No matches" }
    }

    /// Up to this many characters, the bar counts the matches ("2 of 5"); past it, counting every
    /// match on each typed letter would cost more than a frame.
    public static let findCountLimit = 1_000_000

    private func showMatch(_ range: Range<Int>) {
        if let finder, storage.count <= TextView.findCountLimit {
            let all = finder.allMatches(in: storage)
            let index = all.firstIndex { $0.lowerBound >= range.lowerBound } ?? 0
            findBar?.status.text = "\(index + 1) of \(all.count)"
        } else {
            findBar?.status.text = ""
        }
        setSelection(anchor: range.lowerBound, caret: range.upperBound)
        scrollRectToVisible(caretRect(forOffset: range.lowerBound), margin: TextViewFindBar.size.height + 8)
        layoutFindBar()
        Trace.emit("find.match", [("query", .string(searchText)), ("range", .array([.int(range.lowerBound), .int(range.upperBound)]))])
    }

    /// The matches of the query in paragraph `index` (character offsets in it), cached until the
    /// text or the query changes.
    func findMatches(inParagraph index: Int) -> [Range<Int>] {
        guard let finder else { return [] }
        if let cached = findMatches[index] { return cached }
        let found = finder.matches(in: storage.paragraph(index))
        if findMatches.count > 400 { findMatches.removeAll() }
        findMatches[index] = found
        return found
    }
}
