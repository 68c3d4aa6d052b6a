/// The items as accessible children (counted and resolved by index), and the `views` trace fields.
extension CollectionView: AccessibilityItemContainer {
    public var accessibilityItemCount: Int { items.count }

    public func accessibilityItemView(at index: Int) -> View? {
        guard index >= 0, index < items.count, let cell = visibleCellViews[items.indexPath(ofGlobal: index)], !cell.isHidden else { return nil }
        return cell
    }

    public func accessibilityItemElement(at index: Int) -> AccessibilityElement? {
        guard index >= 0, index < items.count else { return nil }
        let path = items.indexPath(ofGlobal: index)
        let frame = collectionViewLayout.layoutAttributesForItem(at: path)?.frame ?? .zero
        return AccessibilityElement(role: .listItem, name: text(forItemAt: path) ?? "", frame: frame)
    }

    public func accessibilityIndex(ofItemView view: View) -> Int? {
        guard let cell = view as? CollectionViewCell, cell.collectionView === self, !cell.isHidden, let path = cell.indexPath,
              items.contains(path) else { return nil }
        return items.globalIndex(of: path)
    }

    public var accessibilityShownItemIndices: [Int] {
        visibleCellViews.values.filter { !$0.isHidden }.compactMap { $0.indexPath.map(items.globalIndex(of:)) }.sorted()
    }

    public var accessibilitySelectedItemIndices: [Int] { selected.map(items.globalIndex(of:)).sorted() }

    public func setAccessibilityItem(at index: Int, selected on: Bool) -> Bool {
        guard allowsSelection, index >= 0, index < items.count else { return false }
        let path = items.indexPath(ofGlobal: index)
        if on {
            if !selected.contains(path) { userSelect(path, toggle: allowsMultipleSelection) }
        } else if selected.contains(path) {
            if allowsMultipleSelection { userSelect(path, toggle: true) } else { setSelection([]); delegate?.collectionView(self, didDeselectItemAt: path) }
        }
        return selected.contains(path) == on
    }

    public func clearAccessibilitySelection() {
        let old = selected.sorted()
        setSelection([])
        for path in old { delegate?.collectionView(self, didDeselectItemAt: path) }
    }

    /// Tells assistive technologies the cursor's cell has focus, as a list's selection moves.
    func announceCursor() {
        guard isFirstResponder, let cursor, let cell = visibleCellViews[cursor], let window,
              window.platform.accessibility.isActive else { return }
        window.platform.accessibility.focusDidChange(to: cell, in: window)
    }

    // MARK: Trace

    func collectionTraceFields() -> [(String, JSON)] {
        func path(_ p: IndexPath?) -> JSON { p.map { .array([.int($0.section), .int($0.item)]) } ?? .null }
        let visible = indexPathsForVisibleItems
        return [
            ("items", .int(items.count)), ("sections", .int(items.sectionCount)),
            ("firstVisible", path(visible.first)), ("lastVisible", path(visible.last)),
            ("selected", .array(indexPathsForSelectedItems.prefix(100).map { path($0) })),
            ("focusedItem", path(cursor)),
            ("cells", .int(visibleCellViews.count)), ("cellViews", .int(cellViewCount)),
        ]
    }
}
