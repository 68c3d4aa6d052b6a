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
    /// Breaks the scanned text into lines of at most `maxWidth` (`limit` lines, 0 for any number).
    ///
    /// `previous` are the lines of the text before an edit, at the same width and with no limit,
    /// when `scan` reused that text's scan (`TextScan.reuse`): then only the lines around the edit
    /// are broken again, and the lines after it are the old ones moved, from the first new line that
    /// starts where an old one did past the edit.
    static func breakLines(_ scan: TextScan, maxWidth: Double, limit: Int, cache: AdvanceCache,
                           previous: [LineSpan]? = nil) -> LineBreaks {
        scan.flags.withUnsafeBufferPointer { flags in
            scan.advances.withUnsafeBufferPointer { advances in
                breakLines(scan, flags: flags, advances: advances, maxWidth: maxWidth, limit: limit, cache: cache,
                           previous: limit == 0 && !scan.segmented ? scan.reuse.flatMap { reuse in previous.map { ($0, reuse) } } : nil)
            }
        }
    }

    private static func breakLines(_ scan: TextScan, flags: UnsafeBufferPointer<UInt8>,
                                   advances: UnsafeBufferPointer<Double>,
                                   maxWidth: Double, limit: Int, cache: AdvanceCache,
                                   previous: ([LineSpan], TextScan.Reuse)?) -> LineBreaks {
        var result = LineBreaks()
        let n = scan.count
        guard n > 0 else { return result }
        // Tolerance for widths that are sums of fractional advances.
        let width = max(0, maxWidth.isNaN ? 0 : maxWidth) + 1e-9
        var start = 0
        var endsWithBreak = false
        let segmented = scan.segmented
        // The old line `next` is the first that may start where a new line does past the edit.
        var next = 0
        if let (old, reuse) = previous {
            // A line's breaks look at its clusters up to the one that overflowed it, which is at most
            // the start of the line after next: lines whose line after next starts before the rescan
            // are as they were.
            var kept = 0
            while kept + 2 < old.count && old[kept + 2].start < reuse.restart { kept += 1 }
            result.spans = Array(old[..<kept])
            start = kept < old.count ? old[kept].start : 0
            next = kept
        }
        while start < n {
            if let (old, reuse) = previous, start >= reuse.resume {
                // Past the edit, from a start an old line had, the clusters and so the lines are the old ones.
                let oldStart = start - reuse.resume + reuse.oldResume
                while next < old.count && old[next].start < oldStart { next += 1 }
                if next < old.count && old[next].start == oldStart {
                    let shift = reuse.resume - reuse.oldResume
                    result.spans.append(contentsOf: old[next...].lazy.map {
                        LineSpan(start: $0.start + shift, glyphEnd: $0.glyphEnd + shift, end: $0.end + shift)
                    })
                    return result
                }
            }
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
