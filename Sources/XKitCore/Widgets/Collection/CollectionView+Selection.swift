/// Selection: clicks, Ctrl- and Shift-clicks, the arrows and the code API, as UIKit names them.
extension CollectionView {
    /// The selected items, in order.
    public var indexPathsForSelectedItems: [IndexPath] { selected.sorted() }

    /// The item with the keyboard cursor (where the arrows move from).
    public var focusedIndexPath: IndexPath? { cursor }

    /// Selects an item (replacing the selection unless `allowsMultipleSelection`) and scrolls to it;
    /// nil clears the selection. Delegates are not told, as in UIKit.
    public func selectItem(at indexPath: IndexPath?, animated: Bool = false, scrollPosition: ScrollPosition = []) {
        guard let indexPath else { setSelection([]); return }
        guard items.contains(indexPath) else {
            Trace.warn("collectionView.selectItem: \(indexPath) is out of range")
            return
        }
        setSelection(allowsMultipleSelection ? selected.union([indexPath]) : [indexPath])
        moveCursor(to: indexPath)
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition) }
    }

    /// Deselects an item; delegates are not told.
    public func deselectItem(at indexPath: IndexPath, animated: Bool = false) {
        setSelection(selected.subtracting([indexPath]))
    }

    func setSelection(_ new: Set<IndexPath>) {
        guard new != selected else { return }
        let changed = new.symmetricDifference(selected)
        selected = new
        for path in changed { visibleCellViews[path]?.isSelected = new.contains(path) }
        window?.viewTreeDidChange()
    }

    func moveCursor(to path: IndexPath?) {
        let old = cursor
        cursor = path
        if let old { visibleCellViews[old]?.showsKeyboardFocus = false }
        if let path { visibleCellViews[path]?.showsKeyboardFocus = isFirstResponder }
        if old != path { window?.viewTreeDidChange(); setNeedsLayout() }
    }

    /// A user selection of `path`: with `extend` (Shift) the range from the anchor, with `toggle`
    /// (Ctrl) the item added or removed; else the item alone. Delegates hear each change.
    func userSelect(_ path: IndexPath, extend: Bool = false, toggle: Bool = false) {
        guard allowsSelection, items.contains(path) else { return }
        let multiple = allowsMultipleSelection
        var new: Set<IndexPath>
        if multiple && extend, let anchor = selectionAnchor, items.contains(anchor) {
            let a = items.globalIndex(of: anchor), b = items.globalIndex(of: path)
            // A range of a million rows is not stored item by item by accident: extend is bounded.
            let range = min(a, b)...max(a, b)
            guard range.count <= 100_000 else {
                Trace.warnOnce("collectionView.hugeRange", "a Shift-selection of \(range.count) items is limited to 100,000")
                return
            }
            new = Set(range.map { items.indexPath(ofGlobal: $0) })
        } else if multiple && toggle {
            new = selected
            if new.contains(path) { new.remove(path) } else { new.insert(path) }
            selectionAnchor = path
        } else {
            new = [path]
            selectionAnchor = path
        }
        let added = new.subtracting(selected).sorted()
        if let delegate {
            new = new.filter { selected.contains($0) || delegate.collectionView(self, shouldSelectItemAt: $0) }
        }
        let removed = selected.subtracting(new).sorted()
        setSelection(new)
        moveCursor(to: path)
        Trace.emit("collection.selected", [("id", accessibilityIdentifier.map { JSON.string($0) } ?? .null),
                                           ("indexPath", .array([.int(path.section), .int(path.item)])),
                                           ("count", .int(new.count))])
        for p in removed { delegate?.collectionView(self, didDeselectItemAt: p) }
        for p in added where new.contains(p) { delegate?.collectionView(self, didSelectItemAt: p) }
    }
}

extension CollectionView {
    /// Puts back a selection after the items moved (a snapshot was applied); delegates are not told.
    func restoreSelection(_ paths: [IndexPath], cursor newCursor: IndexPath?) {
        setSelection(Set(paths.filter { items.contains($0) }))
        if let anchor = selectionAnchor, !items.contains(anchor) { selectionAnchor = nil }
        moveCursor(to: newCursor)
    }
}
