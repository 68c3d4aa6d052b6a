import XKitCore

/// Object paths for nodes, handed out lazily and resolved on request.
///
/// A node gets a serial the first time a client is told about it (a child list, a parent, an
/// event); nothing is registered up front, so a list of 10,000 tags costs nothing until someone
/// asks for its children, and only the chips that exist as views then. Entries hold their views
/// weakly, and a recycled tag chip is told apart by the tag it showed when its path was made, so
/// an old path never silently names a different tag.
@MainActor
final class AtspiObjectTable {
    private struct Entry {
        weak var object: AnyObject?
        /// For a tag chip, the tag id it showed: chips are reused for other tags while scrolling.
        let contentKey: Int?
    }

    private var serials: [ObjectIdentifier: Int] = [:]
    private var entries: [Int: Entry] = [:]
    private var nextSerial = 1
    private var insertionsSincePrune = 0

    /// How many objects have paths (for tests and the bench).
    var count: Int { entries.count }

    /// The path of `node`, creating its serial on first use.
    func path(for node: AtspiNode) -> String {
        switch node {
        case .application: return Atspi.rootPath
        case .window(let window): return Atspi.objectPathPrefix + String(serial(for: window, contentKey: nil))
        case .view(let view): return Atspi.objectPathPrefix + String(serial(for: view, contentKey: AtspiObjectTable.contentKey(of: view)))
        case .element(let view, let index):
            return Atspi.objectPathPrefix + String(serial(for: view, contentKey: AtspiObjectTable.contentKey(of: view))) + "_" + String(index)
        }
    }

    /// The node a path names, or nil when it never existed or its object is gone.
    func node(at path: String) -> AtspiNode? {
        if path == Atspi.rootPath { return .application }
        guard path.hasPrefix(Atspi.objectPathPrefix) else { return nil }
        let rest = path.dropFirst(Atspi.objectPathPrefix.count)
        let parts = rest.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, let serial = Int(parts[0]), let entry = entries[serial],
              let object = entry.object else { return nil }
        if let window = object as? Window { return parts.count == 1 ? .window(window) : nil }
        guard let view = object as? View, AtspiObjectTable.contentKey(of: view) == entry.contentKey else { return nil }
        if parts.count == 2 {
            guard let index = Int(parts[1]), index >= 0 else { return nil }
            return .element(view, index)
        }
        return .view(view)
    }

    private func serial(for object: AnyObject, contentKey: Int?) -> Int {
        let id = ObjectIdentifier(object)
        if let serial = serials[id], let entry = entries[serial], entry.object === object, entry.contentKey == contentKey {
            return serial
        }
        let serial = nextSerial
        nextSerial += 1
        serials[id] = serial
        entries[serial] = Entry(object: object, contentKey: contentKey)
        insertionsSincePrune += 1
        if insertionsSincePrune > 4096 { prune() }
        return serial
    }

    /// Drops entries whose objects are gone.
    private func prune() {
        insertionsSincePrune = 0
        entries = entries.filter { $0.value.object != nil }
        serials = serials.filter { entries[$0.value] != nil }
    }

    private static func contentKey(of view: View) -> Int? { (view as? TagChip)?.tag.id }
}
