/// Which text is shaped a word at a time, and which keeps the per-cluster fast path.
///
/// A cluster needs shaping when its glyph or position may depend on its neighbours, or is not the
/// font's one glyph for one character:
/// - clusters of several scalars (combining marks, conjuncts, emoji ZWJ, flag, keycap and
///   skin-tone sequences, Hangul jamo): their glyphs are not one cmap lookup;
/// - the complex scripts: right-to-left ones (Hebrew, Arabic, Syriac, Thaana, N'Ko, and their
///   presentation forms: joining, mirroring, marks), the Brahmic scripts of South and South-East
///   Asia (Indic conjuncts and reordered matras, Thai, Lao, Tibetan, Myanmar, Khmer), Mongolian.
///
/// Everything else — a single scalar of Latin, Greek, Cyrillic, CJK, kana, Hangul syllables,
/// Vietnamese precomposed, symbols, single emoji — draws its cmap glyph at its own advance, which is
/// what HarfBuzz gives without kerning or ligatures; such text keeps the per-cluster fast path.
enum ShapingPredicate {
    /// Whether a cluster starting with scalar `v` (`scalarLength` UTF-8 bytes) of `clusterLength` bytes needs shaping.
    @inline(__always)
    static func needsShaping(_ v: UInt32, scalarLength: Int, clusterLength: Int) -> Bool {
        clusterLength > scalarLength || isComplexScript(v)
    }

    /// Whether a scalar belongs to a script whose glyphs depend on their neighbours.
    @inline(__always)
    static func isComplexScript(_ v: UInt32) -> Bool {
        switch v {
        case 0x0590...0x109F: return true   // Hebrew … Sinhala, Thai, Lao, Tibetan, Myanmar
        case 0x1700...0x18AF: return true   // Philippine scripts, Khmer, Mongolian
        case 0x1900...0x1CFF: return true   // Limbu … Tai Tham, Balinese, Sundanese, Batak, Lepcha, Vedic
        case 0xA800...0xABFF: return true   // Syloti Nagri … Meetei Mayek
        case 0xFB1D...0xFDFF, 0xFE70...0xFEFE: return true // Hebrew and Arabic presentation forms
        case 0x10800...0x11FFF, 0x1E800...0x1EFFF: return true // historic right-to-left and Brahmic scripts, Adlam
        default: return false
        }
    }
}

/// A word that layout shaped: clusters `start..<end` of the text, drawn from `word`'s glyphs.
struct WordSpan: Sendable {
    var start: Int
    var end: Int
    var word: ShapedWord
}

/// Cuts text that needs shaping into words and gives their clusters the shaped advances.
///
/// A word is a maximal run of clusters in one attribute run and one bidi level, delimited by spaces,
/// line breaks, controls and every place a line could wrap (`LineBreakClass.mayBreak(between:and:segmented:)`), so no
/// wrap falls inside a shaped unit except where a word alone is wider than the line. Fallback by
/// coverage happens inside the measurer, which shapes each font's part of a word with one HarfBuzz
/// call. Words with no cluster that needs shaping are left to the fast path.
enum WordShaping {
    /// Clusters longer than this (a pile of combining marks) are never shaped: bad input stays cheap.
    static let maxClusterBytes = 256
    /// Longer words are shaped in pieces of at most this many bytes.
    static let maxWordBytes = 1024

    /// Shapes the words of `scan` that need it and returns them, sorted.
    static func apply(to scan: inout TextScan, string: String, levels: [UInt8], cache: inout AdvanceCache) -> [WordSpan] {
        var string = string
        string.makeContiguousUTF8()
        let result: [WordSpan]? = string.utf8.withContiguousStorageIfAvailable { bytes in
            words(in: &scan, string: string, bytes: bytes, levels: levels, cache: &cache)
        }
        return result ?? []
    }

    private static func words(in scan: inout TextScan, string: String, bytes: UnsafeBufferPointer<UInt8>,
                              levels: [UInt8], cache: inout AdvanceCache) -> [WordSpan] {
        let n = scan.count
        let offsets = scan.offsets, flags = scan.flags, runStarts = scan.runStarts
        let segmented = scan.segmented
        var result: [WordSpan] = []
        var run = 0
        var nextRunStart = runStarts.count > 1 ? runStarts[1] : Int.max

        /// Whether cluster `i` can be part of a word; `complex` tells whether it needs shaping.
        func wordCluster(_ i: Int) -> (allowed: Bool, complex: Bool) {
            let flag = flags[i]
            let length = offsets[i + 1] - offsets[i]
            guard flag & (LineBreakClass.space | LineBreakClass.newline) == 0, length <= maxClusterBytes else { return (false, false) }
            let s = UTF8Decoding.scalar(in: bytes, at: offsets[i])
            if s.value < 0x20 || (0x7F...0x9F).contains(s.value) { return (false, false) }
            return (true, ShapingPredicate.needsShaping(s.value, scalarLength: s.length, clusterLength: length))
        }

        var i = 0
        while i < n {
            while i >= nextRunStart {
                run += 1
                nextRunStart = run + 1 < runStarts.count ? runStarts[run + 1] : Int.max
            }
            let first = wordCluster(i)
            guard first.allowed else { i += 1; continue }
            var complex = first.complex
            var j = i + 1
            while j < n, j != nextRunStart, levels.isEmpty || levels[j] == levels[i],
                  offsets[j + 1] - offsets[i] <= maxWordBytes,
                  !LineBreakClass.mayBreak(between: flags[j - 1], and: flags[j], segmented: segmented) {
                let next = wordCluster(j)
                guard next.allowed else { break }
                complex = complex || next.complex
                j += 1
            }
            if complex {
                let rightToLeft = !levels.isEmpty && levels[i] & 1 == 1
                let lo = offsets[i], hi = offsets[j]
                if let word = cache.shapedWord(UnsafeBufferPointer(rebasing: bytes[lo..<hi]),
                                               text: { string[string.index(utf8Offset: lo)..<string.index(utf8Offset: hi)] },
                                               font: scan.runFonts[run], rightToLeft: rightToLeft),
                   word.clusterCount == j - i {
                    for k in 0..<(j - i) { scan.advances[i + k] = word.advances[k] }
                    result.append(WordSpan(start: i, end: j, word: word))
                }
            }
            i = j
        }
        return result
    }
}
