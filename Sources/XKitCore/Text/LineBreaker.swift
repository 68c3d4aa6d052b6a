/// A line as cluster indices, before any geometry.
struct LineSpan {
    var start: Int
    /// The end of the clusters drawn on the line: hanging spaces and the line break are past it.
    var glyphEnd: Int
    /// Where the next line starts.
    var end: Int
}

/// Where the lines of a scanned text go, and what the line limit hid.
struct LineBreaks {
    var spans: [LineSpan] = []
    /// The first cluster hidden by truncation; the last span then ends with an ellipsis.
    var truncatedFrom: Int?
    /// The cluster whose attributes the ellipsis takes: the last visible one (the line's first if none is).
    var ellipsisSource = 0
}

/// Greedy line breaking: fill each line up to the width, wrap at the last break opportunity,
/// and fall back to a cluster boundary when a single word is wider than the line.
enum LineBreaker {
    static func breakLines(_ scan: TextScan, maxWidth: Double, limit: Int, cache: AdvanceCache) -> LineBreaks {
        scan.flags.withUnsafeBufferPointer { flags in
            scan.advances.withUnsafeBufferPointer { advances in
                breakLines(scan, flags: flags, advances: advances, maxWidth: maxWidth, limit: limit, cache: cache)
            }
        }
    }

    private static func breakLines(_ scan: TextScan, flags: UnsafeBufferPointer<UInt8>,
                                   advances: UnsafeBufferPointer<Double>,
                                   maxWidth: Double, limit: Int, cache: AdvanceCache) -> LineBreaks {
        var result = LineBreaks()
        let n = scan.count
        guard n > 0 else { return result }
        // Tolerance for widths that are sums of fractional advances.
        let width = max(0, maxWidth.isNaN ? 0 : maxWidth) + 1e-9
        var start = 0
        var endsWithBreak = false
        let segmented = scan.segmented
        while start < n {
            if limit > 0 && result.spans.count == limit {
                truncate(&result, scan: scan, flags: flags, advances: advances, width: width, cache: cache)
                return result
            }
            var i = start, x = 0.0, lastBreak = start
            var overflow = false
            while i < n {
                let f = flags[i]
                if f & LineBreakClass.newline != 0 { break }
                if i > start && LineBreakClass.canBreak(before: i, lineStart: start, flags: flags, segmented: segmented) {
                    lastBreak = i
                }
                let advance = advances[i]
                if f & LineBreakClass.space == 0 && i > start && x + advance > width {
                    overflow = true
                    break
                }
                x += advance
                i += 1
            }
            if overflow {
                let end = lastBreak > start ? lastBreak : i
                var glyphEnd = end
                while glyphEnd > start && flags[glyphEnd - 1] & LineBreakClass.space != 0 { glyphEnd -= 1 }
                result.spans.append(LineSpan(start: start, glyphEnd: glyphEnd, end: end))
                start = end
            } else if i < n {
                result.spans.append(LineSpan(start: start, glyphEnd: i, end: i + 1))
                start = i + 1
                endsWithBreak = start == n
            } else {
                result.spans.append(LineSpan(start: start, glyphEnd: n, end: n))
                start = n
            }
        }
        // A final line break opens an empty last line, where a caret after it would sit.
        if endsWithBreak && (limit == 0 || result.spans.count < limit) {
            result.spans.append(LineSpan(start: n, glyphEnd: n, end: n))
        }
        return result
    }

    /// Re-lays the last visible line up to its hard break and cuts it so that text + "…" fits.
    ///
    /// Like UILabel's tail truncation, the cut may fall inside a word: the last line takes as much of
    /// the remaining paragraph as fits, not only the words that wrapping gave it.
    private static func truncate(_ result: inout LineBreaks, scan: TextScan, flags: UnsafeBufferPointer<UInt8>,
                                 advances: UnsafeBufferPointer<Double>, width: Double, cache: AdvanceCache) {
        guard let last = result.spans.popLast() else { return }
        let n = scan.count
        var hardEnd = last.start
        while hardEnd < n && flags[hardEnd] & LineBreakClass.newline == 0 { hardEnd += 1 }
        var best = last.start
        var source = last.start
        var run = scan.run(containing: last.start, from: 0)
        var x = 0.0
        var k = last.start
        while true {
            // Keeping clusters start..<k; spaces before the ellipsis are dropped, so skip cuts right after one.
            if k == last.start || flags[k - 1] & LineBreakClass.space == 0 {
                let from = max(k - 1, last.start)
                run = scan.run(containing: from, from: run)
                if x + cache.ellipsisWidth(scan.runFonts[run]) <= width {
                    best = k
                    source = from
                }
            }
            if k == hardEnd || x > width { break }
            x += advances[k]
            k += 1
        }
        result.spans.append(LineSpan(start: last.start, glyphEnd: best, end: best))
        result.truncatedFrom = best
        result.ellipsisSource = source
    }
}
