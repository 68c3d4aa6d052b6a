/// The place of an item in a collection view: its section and its item within the section, like Foundation's IndexPath.
///
///     let path = IndexPath(item: 3, section: 0)
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section, from 0.
    public var section: Int
    /// The item within the section, from 0.
    public var item: Int

    /// The path of item `item` in section `section`.
    public init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }

    /// The row of a list, UITableView's name for `item`.
    public var row: Int { item }

    /// Orders by section, then item: the reading order of the collection.
    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        (a.section, a.item) < (b.section, b.item)
    }

    public var description: String { "[\(section), \(item)]" }
}
