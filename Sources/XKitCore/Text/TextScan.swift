/// One pass over the string: where each grapheme cluster starts, how wide it is, how it breaks.
///
/// The pass walks the UTF-8 bytes. Between two scalars that are both "simple" (see
/// `GraphemeShortcut`) a cluster boundary is certain, which covers almost all Latin, CJK and Hangul
/// text; anywhere else the standard library's grapheme breaking decides.
struct TextScan {
    /// UTF-8 offset of each cluster's start, plus the string's end: `count + 1` entries.
    var offsets: [Int] = []
    var advances: [Double] = []
    var flags: [UInt8] = []
    /// The first cluster of each attributed run (parallel to the text's runs).
    var runStarts: [Int] = []
    /// The font id of each attributed run.
    var runFonts: [Int] = []
    /// The attributes of each run (a single default run when the text has none).
    var runAttributes: [TextAttributes] = []
    /// Whether the text holds a scalar that needs Unicode line breaking (`LineBreakClass.needsSegmenter`).
    var needsSegmenter = false
    /// Whether `flags` carry the segmenter's break opportunities (see `applyLineBreaks`).
    var segmented = false
    /// Whether some cluster needs shaping (`ShapingPredicate`): then `WordShaping` shapes its words.
    var hasComplex = false
    /// Whether the text may hold a URL ("://" or "www." occurs), which `URLLineBreaks` tailors.
    var mayHoldURL = false

    var count: Int { advances.count }

    /// What a scan after an edit took from the scan before it (nil for a full scan).
    struct Reuse {
        /// Clusters before this one are the old scan's, at the same indices.
        var restart: Int
        /// Clusters from this one on are the old scan's from `oldResume` on.
        var resume: Int
        var oldResume: Int
    }
    /// Set by `init(_:editing:cache:)`: which clusters are the old scan's, for `LineBreaker` to keep
    /// the old lines around the edit.
    var reuse: Reuse?

