extension TextLayout {
    /// The character whose glyph box holds a point in layout coordinates, or nil outside every glyph.
    ///
    /// A point right of a line's text, left of it, between lines' used extents, on the "…" of a
    /// truncated line, or above or below all lines is a miss.
    public func characterIndex(at point: Point) -> String.Index? {
        guard let line = lineIndex(atY: point.y).map({ lines[$0] }) else { return nil }
        let x = point.x - line.rect.x
        guard x >= 0, x < line.glyphWidth, line.glyphEnd > line.start else { return nil }
        return stringIndex(cluster(atX: x, in: line))
    }

    /// The insertion point nearest to a point in layout coordinates.
    ///
    /// Points above the first line use the first line, points below the last use the last. `fraction`
    /// is how far the point lies through the character it falls on (0 at its leading edge, 1 at its
    /// trailing edge); `index` is the insertion point before that character when `fraction < 0.5`, after
    /// it otherwise. Left of a line gives its start with fraction 0, right of it gives the end of its
    /// drawn text (before hanging spaces, the line break or "…") with fraction 1.
    public func caretIndex(at point: Point) -> (index: String.Index, fraction: Double) {
        let string = attributedText.string
        guard !lines.isEmpty else { return (string.startIndex, 0) }
        let li: Int
        if let hit = lineIndex(atY: point.y) {
            li = hit
        } else {
            li = point.y < 0 ? 0 : lines.count - 1
        }
        let line = lines[li]
        let x = point.x - line.rect.x
        // In a right-to-left paragraph the line's logical start is on the right.
        let rtlLine = !levels.isEmpty && line.glyphEnd > line.start && isRightToLeftLine(line)
        if x <= 0 || line.glyphEnd == line.start {
            return (stringIndex(rtlLine && x <= 0 ? line.glyphEnd : line.start), x <= 0 ? 0 : 1)
        }
        if x >= line.glyphWidth { return (stringIndex(rtlLine ? line.start : line.glyphEnd), 1) }
        let c = cluster(atX: x, in: line)
        let advance = advances[c]
        var fraction = advance > 0 ? min(1, max(0, (x - positions[c]) / advance)) : 0
        // A right-to-left cluster's leading edge is its right edge.
        if !levels.isEmpty && levels[c] & 1 == 1 { fraction = 1 - fraction }
        return (stringIndex(fraction < 0.5 ? c : c + 1), fraction)
    }

    /// The rects covering the drawn characters of a range, one per line it touches.
    ///
    /// Hanging spaces, line breaks and characters hidden by truncation have no rect.
    public func rects(for range: Range<String.Index>) -> [Rect] {
        let string = attributedText.string
        let n = advances.count
        guard n > 0 else { return [] }
        let lo = clusterIndex(containingUTF8: string.utf8Offset(of: range.lowerBound))
        let hi = clusterIndex(startingAtOrAfterUTF8: string.utf8Offset(of: range.upperBound))
        guard lo < hi else { return [] }
        var result: [Rect] = []
        var li = lineIndex(containingCluster: lo)
        while li < lines.count {
            let line = lines[li]
            if line.start >= hi { break }
            let a = max(lo, line.start), b = min(hi, line.glyphEnd)
            if a < b && !levels.isEmpty && isReordered(line) {
                result.append(contentsOf: visualRects(lo: a, hi: b, in: line))
            } else if a < b {
                let left = positions[a]
                let right = b == line.glyphEnd ? line.glyphWidth : positions[b]
                result.append(Rect(x: line.rect.x + left, y: line.rect.y, width: right - left, height: line.rect.height))
            }
            li += 1
        }
        return result
    }

