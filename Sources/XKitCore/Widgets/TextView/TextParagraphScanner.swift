/// One pass over UTF-8 bytes that validates them, finds the paragraph breaks `TextStorage.split`
/// finds (`\n`, `\v`, `\f`, `\r`, `\r\n`, U+0085, U+2028, U+2029) and counts each paragraph's
/// characters, making paragraphs that are byte ranges into the shared source.
///
/// Invalid bytes are skipped a maximal subpart at a time, as `String(decoding:as:)` replaces them
/// with one U+FFFD each. No break byte is a continuation byte, so a paragraph's bytes decode on
/// their own exactly as they do inside the whole file.
enum TextParagraphScanner {
    /// The paragraphs (always at least one, the last without a break) and how many invalid
    /// sequences (maximal subparts) became U+FFFD.
    struct Result {
        var paragraphs: [TextStorage.Paragraph]
        var invalidSequences: Int
        var isValid: Bool { invalidSequences == 0 }
    }

    static func scan(_ source: ParagraphSource) -> Result {
        source.bytes.withUnsafeBufferPointer { scan($0, source: source) }
    }

    private static func scan(_ p: UnsafeBufferPointer<UInt8>, source: ParagraphSource) -> Result {
        guard let base = UnsafeRawPointer(p.baseAddress) else {
            return Result(paragraphs: [TextStorage.Paragraph(text: "", terminator: "", count: 0)], invalidSequences: 0)
        }
        let fastSecond = fastSecondBytes
        var paragraphs: [TextStorage.Paragraph] = []
        var invalidSequences = 0
        let n = p.count
        var start = 0, i = 0, scalars = 0
        // False once the paragraph has a scalar that may join its neighbours, or an invalid byte:
        // then Swift counts its characters.
        var simple = true
        func paragraph(_ range: Range<Int>, terminator: String, scalars: Int, simple: Bool) {
            let count = simple ? scalars : String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self).count
            paragraphs.append(TextStorage.Paragraph(source: source, range: range, terminator: terminator, count: count))
        }
        func isContinuation(_ index: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            index < n && p[index] >= lo && p[index] <= hi
        }
        // Blocks the wide check refused are left to the byte loop up to here.
        var narrowUntil = 2
        while i < n {
            if i >= narrowUntil, i + UTF8BlockCheck.Lanes.scalarCount < n {
                let block = UTF8BlockCheck.accepted(base, at: i)
                if block.length > 0 {
                    i += block.length; scalars += block.scalars
                    continue
                }
                narrowUntil = i + UTF8BlockCheck.Lanes.scalarCount
            }
            let b = p[i]
            if b < 0x80 {
                if b >= 0x0A && b <= 0x0D {
                    let crlf = b == 0x0D && i + 1 < n && p[i + 1] == 0x0A
                    paragraph(start..<i, terminator: crlf ? "\r\n" : asciiBreaks[Int(b - 0x0A)], scalars: scalars, simple: simple)
                    i += crlf ? 2 : 1
                    start = i; scalars = 0; simple = true
                } else {
                    i += 1; scalars += 1
                    // Then eight bytes at a time while they are ASCII and hold no break.
                    while i + 8 <= n {
                        let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        guard isPlainASCII(word) else { break }
                        i += 8; scalars += 8
                    }
                }
                continue
            }
            // The common scripts first: a lead and second byte whose every well-formed sequence is a
            // scalar that stands alone need only the rest checked for continuation bytes. A table, not
            // a switch, so mixed scripts cost no indirect jump.
            let second = i + 1 < n ? p[i + 1] : 0
            let entry = Int(b - 0x80) << 1
            if second >= fastSecond[entry], second <= fastSecond[entry + 1] {
                if b < 0xE0 {
                    i += 2; scalars += 1
                    continue
                }
                if i + 2 < n, p[i + 2] & 0xC0 == 0x80 {
                    i += 3; scalars += 1
                    continue
                }
            }
            var length = 0, bad = 1
            var scalar: UInt32 = 0
            switch b {
            case 0xC2...0xDF:
                if isContinuation(i + 1) {
                    length = 2
                    scalar = UInt32(b & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F)
                }
            case 0xE0...0xEF:
                if isContinuation(i + 1, b == 0xE0 ? 0xA0 : 0x80, b == 0xED ? 0x9F : 0xBF) {
                    bad = 2
                    if isContinuation(i + 2) {
                        length = 3
                        scalar = UInt32(b & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F)
                    }
                }
            case 0xF0...0xF4:
                if isContinuation(i + 1, b == 0xF0 ? 0x90 : 0x80, b == 0xF4 ? 0x8F : 0xBF) {
                    bad = 2
                    if isContinuation(i + 2) {
                        bad = 3
                        if isContinuation(i + 3) {
                            length = 4
                            scalar = UInt32(b & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12
                                | UInt32(p[i + 2] & 0x3F) << 6 | UInt32(p[i + 3] & 0x3F)
                        }
                    }
                }
            default:
                break
            }
            guard length > 0 else {
                invalidSequences += 1; simple = false
                i += bad
                // The wide check reads the two bytes before a block as the end of well-formed
                // sequences, so it starts no sooner than two bytes past an invalid one.
                narrowUntil = max(narrowUntil, i + 2)
                continue
            }
            if scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029 {
                paragraph(start..<i, terminator: scalar == 0x85 ? "\u{85}" : scalar == 0x2028 ? "\u{2028}" : "\u{2029}",
                          scalars: scalars, simple: simple)
                i += length
                start = i; scalars = 0; simple = true
                continue
            }
            if !TextStorage.standsAlone(value: scalar) { simple = false }
            scalars += 1
            i += length
        }
        paragraph(start..<n, terminator: "", scalars: scalars, simple: simple)
        return Result(paragraphs: paragraphs, invalidSequences: invalidSequences)
    }

