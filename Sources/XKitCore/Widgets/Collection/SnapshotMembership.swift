/// Which item identifiers a snapshot holds, kept as items come and go, so a duplicate is found
/// without hashing every item again on each append.
///
/// Integer identifiers (row ids, the common case) are kept as a bitmap over their range: a million
/// dense ids cost 128 KiB and no hashing. Other identifiers, and integers too scattered for a
/// bitmap, are kept in a `Set`, made the first time it is needed.
struct SnapshotMembership<Item: Hashable>: Sendable where Item: Sendable {
    private var bits = IntegerBitmap()
    private var hashed: Set<Item>?
    /// Whether every identifier so far was an `Int` that fit the bitmap.
    private var usesBitmap = true

    /// Adds the identifiers of `batch` that are not members yet, in order; returns them and how
    /// many were refused as already present (in the snapshot or earlier in the batch). Without
    /// duplicates, the batch itself comes back, not a copy.
    mutating func insertNew(_ batch: [Item], existing: @autoclosure () -> [[Item]]) -> (accepted: [Item], duplicates: Int) {
        if usesBitmap, let outcome = insertIntegers(batch) { return outcome }
        var set = hashedSet(existing: existing())
        var fresh = [Bool](repeating: true, count: batch.count)
        var duplicates = 0
        for (i, id) in batch.enumerated() where !set.insert(id).inserted {
            fresh[i] = false
            duplicates += 1
        }
        hashed = set
        return (duplicates == 0 ? batch : batch.indices.filter { fresh[$0] }.map { batch[$0] }, duplicates)
    }

    /// The bitmap's share of `insertNew`: nil when the items are not `Int`s or would make it too sparse
    /// (then nothing of the batch stays in it).
    private mutating func insertIntegers(_ batch: [Item]) -> (accepted: [Item], duplicates: Int)? {
        guard let outcome = IntegerView.withIntegers(batch, { bits.insertAll($0) }),
              let (fresh, duplicates) = outcome else { return nil }
        return (duplicates == 0 ? batch : batch.indices.filter { fresh[$0] }.map { batch[$0] }, duplicates)
    }

    /// Whether `id` is a member.
    func contains(_ id: Item, existing: @autoclosure () -> [[Item]]) -> Bool {
        if usesBitmap, let value = IntegerView.integer(id) { return bits.contains(value) }
        if let hashed { return hashed.contains(id) }
        return existing().contains { $0.contains(id) }
    }

    /// Forgets `ids`.
    mutating func remove(_ ids: some Sequence<Item>) {
        if usesBitmap {
            for id in ids { if let value = IntegerView.integer(id) { _ = bits.remove(value) } }
        } else {
            for id in ids { hashed?.remove(id) }
        }
    }

    /// Forgets every identifier.
    mutating func removeAll() {
        self = SnapshotMembership()
    }

    private mutating func hashedSet(existing: [[Item]]) -> Set<Item> {
        if let hashed { return hashed }
        usesBitmap = false
        bits = IntegerBitmap()
        var set = Set<Item>(minimumCapacity: existing.reduce(0) { $0 + $1.count })
        for items in existing { set.formUnion(items) }
        return set
    }
}

/// A set of integers as one bit each over the range they span; refuses a value that would make
/// the range much larger than the count (then a `Set` is the better home).
package struct IntegerBitmap: Sendable {
    private var base = 0
    private var words: [UInt64] = []
    /// How many integers are in the set.
    package private(set) var count = 0

    /// An empty set.
    package init() {}

    /// Inserts `value`: true when it was new, false when present, nil when the bitmap would grow too sparse.
    package mutating func insert(_ value: Int) -> Bool? {
        if words.isEmpty {
            base = value & ~63
            words = [0]
        }
        if value < base || value >= base + words.count * 64 {
            guard grow(toHold: value) else { return nil }
        }
        let offset = value - base
        let mask = UInt64(1) << UInt64(offset & 63)
        if words[offset >> 6] & mask != 0 { return false }
        words[offset >> 6] |= mask
        count += 1
        return true
    }

    /// Inserts every value of `values`, growing the range once: which were new (empty when all
    /// were) and how many were already there; nil, inserting nothing, when the range would be too sparse.
    mutating func insertAll(_ values: UnsafeBufferPointer<Int>) -> (fresh: [Bool], duplicates: Int)? {
        guard let low = values.min(), let high = values.max() else { return ([], 0) }
        if words.isEmpty {
            base = low & ~63
            words = [0]
        }
        for bound in [low, high] where bound < base || bound >= base + words.count * 64 {
            guard grow(toHold: bound, adding: values.count) else { return nil }
        }
        var fresh: [Bool] = []
        var duplicates = 0
        let start = base
        words.withUnsafeMutableBufferPointer { words in
            for (i, value) in values.enumerated() {
                let offset = value - start
                let mask = UInt64(1) << UInt64(offset & 63)
                if words[offset >> 6] & mask != 0 {
                    if fresh.isEmpty { fresh = [Bool](repeating: true, count: values.count) }
                    fresh[i] = false
                    duplicates += 1
                } else {
                    words[offset >> 6] |= mask
                }
            }
        }
        count += values.count - duplicates
        return (fresh, duplicates)
    }

    /// Whether `value` is in the set.
    package func contains(_ value: Int) -> Bool {
        guard value >= base, value - base < words.count * 64 else { return false }
        let offset = value - base
        return words[offset >> 6] & (UInt64(1) << UInt64(offset & 63)) != 0
    }

    /// Removes `value`; true when it was present.
    package mutating func remove(_ value: Int) -> Bool {
        guard contains(value) else { return false }
        let offset = value - base
        words[offset >> 6] &= ~(UInt64(1) << UInt64(offset & 63))
        count -= 1
        return true
    }

    /// Widens the range to hold `value`, at least doubling it, unless the bitmap would then take
    /// more than 8 bytes a member (plus 8 KiB), counting `adding` members about to come.
    private mutating func grow(toHold value: Int, adding: Int = 1) -> Bool {
        let low = min(base, value & ~63)
        let (span, overflow) = max(base + words.count * 64, value + 1).subtractingReportingOverflow(low)
        let limit = 64 * (count + adding) + (1 << 16)
        guard !overflow, span <= limit else { return false }
        let wordCount = max((span + 63) / 64, min(words.count * 2, limit / 64))
        var grown = [UInt64](repeating: 0, count: wordCount)
        let shift = (base - low) / 64
        for (i, word) in words.enumerated() { grown[i + shift] = word }
        base = low
        words = grown
        return true
    }
}

/// Identifiers that are `Int`s, read as `Int`s without a cast per element (a conditional cast of a
/// million-element array checks every element).
enum IntegerView {
    /// `body` over `items` as `Int`s when `Item` is `Int`; nil otherwise.
    static func withIntegers<Item, Result>(_ items: [Item], _ body: (UnsafeBufferPointer<Int>) -> Result) -> Result? {
        guard Item.self == Int.self else { return nil }
        return items.withUnsafeBufferPointer { $0.withMemoryRebound(to: Int.self, body) }
    }

    /// `item` as an `Int` when `Item` is `Int`.
    static func integer<Item>(_ item: Item) -> Int? {
        guard Item.self == Int.self else { return nil }
        return withUnsafePointer(to: item) { $0.withMemoryRebound(to: Int.self, capacity: 1) { $0.pointee } }
    }
}
