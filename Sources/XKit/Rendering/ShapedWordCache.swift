import XKitCore

/// A face's shaped words, kept across layouts so relayout at a new width shapes nothing again.
///
/// Bounded as browsers bound their word caches: two generations; when the newer one holds
/// `capacity` words or `byteBudget` bytes of text it becomes the older one and the oldest is
/// dropped. A hit in the older generation moves the word to the newer, so words in use survive.
struct ShapedWordCache {
    struct Key: Hashable {
        var text: String
        var rightToLeft: Bool
    }

    /// Words per generation.
    let capacity: Int
    /// UTF-8 bytes of word text per generation.
    let byteBudget: Int
    private var newer: [Key: ShapedWord?] = [:]
    private var older: [Key: ShapedWord?] = [:]
    private var newerBytes = 0

    init(capacity: Int = 4096, byteBudget: Int = 1 << 20) {
        self.capacity = capacity
        self.byteBudget = byteBudget
    }

    /// How many words are kept.
    var count: Int { newer.count + older.count }

    /// The cached result for a word: `.some(nil)` when it was shaped before and could not be.
    mutating func word(for key: Key) -> ShapedWord?? {
        if let hit = newer[key] { return .some(hit) }
        guard let hit = older.removeValue(forKey: key) else { return nil }
        insert(hit, for: key)
        return .some(hit)
    }

    mutating func insert(_ word: ShapedWord?, for key: Key) {
        if newer.count >= capacity || newerBytes >= byteBudget {
            older = newer
            newer = [:]
            newerBytes = 0
        }
        newer[key] = word
        newerBytes += key.text.utf8.count
    }
}