    init(_ text: AttributedText, cache: inout AdvanceCache) {
        var string = text.string
        let runs = text.runs
        runAttributes = runs.isEmpty ? [TextAttributes()] : runs.map(\.attributes)
        runFonts = runAttributes.map { cache.id(for: $0.font) }
        let runEnds = runs.isEmpty ? [Int.max] : runs.map { string.utf8Offset(of: $0.range.upperBound) }
        string.makeContiguousUTF8() // a no-op for native strings, which all Linux strings are
        let scanned: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            scan(string, bytes: bytes, runEnds: runEnds, cache: &cache)
        }
        if scanned == nil { offsets = [0] } // unreachable: a contiguous string always gives its storage
    }

    /// The scan of `text`, an edit of the text `old` laid out: the clusters before the change and
    /// after it are `old`'s, and only the bytes around the change are scanned again. Nil where a
    /// partial scan could differ from a full one: when either text has several attribute runs, or
    /// needs Unicode line breaking, shaping or URL breaks (which look at the whole text).
    init?(_ text: AttributedText, editing old: TextLayout, cache: inout AdvanceCache) {
        guard let reused = old.reusableScan, reused.measurer == cache.measurerID, text.runs.count <= 1,
              (text.runs.first?.attributes ?? TextAttributes()) == reused.attributes else { return nil }
        var string = text.string, oldString = old.attributedText.string
        runAttributes = [reused.attributes]
        runFonts = [cache.id(for: reused.attributes.font)]
        string.makeContiguousUTF8()
        oldString.makeContiguousUTF8()
        let scanned: Bool? = string.utf8.withContiguousStorageIfAvailable { bytes in
            oldString.utf8.withContiguousStorageIfAvailable { oldBytes in
                rescan(string, bytes: bytes, old: oldBytes, layout: old, flags: reused.flags, cache: &cache)
            } ?? false
        }
        guard scanned == true, !needsSegmenter, !hasComplex, !mayHoldURL else { return nil }
    }

    private mutating func rescan(_ string: String, bytes: UnsafeBufferPointer<UInt8>, old: UnsafeBufferPointer<UInt8>,
                                 layout: TextLayout, flags oldFlags: [UInt8], cache: inout AdvanceCache) -> Bool {
        let n = bytes.count, m = old.count, shorter = min(n, m)
        let prefix = SharedBytes.prefix(bytes, old)
        let suffix = SharedBytes.suffix(bytes, old, limit: shorter - prefix)
        let oldOffsets = layout.offsets, oldAdvances = layout.advances
        let oldCount = oldAdvances.count, delta = n - m
        guard oldOffsets.count == oldCount + 1, oldFlags.count == oldCount else { return false }
        // Three clusters before the first the change touches: the boundary there lies between two
        // unchanged single scalars (the old text had no longer clusters), and the "www" before a
        // "." the change brings, or the ":" of a "://" it completes, is scanned again with it.
        var touched = 0, above = oldCount
        while touched < above {
            let mid = (touched + above) / 2
            if oldOffsets[mid + 1] <= prefix { touched = mid + 1 } else { above = mid }
        }
        let restart = max(0, touched - 3)
        // The first old cluster four bytes or more past the change: the scalars on both sides of its
        // start are unchanged, so it starts a cluster in the new text too, and so does each after it.
        var resume = touched
        while resume < oldCount && oldOffsets[resume] < m - suffix + 4 { resume += 1 }
        let from = oldOffsets[restart], to = resume < oldCount ? oldOffsets[resume] + delta : n
        guard from <= to else { return false }
        let middle = TextScan(AttributedText(String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self),
                                             attributes: runAttributes[0]), cache: &cache)
        guard middle.offsets.last == to - from else { return false }
        needsSegmenter = middle.needsSegmenter
        hasComplex = middle.hasComplex
        mayHoldURL = middle.mayHoldURL
        offsets = []
        offsets.reserveCapacity(restart + middle.count + oldCount - resume + 1)
        offsets.append(contentsOf: oldOffsets[0..<restart])
        offsets.append(contentsOf: middle.offsets.dropLast().lazy.map { $0 + from })
        offsets.append(contentsOf: oldOffsets[resume..<oldCount].lazy.map { $0 + delta })
        offsets.append(n)
        advances = Self.splice(oldAdvances, before: restart, middle.advances, from: resume)
        flags = Self.splice(oldFlags, before: restart, middle.flags, from: resume)
        runStarts = [0]
        reuse = Reuse(restart: restart, resume: restart + middle.count, oldResume: resume)
        return true
    }

    /// `old[..<head] + middle + old[tail...]` in one allocation (`+` made one for each step).
    private static func splice<T>(_ old: [T], before head: Int, _ middle: [T], from tail: Int) -> [T] {
        var joined: [T] = []
        joined.reserveCapacity(head + middle.count + old.count - tail)
        joined.append(contentsOf: old[0..<head])
        joined.append(contentsOf: middle)
        joined.append(contentsOf: old[tail...])
        return joined
    }

    private mutating func scan(_ string: String, bytes: UnsafeBufferPointer<UInt8>, runEnds: [Int],
                               cache: inout AdvanceCache) {
        let n = bytes.count
        // Scalars bound clusters from above, and equal them for most text: reserve once.
        var scalarCount = 0
        for b in bytes where b & 0xC0 != 0x80 { scalarCount &+= 1 }
        offsets.reserveCapacity(scalarCount + 1)
        advances.reserveCapacity(scalarCount)
        flags.reserveCapacity(scalarCount)
        runStarts.append(0)

        var needs = false, complex = false, url = false
        var run = 0
        var runEnd = runEnds[0]
        var font = runFonts[0]
        var p = 0
        var a = n > 0 ? UTF8Decoding.scalar(in: bytes, at: p) : (value: 0, length: 0)
        while p < n {
            // A cluster belongs to the run holding its first byte, so runs split only between clusters.
            while p >= runEnd && run + 1 < runEnds.count {
                run += 1
                runEnd = runEnds[run]
                font = runFonts[run]
                runStarts.append(advances.count)
            }
            let q = p &+ a.length
            var end = q
            var next = (value: UInt32(0), length: 0)
            if q < n {
                next = UTF8Decoding.scalar(in: bytes, at: q)
                if !(GraphemeShortcut.isSimple(a.value) && GraphemeShortcut.isSimple(next.value)) {
                    end = TextScan.clusterEnd(bytes, first: a.value, second: next, at: q)
                    if end != q, end < n { next = UTF8Decoding.scalar(in: bytes, at: end) }
                }
            }
            // CJK and Hangul (most non-Latin text) need neither; one range test keeps them fast.
            if a.value >= 0x590 && !(0x2E80..<0xA800).contains(a.value) && !(0xAC00..<0xD800).contains(a.value) {
                TextScan.note(a.value, needsSegmenter: &needs, hasComplex: &complex)
            }
            if (a.value == 0x3A || a.value == 0x2E) && !url { url = URLLineBreaks.marksURL(bytes, at: p) }
            let flag = LineBreakClass.classify(a.value)
            let advance: Double
            if flag & LineBreakClass.newline != 0 || a.value == 0x200B {
                advance = 0
            } else if end == q {
                advance = cache.advance(scalar: a.value, font: font)
            } else {
                complex = true // several scalars in one cluster
                advance = cache.advance(cluster: UnsafeBufferPointer(rebasing: bytes[p..<end]), font: font)
            }
            offsets.append(p)
            advances.append(advance)
            flags.append(flag)
            p = end
            a = next
        }
        offsets.append(n)
        while runStarts.count < runAttributes.count { runStarts.append(advances.count) }
        needsSegmenter = needs
        hasComplex = complex
        mayHoldURL = url
    }

    /// Where the cluster that starts with scalar `first` ends, its `second` scalar starting at byte `q`.
    ///
    /// The standard library's grapheme rules, run forward from the cluster's start: a cluster start
    /// is a boundary, so a fresh recognizer is in the right state there. (`String.index(after:)` from
    /// an index it does not know to be aligned first searches backwards, which cost ten times more.)
    @inline(never)
    private static func clusterEnd(_ bytes: UnsafeBufferPointer<UInt8>, first: UInt32,
                                   second: (value: UInt32, length: Int), at q: Int) -> Int {
        var recognizer = Unicode._CharacterRecognizer()
        _ = recognizer.hasBreak(before: Unicode.Scalar(first) ?? "\u{FFFD}")
        var end = q
        var scalar = second
        while !recognizer.hasBreak(before: Unicode.Scalar(scalar.value) ?? "\u{FFFD}") {
            end &+= scalar.length
            guard end < bytes.count else { break }
            scalar = UTF8Decoding.scalar(in: bytes, at: end)
        }
        return end
    }

    /// Notes what a scalar outside Latin, CJK and Hangul asks for; out of line to keep the scan loop small.
    @inline(never)
    private static func note(_ v: UInt32, needsSegmenter: inout Bool, hasComplex: inout Bool) {
        if !needsSegmenter { needsSegmenter = LineBreakClass.needsSegmenter(v) }
        if !hasComplex { hasComplex = ShapingPredicate.isComplexScript(v) }
    }

    /// Marks the clusters before which `segmenter` allows a wrap (UAX #14), so line breaking follows it.
    mutating func applyLineBreaks(of string: String, segmenter: TextSegmenter) {
        let boundaries = segmenter.boundaries(.line, in: string)
        var b = 0
        for i in 0..<count {
            let offset = offsets[i]
            while b < boundaries.count && boundaries[b] < offset { b += 1 }
            if b < boundaries.count && boundaries[b] == offset { flags[i] |= LineBreakClass.opportunity }
        }
        segmented = true
    }

    /// The run holding cluster `i`, searching from `hint` (lines are visited in order).
    func run(containing i: Int, from hint: Int) -> Int {
        var r = min(max(0, hint), runStarts.count - 1)
        while r > 0 && runStarts[r] > i { r -= 1 }
        while r + 1 < runStarts.count && runStarts[r + 1] <= i { r += 1 }
        return r
    }
}

