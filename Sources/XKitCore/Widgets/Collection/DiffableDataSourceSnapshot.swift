/// The state of a collection view's data at one moment: sections and the items in each, by
/// identifier, like NSDiffableDataSourceSnapshot.
///
///     var snapshot = DiffableDataSourceSnapshot<String, Int>()
///     snapshot.appendSections(["A"])
///     snapshot.appendItems([1, 2, 3], toSection: "A")
///     dataSource.apply(snapshot)
///
/// Identifiers must be unique across the snapshot: a duplicate is refused with a warning (the
/// first stays), as are items for a section that is not in it.
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    private(set) var sections: [SectionIdentifierType] = []
    private(set) var itemsBySection: [[ItemIdentifierType]] = []
    private var sectionIndex: [SectionIdentifierType: Int] = [:]
    /// Items to configure again although their identifiers did not move.
    private(set) var reloaded: Set<ItemIdentifierType> = []
    /// Which items are in the snapshot, for refusing duplicates.
    private var members = SnapshotMembership<ItemIdentifierType>()

    /// An empty snapshot.
    public init() {}

    /// How many sections there are.
    public var numberOfSections: Int { sections.count }
    /// How many items there are in all.
    public var numberOfItems: Int { itemsBySection.reduce(0) { $0 + $1.count } }
    /// The sections, in order.
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    /// Every item, in order.
    public var itemIdentifiers: [ItemIdentifierType] { itemsBySection.flatMap { $0 } }

    /// The items of a section (empty when it is not in the snapshot).
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        sectionIndex[identifier].map { itemsBySection[$0] } ?? []
    }

    /// How many items a section holds.
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        sectionIndex[identifier].map { itemsBySection[$0].count } ?? 0
    }

    /// The section holding an item.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        for (s, items) in itemsBySection.enumerated() where items.contains(identifier) { return sections[s] }
        return nil
    }

    /// The item's position among all items, or nil.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        var offset = 0
        for items in itemsBySection {
            if let i = items.firstIndex(of: identifier) { return offset + i }
            offset += items.count
        }
        return nil
    }

    /// The section's position, or nil.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sectionIndex[identifier] }

    /// Adds sections at the end; ones already present are refused with a warning.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for id in identifiers {
            guard sectionIndex[id] == nil else {
                Trace.warn("snapshot.appendSections: the section \(id) is already in the snapshot; the duplicate is ignored")
                continue
            }
            sectionIndex[id] = sections.count
            sections.append(id)
            itemsBySection.append([])
        }
    }

    /// Adds items at the end of a section (the last one when nil).
    ///
    /// Items already in the snapshot are refused with a warning; with no section, nothing is added.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil) {
        guard let s = section.map({ sectionIndex[$0] }) ?? (sections.isEmpty ? nil : sections.count - 1) else {
            Trace.warn("snapshot.appendItems: \(section.map { "the section \($0) is" } ?? "no section is") in the snapshot; "
                + "\(identifiers.count) items are not added")
            return
        }
        let (accepted, duplicates) = members.insertNew(identifiers, existing: itemsBySection)
        if duplicates > 0 {
            Trace.warn("snapshot.appendItems: \(duplicates) item identifiers were already in the snapshot; the duplicates are ignored")
        }
        // Into an empty section the array itself goes, not a copy of its million items.
        if itemsBySection[s].isEmpty { itemsBySection[s] = accepted } else { itemsBySection[s] += accepted }
    }

    /// Removes items wherever they are.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let gone = Set(identifiers)
        for s in itemsBySection.indices { itemsBySection[s].removeAll { gone.contains($0) } }
        reloaded.subtract(gone)
        members.remove(gone)
    }

    /// Removes every item and every section, as UIKit's does.
    public mutating func deleteAllItems() {
        sections = []
        itemsBySection = []
        sectionIndex = [:]
        reloaded = []
        members.removeAll()
    }

    /// Removes sections and their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let gone = Set(identifiers)
        var keptSections: [SectionIdentifierType] = [], keptItems: [[ItemIdentifierType]] = []
        for (s, id) in sections.enumerated() {
            if gone.contains(id) {
                members.remove(itemsBySection[s])
                reloaded.subtract(itemsBySection[s])
            } else {
                keptSections.append(id)
                keptItems.append(itemsBySection[s])
            }
        }
        sections = keptSections
        itemsBySection = keptItems
        sectionIndex = Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($1, $0) })
    }

    /// Inserts items before another item; nothing happens (with a warning) when it is not in the snapshot.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem before: ItemIdentifierType) {
        insert(identifiers, at: before, after: false)
    }

    /// Inserts items after another item.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem after: ItemIdentifierType) {
        insert(identifiers, at: after, after: true)
    }

    private mutating func insert(_ identifiers: [ItemIdentifierType], at anchor: ItemIdentifierType, after: Bool) {
        guard let s = itemsBySection.firstIndex(where: { $0.contains(anchor) }),
              let i = itemsBySection[s].firstIndex(of: anchor) else {
            Trace.warn("snapshot.insertItems: the item \(anchor) is not in the snapshot; nothing is inserted")
            return
        }
        let (fresh, duplicates) = members.insertNew(identifiers, existing: itemsBySection)
        if duplicates > 0 {
            Trace.warn("snapshot.insertItems: \(duplicates) item identifiers were already in the snapshot; ignored")
        }
        itemsBySection[s].insert(contentsOf: fresh, at: after ? i + 1 : i)
    }

    /// Moves an item before another.
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem before: ItemIdentifierType) {
        guard identifier != before, indexOfItem(identifier) != nil, indexOfItem(before) != nil else {
            Trace.warn("snapshot.moveItem: \(identifier) or \(before) is not in the snapshot; nothing moves")
            return
        }
        for s in itemsBySection.indices { itemsBySection[s].removeAll { $0 == identifier } }
        members.remove([identifier])
        insert([identifier], at: before, after: false)
    }

    /// Marks items to be configured again (their content changed, not their place).
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        let known = identifiers.filter { members.contains($0, existing: itemsBySection) }
        if known.count != identifiers.count {
            Trace.warn("snapshot.reloadItems: \(identifiers.count - known.count) items are not in the snapshot; skipped")
        }
        reloaded.formUnion(known)
    }

    /// The same as `reloadItems` here: cells are configured again in place.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) { reloadItems(identifiers) }

    mutating func clearReloads() { reloaded = [] }
}
