/// Pointer, wheel, keyboard, type-to-find and Copy.
extension CollectionView {
    func configureInteraction() {
        _ = longPress.addTarget { [weak self] recognizer in
            guard let self, recognizer.state == .began else { return }
            let point = recognizer.location(in: self)
            guard let path = self.indexPathForItem(at: point), let cell = self.visibleCellViews[path] else { return }
            self.window?.application.menuController.showMenu(from: cell, rect: cell.bounds, event: recognizer.lastEvent)
        }
        addGestureRecognizer(longPress)
    }

    // MARK: Pointer

    func handlePointerDown(_ event: PointerEvent) -> Bool {
        let point = convert(event.location, from: nil)
        guard event.button == .primary || event.button == .secondary else { return false }
        guard let path = indexPathForItem(at: point) else { return event.button == .primary }
        if event.button == .secondary {
            // A right-click selects the item it opens the menu of, unless it is part of the selection.
            if !selected.contains(path) { userSelect(path) }
            return false
        }
        let extend = event.modifiers.contains(.shift), toggle = event.modifiers.contains(.control)
        userSelect(path, extend: extend, toggle: toggle)
        visibleCellViews[path]?.isHighlighted = true
        return true
    }

    func clearHighlights() {
        for (_, cell) in visibleCellViews where cell.isHighlighted { cell.isHighlighted = false }
    }

    // MARK: Focus

    func handleFocusChange() {
        if isFirstResponder && cursor == nil && items.count > 0 {
            cursor = selected.min() ?? visibleCellViews.keys.min() ?? IndexPath(item: 0, section: items.section(ofGlobal: 0))
        }
        if let cursor { visibleCellViews[cursor]?.showsKeyboardFocus = isFirstResponder }
        window?.viewTreeDidChange()
    }

    // MARK: Keys

    /// Returns nil for keys the scroll view should handle.
    func handleKey(_ event: KeyEvent) -> Bool? {
        guard event.kind == .down else { return nil }
        if extensionHandleKey(event) { return true }
        let mods = event.modifiers
        let extend = mods.contains(.shift) && allowsMultipleSelection
        let plain = mods.isDisjoint(with: [.control, .alt, .super])
        switch event.key {
        case .up, .down, .left, .right:
            guard plain || mods == .control else { return false }
            let direction: CollectionViewMoveDirection = event.key == .up ? .up : event.key == .down ? .down : event.key == .left ? .left : .right
            guard let from = cursor ?? selected.min() else { return moveTo(globalIndex: 0, event: event) }
            guard let to = collectionViewLayout.indexPath(from: from, moving: direction) else { return true }
            move(to: to, extend: extend, selecting: mods != .control)
            return true
        case .home, .end:
            guard plain, items.count > 0 else { return nil }
            return moveTo(globalIndex: event.key == .home ? 0 : items.count - 1, event: event)
        case .pageUp, .pageDown:
            guard plain, items.count > 0 else { return nil }
            let from = cursor ?? indexPathsForVisibleItems.first ?? IndexPath(item: 0, section: 0)
            guard let frame = layoutAttributesForItem(at: from)?.frame else { return nil }
            let page = max(1, bounds.height * 0.9)
            let target = Point(x: frame.midX, y: event.key == .pageDown ? min(contentSize.height - 1, frame.midY + page)
                                                                         : max(0, frame.midY - page))
            scroll(by: Point(x: 0, y: event.key == .pageDown ? page : -page))
            let edge = items.indexPath(ofGlobal: event.key == .pageDown ? items.count - 1 : 0)
            move(to: indexPathForItem(at: target) ?? edge, extend: extend, selecting: true)
            return true
        case .enter:
            guard plain, let path = cursor ?? selected.min() else { return false }
            Trace.emit("collection.activated", [("indexPath", .array([.int(path.section), .int(path.item)]))])
            delegate?.collectionView(self, performPrimaryActionForItemAt: path)
            return true
        case .space where plain && allowsMultipleSelection:
            guard let path = cursor else { return false }
            userSelect(path, toggle: true)
            return true
        case .escape:
            return false
        default:
            if plain, let text = event.text, let first = text.first, !first.isNewline, first != "\t",
               !first.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) {
                return typeToFind(text, time: event.time)
            }
            return nil
        }
    }

    @discardableResult
    private func moveTo(globalIndex: Int, event: KeyEvent) -> Bool {
        guard items.count > 0 else { return false }
        move(to: items.indexPath(ofGlobal: min(max(0, globalIndex), items.count - 1)),
             extend: event.modifiers.contains(.shift) && allowsMultipleSelection, selecting: true)
        return true
    }

    private func move(to path: IndexPath, extend: Bool, selecting: Bool) {
        if selecting && allowsSelection { userSelect(path, extend: extend) } else { moveCursor(to: path) }
        scrollToItem(at: path)
        layoutIfNeeded()
        announceCursor()
    }

    // MARK: Type to find

    /// How long a pause starts a new search, in seconds (GTK's is 1.5 s for its lists' search).
    static var typeaheadTimeout: Double { 1.0 }

    /// Appends to the search and selects the first item from the cursor whose text starts with it.
    private func typeToFind(_ text: String, time: Double) -> Bool {
        guard delegate != nil, items.count > 0 else { return false }
        if time - typeaheadTime > Self.typeaheadTimeout { typeahead = "" }
        typeaheadTime = time
        let repeated = typeahead.count == 1 && text.lowercased() == typeahead.lowercased()
        typeahead = repeated ? typeahead : typeahead + text
        let needle = typeahead.lowercased()
        let start = cursor.map { items.globalIndex(of: $0) } ?? 0
        // A new first letter (or the same one again) moves on from the cursor; more letters refine in place.
        let offset = typeahead.count == 1 ? 1 : 0
        let n = items.count
        for k in 0..<n {
            let g = (start + offset + k) % n
            let path = items.indexPath(ofGlobal: g)
            if let title = self.text(forItemAt: path), title.lowercased().hasPrefix(needle) {
                move(to: path, extend: false, selecting: true)
                return true
            }
        }
        return true
    }

    // MARK: Copy

    var canCopySelection: Bool { selected.contains { copyText(forItemAt: $0) != nil } }

    /// Puts the items' copy text on the CLIPBOARD, one line each; returns whether there was any.
    @discardableResult
    public func copyItems(at indexPaths: [IndexPath], event: InputEvent? = nil) -> Bool {
        let lines = indexPaths.sorted().compactMap { copyText(forItemAt: $0) }
        guard !lines.isEmpty else { return false }
        guard let pasteboard = application?.platform.pasteboard(.clipboard) else {
            Trace.warn("copy: the collection view is in no application")
            return false
        }
        let text = lines.joined(separator: "\n")
        pasteboard.setString(text, event: event)
        Trace.emit("copied", [("id", accessibilityIdentifier.map { JSON.string($0) } ?? .null), ("bytes", .int(text.utf8.count)),
                              ("items", .int(lines.count))])
        return true
    }
}