/// What a layout of plain text keeps of its scan, so the layout after an edit scans only around it.
struct ReusableScan {
    /// The line-breaking flags of each cluster.
    var flags: [UInt8]
    /// The attributes of the text's one run.
    var attributes: TextAttributes
    /// The measurer the advances came from.
    var measurer: ObjectIdentifier

    /// What `scan` leaves to reuse, or nil when its text is not plain: several runs, or Unicode line
    /// breaking, shaping or URL breaks needed.
    init?(_ scan: TextScan, measurer: ObjectIdentifier) {
        guard scan.runAttributes.count == 1, !scan.needsSegmenter, !scan.hasComplex, !scan.mayHoldURL else { return nil }
        flags = scan.flags
        attributes = scan.runAttributes[0]
        self.measurer = measurer
    }
}

/// Decoding of one scalar from valid UTF-8 (Swift strings always are).
enum UTF8Decoding {
    @inline(__always)
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F), 2) }
        if b0 < 0xF0 {
            return ((b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F), 3)
        }
        return ((b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
                | UInt32(bytes[i + 3] & 0x3F), 4)
    }
}

/// Scalars whose Grapheme_Cluster_Break property is Other or Control (CR excepted).
///
/// No grapheme rule joins two such scalars, so a cluster boundary between them is certain
/// without running the full algorithm. Everything else (combining marks, ZWJ, emoji modifiers,
/// regional indicators, Hangul jamo, prepended marks, CR) takes the standard library's path.
enum GraphemeShortcut {
    @inline(__always)
    static func isSimple(_ v: UInt32) -> Bool {
        // ASCII, Latin-1, Latin Extended, IPA and modifier letters, less CR: one test for most text.
        v < 0x300 ? v != 0x0D : isSimpleBeyondLatin(v)
    }

