/// A paragraph's character count after an edit, from the characters around the edit only.
extension TextStorage {
    /// How far either side of an edit a boundary no grapheme rule crosses is looked for.
    static let editCountReach = 64

    /// A character boundary in a paragraph's text that an edit found, so the next edit after it
    /// walks to its offset from there, not from the paragraph's start.
    struct KnownBoundary: Sendable {
        /// The characters before it.
        var characters: Int32
        /// Its UTF-8 offset.
        var utf8: Int32
    }

    /// What an edit's surroundings say about the paragraph after it.
    struct EditCount {
        /// The paragraph's character count after the edit.
        var count: Int
        /// The boundary before the edit where counting began, still a boundary after it.
        var boundary: KnownBoundary?
    }

    /// The character count of `new`: `old` (of `oldCount` characters) with its UTF-8 bytes
    /// `replaced`, which begin `charactersBefore` characters in, swapped for `insertedLength` bytes.
    /// Only the characters between the nearest boundaries around the edit where two scalars that
    /// stand alone meet are counted, before and after: no grapheme rule reaches across such a
    /// boundary, so the rest keeps its characters. Nil when no such boundary is within
    /// `editCountReach` bytes of the edit.
    static func characterCount(of new: String, replacing replaced: Range<Int>, in old: String, oldCount: Int,
                               charactersBefore: Int, insertedLength: Int) -> EditCount? {
        let window = old.utf8.withContiguousStorageIfAvailable { bytes -> Range<Int>? in
            guard let start = standaloneBoundary(in: bytes, atOrBefore: replaced.lowerBound),
                  let end = standaloneBoundary(in: bytes, atOrAfter: replaced.upperBound) else { return nil }
            return start..<end
        }
        guard let old8 = window ?? nil else { return nil }
        let shift = insertedLength - replaced.count
        let new8 = old8.lowerBound..<(old8.upperBound + shift)
        guard new8.upperBound <= new.utf8.count else { return nil }
        let start = old.index(utf8Offset: old8.lowerBound)
        let before = Substring(old.utf8[start..<old.index(utf8Offset: old8.upperBound)])
        let after = Substring(new.utf8[new.index(utf8Offset: new8.lowerBound)..<new.index(utf8Offset: new8.upperBound)])
        let lead = Substring(old.utf8[start..<old.index(utf8Offset: replaced.lowerBound)]).count
        let boundary = charactersBefore - lead
        let known = boundary >= 0 && boundary <= Int(Int32.max) && old8.lowerBound <= Int(Int32.max)
            ? KnownBoundary(characters: Int32(boundary), utf8: Int32(old8.lowerBound)) : nil
        return EditCount(count: oldCount - before.count + after.count, boundary: known)
    }

    /// The nearest scalar boundary at or before byte `limit` that is the text's start, or where a
    /// scalar that stands alone follows one that does, both wholly before `limit`.
    private static func standaloneBoundary(in bytes: UnsafeBufferPointer<UInt8>, atOrBefore limit: Int) -> Int? {
        var p = min(limit, bytes.count)
        let floor = max(0, p - editCountReach)
        while p > 0 {
            // The scalar before p, and the one before that: a boundary between them lies before limit.
            let last = scalarStart(in: bytes, before: p)
            guard last > 0 else { return 0 }
            let previous = scalarStart(in: bytes, before: last)
            if standsAlone(scalarAt: previous, in: bytes) && standsAlone(scalarAt: last, in: bytes) { return last }
            p = last
            if p <= floor { return nil }
        }
        return 0
    }

    /// The nearest scalar boundary at or after byte `limit` that is the text's end, or where a
    /// scalar that stands alone follows one that does, both wholly after `limit`.
    private static func standaloneBoundary(in bytes: UnsafeBufferPointer<UInt8>, atOrAfter limit: Int) -> Int? {
        let n = bytes.count
        var q = min(limit, n)
        // Realign to a scalar start (an edit's end always is one; this keeps bad input safe).
        while q < n, bytes[q] & 0xC0 == 0x80 { q += 1 }
        let ceiling = min(n, q + editCountReach)
        while q < n {
            let next = q + scalarLength(in: bytes, at: q)
            guard next < n else { return n }
            if standsAlone(scalarAt: q, in: bytes) && standsAlone(scalarAt: next, in: bytes) { return next }
            q = next
            if q >= ceiling { return nil }
        }
        return n
    }

    private static func scalarStart(in bytes: UnsafeBufferPointer<UInt8>, before i: Int) -> Int {
        var j = i - 1
        while j > 0, bytes[j] & 0xC0 == 0x80 { j -= 1 }
        return max(0, j)
    }

    private static func scalarLength(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        var j = i + 1
        while j < bytes.count, bytes[j] & 0xC0 == 0x80 { j += 1 }
        return j - i
    }

    private static func standsAlone(scalarAt i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        standsAlone(value: bmpScalar(in: bytes, at: i).value)
    }
}
