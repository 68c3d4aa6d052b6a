/// Supplies a collection view's items and their cells, like UICollectionViewDataSource.
///
/// Counts must change only with `reloadData()`, `insertItems`/`deleteItems`, or a diffable data
/// source's `apply`; a count that changes silently is noticed at the next layout, warned about and
/// reloaded.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    /// How many sections there are (1 by default).
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// How many items a section holds.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The configured cell for an item, from `dequeueReusableCell(withReuseIdentifier:for:)`.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
    /// A header (`CollectionView.elementKindSectionHeader`) or other supplementary view; nil shows none.
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> CollectionReusableView?
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> CollectionReusableView? { nil }
}

/// Hears a collection view's selection and activation, like UICollectionViewDelegate.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
    /// Whether the user may select the item (true by default).
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// The user selected an item (a click, a Ctrl- or Shift-click, an arrow key).
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// The user deselected an item.
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Enter or a double-click activated the item.
    func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath)
    /// The item's text: what type-to-find matches, what assistive technologies read for rows that
    /// have no cell, and by default what Copy puts on the clipboard. Nil by default.
    func collectionView(_ collectionView: CollectionView, textForItemAt indexPath: IndexPath) -> String?
    /// What Copy and Ctrl+C put on the clipboard for the item (one line per item); by default its text.
    func collectionView(_ collectionView: CollectionView, copyTextForItemAt indexPath: IndexPath) -> String?
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, textForItemAt indexPath: IndexPath) -> String? { nil }
    public func collectionView(_ collectionView: CollectionView, copyTextForItemAt indexPath: IndexPath) -> String? {
        self.collectionView(collectionView, textForItemAt: indexPath)
    }
}

/// A delegate that sizes items for a flow or grid layout, like UICollectionViewDelegateFlowLayout.
@MainActor
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
    /// The item's size; NaN, infinite and negative sizes are warned about and become 0.
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size
}

/// A mistake in how a collection view is used that the typed API reports.
public enum CollectionViewError: Error, Equatable, CustomStringConvertible {
    /// The cell dequeued for the identifier is not of the class asked for.
    case wrongCellClass(reuseIdentifier: String, expected: String, actual: String)

    public var description: String {
        switch self {
        case .wrongCellClass(let id, let expected, let actual):
            "the cell registered for \"\(id)\" is a \(actual), not a \(expected)"
        }
    }
}

/// A delegate that holds its items' sizes in an array and hands a layout a section's at once
/// (`CollectionViewLayoutContext.sizesForItems(inSection:)`); XKit's own views only.
@MainActor
protocol CollectionViewItemSizes: AnyObject {
    func sizesForItems(in collectionView: CollectionView, section: Int) -> [Size]?
}
