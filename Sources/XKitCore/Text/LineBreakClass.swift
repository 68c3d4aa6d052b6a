/// Per-character line-breaking facts, packed into a byte so a layout keeps one byte per character.
enum LineBreakClass {
    /// A space that may hang past the line end at a soft wrap; a line may break after it.
    static let space: UInt8 = 1 << 0
    /// A hard line break ("\n", "\r\n", "\r", U+2028...).
    static let newline: UInt8 = 1 << 1
    /// A line may break after this character when a word precedes it (hyphens, slashes).
    static let breakAfter: UInt8 = 1 << 2
    /// A line may break before and after this character (CJK ideographs, kana, Hangul).
    static let wide: UInt8 = 1 << 3
    /// Must not start a line (closing punctuation).
    static let noBreakBefore: UInt8 = 1 << 4
    /// Must not end a line (opening brackets, no-break space).
    static let noBreakAfter: UInt8 = 1 << 5
    /// The platform's segmenter allows a wrap before this character (set only in segmented scans).
    static let opportunity: UInt8 = 1 << 6
    /// A tailoring (`URLLineBreaks`) decided this character: only its `opportunity` bit counts.
    static let tailored: UInt8 = 1 << 7

    /// Whether text holding this scalar needs the platform's Unicode line breaking: scripts the compact
    /// classes get wrong (Thai, Lao, Khmer and Burmese have no spaces between words; Arabic, Indic and
    /// Hebrew marks; emoji sequences; bidi and joiner controls). Latin, Greek, Cyrillic, CJK and Hangul
    /// text stays on the fast path.
    static func needsSegmenter(_ v: UInt32) -> Bool {
        switch v {
        case 0x0590...0x1DFF: return !(0x10A0...0x10FF).contains(v) && !(0x1100...0x11FF).contains(v)
                                     && !(0x1D00...0x1DBF).contains(v)
        case 0x200C, 0x200D, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0xA800...0xABFF, 0xFB1D...0xFDFF, 0xFE00...0xFE0F, 0xFE70...0xFEFF: return true
        case 0x10000...0x1FFFF, 0xE0000...0xE0FFF: return true
        default: return false
        }
    }

    /// The class of an ASCII scalar.
    @inline(__always)
    static func asciiClass(_ v: UInt32) -> UInt8 {
        // A switch, not a `static let` table: a global costs a lazy-initialisation check per access.
        switch v {
        case 0x20, 0x09: return space
        case 0x0A, 0x0B, 0x0C, 0x0D: return newline
        case 0x2D, 0x2F: return breakAfter // - /
        case 0x21, 0x3F: return breakAfter | noBreakBefore // ! ?
        case 0x2C, 0x2E, 0x3A, 0x3B, 0x29, 0x5D, 0x7D: return noBreakBefore // , . : ; ) ] }
        case 0x28, 0x5B, 0x7B: return noBreakAfter // ( [ {
        default: return 0
        }
    }

    /// The class of a character, from its first scalar.
    static func classify(_ v: UInt32) -> UInt8 {
        if v < 0x80 { return asciiClass(v) }
        switch v {
        case 0x200B, 0x3000: return space
        case 0x85, 0x2028, 0x2029: return newline
        case 0x2010, 0x2012, 0x2013, 0x2014: return breakAfter
        case 0x2026: return noBreakBefore // …
        case 0xA0, 0x2060, 0xFEFF: return noBreakBefore | noBreakAfter
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0xFF08: return wide | noBreakAfter
        default:
            guard let scalar = Unicode.Scalar(v) else { return 0 }
            if CharacterClass.allowsBreakAround(scalar) { return wide }
            // Wide but not breakable around: CJK closing punctuation, which ends a line but never starts one.
            if CharacterClass.isWide(scalar) { return noBreakBefore | breakAfter }
            return 0
        }
    }

    /// Whether a soft wrap may go before character `i` of a line starting at `lineStart` (`i > lineStart`).
    /// With `segmented`, the `opportunity` bits the platform's segmenter set decide; a `tailored`
    /// character is decided by its `opportunity` bit in either mode.
    @inline(__always)
    static func canBreak(before i: Int, lineStart: Int, flags: UnsafeBufferPointer<UInt8>, segmented: Bool = false) -> Bool {
        let a = flags[i - 1], b = flags[i]
        if b & (space | newline) != 0 { return false }
        if segmented || b & tailored != 0 { return b & opportunity != 0 }
        if a & space != 0 { return true }
        if b & noBreakBefore != 0 || a & noBreakAfter != 0 { return false }
        // "-5" or "/usr" after a space is not a word ending in a hyphen or slash.
        if a & breakAfter != 0, i - 1 > lineStart, flags[i - 2] & space == 0 { return true }
        return (a | b) & wide != 0
    }

    /// Whether a soft wrap could go between characters with flags `a` and `b` on some line: `canBreak`
    /// for any line start. Shaped words end at each such place, so a wrap never cuts a shaped word.
    @inline(__always)
    static func mayBreak(between a: UInt8, and b: UInt8, segmented: Bool) -> Bool {
        if b & (space | newline) != 0 { return false }
        if segmented || b & tailored != 0 { return b & opportunity != 0 }
        if a & space != 0 { return true }
        if b & noBreakBefore != 0 || a & noBreakAfter != 0 { return false }
        return a & breakAfter != 0 || (a | b) & wide != 0
    }
}