    @inline(never)
    private static func isSimpleBeyondLatin(_ v: UInt32) -> Bool {
        switch v {
        case 0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF: return true // kana, CJK ideographs
        case 0xAC00...0xD7A3: return true                     // Hangul syllables (never followed by jamo here)
        case 0x1E00...0x1EFF: return true                     // Latin Extended Additional: Vietnamese's precomposed letters
        case 0x370...0x482, 0x48A...0x52F: return true        // Greek, Cyrillic without combining marks
        case 0x5D0...0x5EA, 0x5EF...0x5F4: return true        // Hebrew letters and punctuation, without points
        case 0x60C...0x60F, 0x61B, 0x61D...0x64A: return true // Arabic letters and punctuation, without marks
        case 0x660...0x66F, 0x671...0x6D3: return true        // Arabic digits and letters, without marks
        // Devanagari letters, digits and dandas, without marks (Prepend, Extend, SpacingMark): a
        // conjunct (GB9c) needs a virama between its consonants, which takes the slow path.
        case 0x904...0x939, 0x958...0x961, 0x964...0x970, 0x972...0x97F: return true
        case 0xE01...0xE30, 0xE32, 0xE3F...0xE46, 0xE4F...0xE5B: return true // Thai, without marks and sara am
        case 0x2000...0x200B, 0x200E...0x206F: return true    // spaces and general punctuation, without ZWNJ/ZWJ
        case 0x3000...0x3029, 0x3030...0x3040: return true    // CJK symbols, without combining marks
        case 0x3400...0x4DBF: return true                     // CJK extension A
        case 0xFF01...0xFF9D, 0xFFE0...0xFFEE: return true    // full-width and half-width forms
        default: return false
        }
    }
}