    /// The x of the insertion point before character `offset` on the first line, relative to the
    /// line's left edge (before alignment): the leading edge of that character — its right edge when
    /// it runs right to left — or, at the end, the trailing edge of the last character. At a
    /// direction boundary the caret therefore stands with the character it precedes, as GTK's does.
    public func caretX(beforeCharacter offset: Int) -> Double {
        let n = advances.count
        guard n > 0 else { return 0 }
        let i = max(0, min(n, offset))
        let rtl = { (c: Int) in !self.levels.isEmpty && self.levels[c] & 1 == 1 }
        if i < n { return rtl(i) ? positions[i] + advances[i] : positions[i] }
        return rtl(n - 1) ? positions[n - 1] : positions[n - 1] + advances[n - 1]
    }

    // MARK: Lookups

    /// The line whose vertical extent holds `y`, by binary search (lines tile from 0 downward).
    func lineIndex(atY y: Double) -> Int? {
        guard let last = lines.last, y >= 0, y < last.rect.maxY else { return nil }
        var lo = 0, hi = lines.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if lines[mid].rect.maxY <= y { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The last line starting at or before cluster `c`.
    func lineIndex(containingCluster c: Int) -> Int {
        var lo = 0, hi = lines.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lines[mid].start <= c { lo = mid } else { hi = mid - 1 }
        }
        return max(0, lo)
    }

    /// Whether bidi reordered the line (some drawn cluster has a non-zero level).
    private func isReordered(_ line: Line) -> Bool {
        levels[line.start..<line.glyphEnd].contains { $0 > 0 }
    }

    /// Whether the line's paragraph runs right to left: its visual first cluster is its logical last
    /// drawn one, or its clusters are all right to left.
    private func isRightToLeftLine(_ line: Line) -> Bool {
        guard isReordered(line) else { return false }
        return levels[line.start..<line.glyphEnd].allSatisfy { $0 & 1 == 1 }
            || (visualOrder[line.start] == line.glyphEnd - 1 && levels[line.glyphEnd - 1] & 1 == 1)
    }

    /// The rects of the clusters `lo..<hi` of a reordered line: one per visually contiguous run, left to right.
    private func visualRects(lo: Int, hi: Int, in line: Line) -> [Rect] {
        var rects: [Rect] = []
        var left: Double?
        var right = 0.0
        for k in line.start..<line.glyphEnd {
            let c = visualOrder[k]
            if c >= lo && c < hi {
                if left == nil { left = positions[c] }
                right = positions[c] + advances[c]
            } else if let l = left {
                rects.append(Rect(x: line.rect.x + l, y: line.rect.y, width: right - l, height: line.rect.height))
                left = nil
            }
        }
        if let l = left {
            rects.append(Rect(x: line.rect.x + l, y: line.rect.y, width: right - l, height: line.rect.height))
        }
        return rects
    }

    /// The drawn cluster of a line whose box holds `x` (relative to the line's left edge, inside its glyphs).
    private func cluster(atX x: Double, in line: Line) -> Int {
        if !visualOrder.isEmpty && isReordered(line) {
            var lo = line.start, hi = line.glyphEnd - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if positions[visualOrder[mid]] <= x { lo = mid } else { hi = mid - 1 }
            }
            return visualOrder[lo]
        }
        // The last cluster starting at or before x; zero-width clusters give way to the one that follows.
        return TextLayout.lastIndex(in: positions, atOrBelow: x, from: line.start, through: line.glyphEnd - 1)
    }

    /// Binary search: the last index in `lo...hi` whose value is at most `target` (`lo` when none is).
    private static func lastIndex<T: Comparable>(in values: [T], atOrBelow target: T, from lo: Int, through hi: Int) -> Int {
        var lo = lo, hi = hi
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if values[mid] <= target { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The cluster holding a UTF-8 offset (rounding down inside a cluster).
    private func clusterIndex(containingUTF8 offset: Int) -> Int {
        TextLayout.lastIndex(in: offsets, atOrBelow: offset, from: 0, through: advances.count)
    }

    /// The first cluster boundary at or after a UTF-8 offset (rounding up inside a cluster).
    func clusterIndex(startingAtOrAfterUTF8 offset: Int) -> Int {
        var lo = 0, hi = advances.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if offsets[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
