/// Counting characters and finding offsets in a paragraph's UTF-8 without Swift's grapheme walk
/// where the scalars cannot join: what typing in a long paragraph costs per key.
extension TextStorage {
    /// The index `offset` characters after `start` in `text` (clamped to its end). Scalars that stand
    /// alone next to each other are a character each and are stepped over in the UTF-8 bytes; only
    /// scalars that may join go through Swift's grapheme walk, so typing in a long Vietnamese or
    /// Korean paragraph does not segment all of it.
    static func index(in text: String, from start: String.Index, offsetBy offset: Int) -> String.Index {
        var i = start, remaining = offset
        while remaining > 0, i < text.endIndex {
            let from = text.utf8Offset(of: i)
            if let walked = text.utf8.withContiguousStorageIfAvailable({ walkStandaloneScalars($0, from: from, limit: remaining) }),
               walked.characters > 0 {
                i = text.index(utf8Offset: walked.end)
                remaining -= walked.characters
            } else {
                i = text.index(after: i)
                remaining -= 1
            }
        }
        return i
    }

    /// Steps through UTF-8 from byte `start`, a character per scalar while a scalar and the one after
    /// it both stand alone, for at most `limit` characters. Returns the byte it stopped at (before
    /// the first scalar that may join a neighbour) and the characters passed. (A 32-byte block may
    /// also step over control characters other than breaks: each is a character of its own.)
    static func walkStandaloneScalars(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                      limit: Int) -> (end: Int, characters: Int) {
        let n = bytes.count
        @inline(__always) func scalar(at i: Int) -> (value: UInt32, length: Int) { bmpScalar(in: bytes, at: i) }
        var i = start, characters = 0
        guard i < n else { return (i, 0) }
        var current = scalar(at: i)
        var narrowUntil = 2
        while characters < limit, standsAlone(value: current.value) {
            // 32 bytes at once where the block check takes them and the scalar after them stands
            // alone too (else the block's last scalar might join it); a refusal goes a block's
            // length byte by byte before the next try.
            if i >= narrowUntil, i + UTF8BlockCheck.Lanes.scalarCount < n, let base = bytes.baseAddress {
                let block = UTF8BlockCheck.accepted(UnsafeRawPointer(base), at: i)
                let after = block.length > 0 ? scalar(at: i + block.length) : current
                if block.length > 0, characters + block.scalars <= limit, standsAlone(value: after.value) {
                    i += block.length
                    characters += block.scalars
                    current = after
                    continue
                }
                narrowUntil = i + UTF8BlockCheck.Lanes.scalarCount
            }
            let next = i + current.length
            if next < n {
                let following = scalar(at: next)
                guard standsAlone(value: following.value) else { break }
                current = following
            }
            i = next
            characters += 1
            if next >= n { break }
        }
        return (i, characters)
    }

    /// The scalar value at byte `i` of valid UTF-8 and its length; astral scalars (never standing
    /// alone) and a scalar cut off by the end as 0x10000, one byte long.
    @inline(__always)
    static func bmpScalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
        let n = bytes.count
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0, i + 1 < n { return ((b0 & 0x1F) << 6 | UInt32(bytes[i + 1]) & 0x3F, 2) }
        if b0 < 0xF0, i + 2 < n {
            return ((b0 & 0x0F) << 12 | (UInt32(bytes[i + 1]) & 0x3F) << 6 | UInt32(bytes[i + 2]) & 0x3F, 3)
        }
        return (0x10000, 1)
    }

    /// A paragraph's character count: its scalar count when every scalar is one whose grapheme
    /// class is Other (so no two of them join: no marks, joiners, jamo or emoji), else Swift's count.
    static func characterCount(_ text: String) -> Int {
        let walked = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            let (end, characters) = walkStandaloneScalars(bytes, from: 0, limit: .max)
            return end == bytes.count ? characters : nil
        }
        return (walked ?? nil) ?? text.count
    }

    /// Scalars of the common scripts that are always a grapheme cluster of their own next to each
    /// other: Latin (with Vietnamese's precomposed letters), Cyrillic, punctuation, kana, CJK
    /// ideographs, Hangul syllables and full-width forms, less the combining marks inside those blocks.
    static func standsAlone(_ scalar: Unicode.Scalar) -> Bool { standsAlone(value: scalar.value) }

    /// `standsAlone` for a scalar value.
    static func standsAlone(value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0xA0...0x24F, 0x400...0x482, 0x48A...0x52F, 0x1E00...0x1EFF, 0x2010...0x2027, 0x2030...0x205E,
             0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF9D:
            return true
        default:
            return false
        }
    }
}
