/// Where a layout puts one element of a collection view: a cell or a section header.
public struct CollectionViewLayoutAttributes: Sendable, Hashable {
    /// What kind of element the attributes place.
    public enum Category: Sendable, Hashable {
        /// An item's cell.
        case cell
        /// A supplementary view, such as a section header (`CollectionView.elementKindSectionHeader`).
        case supplementaryView(kind: String)
    }

    /// The item (for a header, item 0 of its section).
    public var indexPath: IndexPath
    /// What it places.
    public var representedElementCategory: Category
    /// Its frame in the collection view's content coordinates.
    public var frame: Rect
    /// Elements with a higher z-index are drawn over lower ones (a pinned header over the rows).
    public var zIndex: Int
    /// Whether a separator line is drawn along the bottom edge (the list layout's rows).
    public var showsSeparator: Bool

    /// Attributes for an item's cell.
    public init(forCellWith indexPath: IndexPath, frame: Rect = .zero, showsSeparator: Bool = false) {
        self.indexPath = indexPath
        representedElementCategory = .cell
        self.frame = frame
        zIndex = 0
        self.showsSeparator = showsSeparator
    }

    /// Attributes for a supplementary view of a kind (a section header).
    public init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath, frame: Rect = .zero) {
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView(kind: kind)
        self.frame = frame
        zIndex = 1
        showsSeparator = false
    }
}
