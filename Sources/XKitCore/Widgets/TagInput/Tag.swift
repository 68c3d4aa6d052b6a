import Synchronization

/// One tag: a title and an id that stays the same while the tag lives, even if its title changes.
public struct Tag: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// A stable identity, unique in the process; titles may repeat across views.
    public let id: Int
    /// The text on the chip.
    public var title: String

    /// A tag with a fresh id, unique in this process.
    public init(title: String) {
        self.id = Tag.nextID.add(1, ordering: .relaxed).newValue
        self.title = title
    }

    /// A tag with an id the app chose (for example a database key).
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }

    public var description: String { title }

    private static let nextID = Atomic<Int>(1 << 40)
}

/// Why a title was not added as a tag.
public enum TagRejection: String, Error, Sendable, Hashable {
    /// Nothing visible was left after trimming whitespace, controls and format characters (see `TagTitle`).
    case empty
    /// A tag with the same title (by `duplicateMatching`) exists.
    case duplicate
    /// `maximumTagCount` tags exist already.
    case limitReached
    /// `shouldAdd` (closure or delegate) refused it.
    case refused
}

/// How titles are compared when rejecting duplicates.
public enum TagDuplicateMatching: Sendable, Hashable {
    /// Duplicates are allowed.
    case allowed
    /// "Swift" and "swift" are the same tag.
    case caseInsensitive
    /// Only identical titles are the same tag.
    case exact
}

/// How many chips can be selected at once.
public enum TagSelectionMode: Sendable, Hashable {
/// Clicks select no chip (`none`; Backspace still marks the last tag before removing it), one chip
/// at a time (`single`: selecting one deselects the others), or any number (`multiple`).
    case none, single, multiple
}
