/// Turning the layout's attributes into the few cell views in sight, reusing the ones that left it.
extension CollectionView {
    /// Brings counts, the layout and the content size up to date (no cells are made).
    func syncLayout() {
        if !countsMatchDataSource() {
            Trace.warnOnce("collectionView.silentCountChange", "a collection view's data source changed its counts without "
                + "reloadData, insertItems or a snapshot; the view reloads")
            reloadData()
        }
        if laidOutWidth != bounds.width {
            if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) || laidOutWidth < 0 {
                collectionViewLayout.invalidateLayout()
            }
            laidOutWidth = bounds.width
        }
        collectionViewLayout.prepareIfNeeded()
        let size = collectionViewLayout.collectionViewContentSize
        if contentSize != size { contentSize = size }
    }

    /// The content rect whose elements get views: the visible rect and a margin.
    var preparedRect: Rect {
        let margin = max(0, bounds.height * preparedMarginFraction)
        return visibleRect.insetBy(dx: 0, dy: -margin)
    }

    /// Shows a view for each element in the prepared rect, measuring self-sizing cells as they show.
    func realizeVisibleElements() {
        guard dataSource != nil else {
            for (_, cell) in visibleCellViews { enqueue(cell) }
            visibleCellViews = [:]
            return
        }
        isRealizing = true
        defer { isRealizing = false; dequeuedInPass = [] }
        var attributes = collectionViewLayout.layoutAttributesForElements(in: preparedRect)
        if collectionViewLayout.usesSelfSizingCells {
            // Measuring may move rows: keep the first row in sight still, then ask again.
            for _ in 0..<3 {
                guard measureNewCells(attributes) else { break }
                let size = collectionViewLayout.collectionViewContentSize
                if contentSize != size { contentSize = size }
                attributes = collectionViewLayout.layoutAttributesForElements(in: preparedRect)
            }
        }
        var neededCells: [IndexPath: CollectionViewLayoutAttributes] = [:]
        var neededHeaders: [IndexPath: CollectionViewLayoutAttributes] = [:]
        for a in attributes {
            switch a.representedElementCategory {
            case .cell: neededCells[a.indexPath] = a
            case .supplementaryView: neededHeaders[a.indexPath] = a
            }
        }
        // The cursor's cell stays while it has focus, so the focus ring and AT-SPI focus follow it.
        if let cursor, isFirstResponder, neededCells[cursor] == nil, let a = collectionViewLayout.layoutAttributesForItem(at: cursor) {
            neededCells[cursor] = a
        }
        for path in alwaysRealizedItems?() ?? [] where neededCells[path] == nil {
            if let a = collectionViewLayout.layoutAttributesForItem(at: path) { neededCells[path] = a }
        }
        for (path, cell) in visibleCellViews where neededCells[path] == nil {
            visibleCellViews[path] = nil
            enqueue(cell)
        }
        handedOut = Set(visibleCellViews.values.map { ObjectIdentifier($0) })
        // After an animated change the cells that were already shown slide to their new places.
        var sliding: [(CollectionViewCell, CollectionViewLayoutAttributes)] = []
        let slides = animatesNextPlacement
        animatesNextPlacement = false
        for (path, a) in neededCells {
            if slides, let cell = visibleCellViews[path], cell.frame != a.frame {
                sliding.append((cell, a))
                continue
            }
            let cell = visibleCellViews[path] ?? makeCell(at: path)
            visibleCellViews[path] = cell
            place(cell, a)
        }
        if !sliding.isEmpty {
            View.animate(withDuration: Self.changeAnimationDuration, delay: 0, options: [.curveEaseInOut], animations: {
                for (cell, a) in sliding { place(cell, a) }
            }, completion: nil)
        }
        realizeHeaders(neededHeaders)
    }

    /// How long an animated change takes: deleted cells fading, kept ones sliding, in seconds.
    static let changeAnimationDuration = 0.2

    /// Retires a deleted item's cell at once (selection, focus, menu) but keeps drawing it while it
    /// fades out, then puts it in the pool.
    func fadeAway(_ cell: CollectionViewCell) {
        if cell.isFirstResponder { _ = becomeFirstResponder() }
        cell.isSelected = false
        cell.showsKeyboardFocus = false
        cell.indexPath = nil
        if let menus = window?.application.menuController, menus.isShowingMenu(for: cell) { menus.hideMenu() }
        cell.isLeaving = true
        window?.viewTreeDidChange()
        View.animate(withDuration: Self.changeAnimationDuration, delay: 0, options: [.curveEaseOut], animations: { cell.alpha = 0 },
                     completion: { [weak self, weak cell] _ in
            guard let cell else { return }
            View.performWithoutAnimation { cell.alpha = 1 }
            cell.isLeaving = false
            if let self { self.enqueue(cell) } else { cell.isHidden = true }
        })
    }

    /// Asks the data source for a cell and checks it; a bad one is replaced by a blank cell, with a warning.
    private func makeCell(at path: IndexPath) -> CollectionViewCell {
        guard let dataSource else { return blankCell(at: path) }
        let cell = dataSource.collectionView(self, cellForItemAt: path)
        let id = ObjectIdentifier(cell)
        if cell.collectionView !== self || !dequeuedInPass.contains(id) && cell.superview !== self {
            Trace.warnOnce("collectionView.foreignCell", "a collection view's data source returned a cell for \(path) that it did "
                + "not dequeue from this collection view; a blank cell is shown")
            return blankCell(at: path)
        }
        if handedOut.contains(id) {
            Trace.warnOnce("collectionView.reusedCell", "a collection view's data source returned the same cell for two items "
                + "(again at \(path)); a blank cell is shown")
            return blankCell(at: path)
        }
        handedOut.insert(id)
        cell.indexPath = path
        return cell
    }

    private func blankCell(at path: IndexPath) -> CollectionViewCell {
        let cell = dequeueReusableCell(withReuseIdentifier: "CollectionView.blank", for: path)
        handedOut.insert(ObjectIdentifier(cell))
        return cell
    }

    private func place(_ cell: CollectionViewCell, _ a: CollectionViewLayoutAttributes) {
        if cell.frame != a.frame { cell.frame = a.frame }
        cell.indexPath = a.indexPath
        cell.showsSeparator = a.showsSeparator
        cell.isSelected = selected.contains(a.indexPath)
        cell.showsKeyboardFocus = isFirstResponder && cursor == a.indexPath
        if cell.isHidden { cell.isHidden = false }
        cell.apply(a)
    }

    /// Measures the cells of items that have none yet; returns whether any height changed.
    private func measureNewCells(_ attributes: [CollectionViewLayoutAttributes]) -> Bool {
        var changed = false
        let top = visibleRect.minY
        var shift = 0.0
        for a in attributes where a.representedElementCategory == .cell && visibleCellViews[a.indexPath] == nil {
            let cell = makeCell(at: a.indexPath)
            visibleCellViews[a.indexPath] = cell
            place(cell, a)
            cell.layoutIfNeeded()
            let grew = collectionViewLayout.setPreferredHeight(cell.preferredLayoutHeight(forWidth: a.frame.width), forItemAt: a.indexPath)
            if grew != 0 {
                changed = true
                if a.frame.minY < top { shift += grew }
            }
        }
        if shift != 0 {
            isRealizing = true
            setContentOffsetQuietly(Point(x: contentOffset.x, y: contentOffset.y + shift))
        }
        return changed
    }

    private func realizeHeaders(_ needed: [IndexPath: CollectionViewLayoutAttributes]) {
        for (path, view) in visibleSupplementaryViews where needed[path] == nil {
            visibleSupplementaryViews[path] = nil
            enqueue(view)
        }
        for (path, a) in needed {
            let view: CollectionReusableView
            if let shown = visibleSupplementaryViews[path] {
                view = shown
            } else {
                guard case .supplementaryView(let kind) = a.representedElementCategory,
                      let made = dataSource?.collectionView(self, viewForSupplementaryElementOfKind: kind, at: path) else { continue }
                guard made.collectionView === self else {
                    Trace.warnOnce("collectionView.foreignHeader", "a collection view's data source returned a header it did not "
                        + "dequeue from this collection view; it is not shown")
                    continue
                }
                view = made
                visibleSupplementaryViews[path] = view
            }
            if view.frame != a.frame { view.frame = a.frame }
            view.indexPath = path
            view.isHidden = false
            view.apply(a)
            // Pinned headers draw over the rows scrolling under them.
            if subviews.last(where: { !($0 is ScrollBar) }) !== view { insertSubview(view, at: subviews.count) }
        }
    }

    func enqueue(_ cell: CollectionViewCell) {
        if cell.isFirstResponder { _ = becomeFirstResponder() }
        cell.isHidden = true
        cell.isSelected = false
        cell.showsKeyboardFocus = false
        cell.indexPath = nil
        if let menus = window?.application.menuController, menus.isShowingMenu(for: cell) { menus.hideMenu() }
        cellPool[cell.reuseIdentifier ?? "", default: []].append(cell)
    }

    func enqueue(_ view: CollectionReusableView) {
        view.isHidden = true
        view.indexPath = nil
        supplementaryPool[view.reuseIdentifier ?? "", default: []].append(view)
    }
}
