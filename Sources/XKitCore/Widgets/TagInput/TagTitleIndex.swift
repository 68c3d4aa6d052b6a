/// How many tags hold each title, kept up to date as tags come and go, so that a duplicate check or
/// a suggestion filter costs the same with ten tags or a hundred thousand.
///
/// Keys share their storage with the tags' titles whenever they can (an already lower-case title is
/// its own case-folded key), so the index costs a dictionary slot a tag rather than a second copy.
struct TagTitleIndex {
    /// Whether exact titles are counted too (only `.exact` duplicate matching needs them).
    let countsExactTitles: Bool
    private var folded: [String: Int] = [:]
    private var exact: [String: Int] = [:]

    init(tags: [Tag], matching: TagDuplicateMatching) {
        countsExactTitles = matching == .exact
        folded.reserveCapacity(tags.count)
        if countsExactTitles { exact.reserveCapacity(tags.count) }
        for tag in tags { insert(tag.title) }
    }

    /// Whether a tag with this title exists, compared as `matching` says (never for `.allowed`).
    func contains(_ title: String, matching: TagDuplicateMatching) -> Bool {
        switch matching {
        case .allowed: return false
        case .caseInsensitive: return folded[TagTitleIndex.folded(title)] != nil
        case .exact: return exact[title] != nil
        }
    }

    /// Whether a tag with this title exists, ignoring case (suggestions leave those out).
    func containsIgnoringCase(_ title: String) -> Bool {
        folded[TagTitleIndex.folded(title)] != nil
    }

    mutating func insert(_ title: String) {
        folded[TagTitleIndex.folded(title), default: 0] += 1
        if countsExactTitles { exact[title, default: 0] += 1 }
    }

    mutating func remove(_ title: String) {
        TagTitleIndex.decrement(&folded, TagTitleIndex.folded(title))
        if countsExactTitles { TagTitleIndex.decrement(&exact, title) }
    }

    private static func decrement(_ counts: inout [String: Int], _ key: String) {
        guard let n = counts[key] else { return }
        counts[key] = n > 1 ? n - 1 : nil
    }

    /// The case-folded key: the title itself when folding changes nothing, so no copy is kept.
    static func folded(_ title: String) -> String {
        if title.utf8.allSatisfy({ $0 < 0x80 && !($0 >= 0x41 && $0 <= 0x5A) }) { return title }
        let lowered = title.lowercased()
        return lowered == title ? title : lowered
    }
}