    /// Whether eight bytes are all ASCII and none is `\n`, `\v`, `\f` or `\r` (0x0A–0x0D). For an
    /// ASCII byte x, 0x8D − x has its top bit set when x ≤ 0x0D, and x + 0x76 when x ≥ 0x0A; neither
    /// borrows nor carries into the next byte.
    @inline(__always)
    private static func isPlainASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, tops: UInt64 = 0x8080_8080_8080_8080
        guard word & tops == 0 else { return false }
        return ((ones &* 0x8D &- word) & (word &+ ones &* 0x76)) & tops == 0
    }

    /// The breaks `\n`, `\v`, `\f` and `\r`, by byte less 0x0A.
    private static let asciiBreaks = ["\n", "\u{0B}", "\u{0C}", "\r"]

    /// For each byte from 0x80, the range of second bytes after which every well-formed sequence
    /// encodes a scalar that `TextStorage.standsAlone` accepts and that is no break (an empty range,
    /// FF…00, elsewhere): Latin-1 letters and Latin Extended (C3–C8), Cyrillic (D0, D1), Vietnamese's
    /// Latin Extended Additional (E1 B8–BB), CJK ideographs (E4 B8–E9 BF) and Hangul syllables
    /// (EA B0–ED 9D). Two bytes per lead: the lowest and the highest second byte.
    static let fastSecondBytes: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for lead in 0..<128 { table[lead * 2] = 0xFF }
        func allow(_ leads: ClosedRange<Int>, _ seconds: ClosedRange<UInt8>) {
            for lead in leads { table[(lead - 0x80) * 2] = seconds.lowerBound; table[(lead - 0x80) * 2 + 1] = seconds.upperBound }
        }
        allow(0xC3...0xC8, 0x80...0xBF)
        allow(0xD0...0xD1, 0x80...0xBF)
        allow(0xE1...0xE1, 0xB8...0xBB)
        allow(0xE4...0xE4, 0xB8...0xBF)
        allow(0xE5...0xE9, 0x80...0xBF)
        allow(0xEA...0xEA, 0xB0...0xBF)
        allow(0xEB...0xEC, 0x80...0xBF)
        allow(0xED...0xED, 0x80...0x9D)
        return table
    }()
}
