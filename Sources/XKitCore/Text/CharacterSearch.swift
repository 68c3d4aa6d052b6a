extension StringProtocol {
    /// The ranges where `needle` occurs, compared character by character (canonically equivalent
    /// characters match), left to right and not overlapping, at most `limit` of them.
    ///
    /// The standard library's `ranges(of:)`, `firstRange(of:)` and `contains(_:)` for strings come
    /// from `_StringProcessing`, which brings Swift's regex parser (about 0.9 MiB) into every app's
    /// binary; these few lines do what XKit needs of them.
    package func characterRanges(of needle: some StringProtocol, limit: Int = .max) -> [Range<Index>] {
        guard !needle.isEmpty, limit > 0 else { return [] }
        var found: [Range<Index>] = []
        var start = startIndex
        while start < endIndex {
            var i = start, j = needle.startIndex
            while i < endIndex, j < needle.endIndex, self[i] == needle[j] {
                formIndex(after: &i)
                needle.formIndex(after: &j)
            }
            if j == needle.endIndex {
                found.append(start..<i)
                if found.count == limit { break }
                start = i
            } else {
                formIndex(after: &start)
            }
        }
        return found
    }

    /// Whether `needle` occurs, compared character by character (see `characterRanges(of:limit:)`).
    package func containsCharacters(_ needle: some StringProtocol) -> Bool {
        !characterRanges(of: needle, limit: 1).isEmpty
    }
}
