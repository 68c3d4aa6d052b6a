import Glibc

extension TextLayout {
    /// What an edit changed, found in one comparison of the lines: the vertical span of the lines
    /// drawn differently, and where on its line the change begins when only one line changed in place.
    struct LineChange {
        /// The span, in layout coordinates, of the lines drawn differently than in `old`.
        var span: ClosedRange<Double>
        /// The layout x left of which nothing changed (see `changedLineLeftEdge(since:)`); nil when
        /// the whole width may have.
        var leftEdge: Double?
    }

    /// The lines drawn differently than in `old`; nil when every line is drawn the same.
    ///
    /// An edit usually rewraps only its own line: a view that redraws this span instead of the whole
    /// paragraph draws one line per key. Lines are compared from both ends, so when the line count
    /// changed the span runs from the first line that differs to the end of the longer layout.
    func lineChange(since old: TextLayout) -> LineChange? {
        var first = 0
        let common = min(lines.count, old.lines.count)
        while first < common, drawsLine(first, as: old, line: first) { first += 1 }
        if first == common && lines.count == old.lines.count { return nil }
        var last = lines.count - 1, oldLast = old.lines.count - 1
        while last > first, oldLast > first, drawsLine(last, as: old, line: oldLast) {
            last -= 1
            oldLast -= 1
        }
        func span(_ layout: TextLayout, _ range: ClosedRange<Int>) -> ClosedRange<Double>? {
            guard range.lowerBound < layout.lines.count else { return nil }
            return layout.lines[range.lowerBound].rect.minY...layout.lines[min(range.upperBound, layout.lines.count - 1)].rect.maxY
        }
        let changed: ClosedRange<Double>
        switch (span(self, first...max(first, last)), span(old, first...max(first, oldLast))) {
        case let (new?, old?): changed = min(new.lowerBound, old.lowerBound)...max(new.upperBound, old.upperBound)
        case let (new?, nil): changed = new
        case let (nil, old?): changed = old
        case (nil, nil): return nil
        }
        // Exactly one line differs when the counts agree and both ends met at it.
        let single = lines.count == old.lines.count && last == first && oldLast == first
        return LineChange(span: changed, leftEdge: single ? leftEdge(ofLine: first, since: old) : nil)
    }

    /// The vertical span of `lineChange(since:)`.
    func changedLineSpan(since old: TextLayout) -> ClosedRange<Double>? { lineChange(since: old)?.span }

    /// Where on its line an edit's change begins, in layout x, when only one line changed and stayed
    /// where it was: everything left of it is drawn as before, so typing in the middle of a line
    /// redraws from the caret on. nil when that cannot be told cheaply and safely: several lines
    /// changed, the line moved (centred or right-aligned text), or it holds reordered (bidi) or
    /// shaped text, whose glyphs may change left of the edit.
    func changedLineLeftEdge(since old: TextLayout) -> Double? { lineChange(since: old)?.leftEdge }

    /// `changedLineLeftEdge` for line `index`, the only one that differs from `old`'s.
    private func leftEdge(ofLine index: Int, since old: TextLayout) -> Double? {
        let line = lines[index], oldLine = old.lines[index]
        guard line.start == oldLine.start, line.rect.minX == oldLine.rect.minX,
              isPlain(line), old.isPlain(oldLine) else { return nil }
        // The first cluster that differs: in its bytes (the strings' common prefix), its place or width.
        let prefix = TextLayout.commonUTF8Prefix(attributedText.string, old.attributedText.string)
        let end = min(line.glyphEnd, oldLine.glyphEnd)
        var k = line.start
        while k < end, offsets[k + 1] <= prefix, offsets[k + 1] == old.offsets[k + 1],
              positions[k] == old.positions[k], advances[k] == old.advances[k] { k += 1 }
        // Fragments (attribute runs) starting left of it must be the same runs.
        let x = k < line.glyphEnd ? positions[k] : line.glyphWidth
        for (f, g) in zip(line.fragments, oldLine.fragments) where min(f.x, g.x) < line.rect.minX + x {
            guard f.x == g.x, f.attributes == g.attributes, f.range.lowerBound == g.range.lowerBound else { return nil }
        }
        return line.rect.minX + x
    }

    /// Whether a line is drawn left to right from per-character glyphs: no bidi reordering, no
    /// shaped word, no ellipsis.
    private func isPlain(_ line: Line) -> Bool {
        if !levels.isEmpty && levels[line.start..<line.glyphEnd].contains(where: { $0 > 0 }) { return false }
        if line.fragments.contains(where: { $0.isTruncationEllipsis || $0.isRightToLeft }) { return false }
        let word = firstWord(endingAfter: line.start)
        return word >= words.count || words[word].start >= line.glyphEnd
    }

    /// How many leading UTF-8 bytes two strings share.
    static func commonUTF8Prefix(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in SharedBytes.prefix(x, y) }
        }
    }

    /// Whether line `index` puts the same pixels where `old`'s line `oldIndex` put them: same place,
    /// same fragments with the same text, attributes and direction.
    private func drawsLine(_ index: Int, as old: TextLayout, line oldIndex: Int) -> Bool {
        // Field by field through buffers: copying a line or a fragment out retains each of its strings,
        // which was most of the comparison's cost.
        lines.withUnsafeBufferPointer { new in
            old.lines.withUnsafeBufferPointer { previous in
                guard new[index].rect == previous[oldIndex].rect, new[index].baseline == previous[oldIndex].baseline else { return false }
                return new[index].fragments.withUnsafeBufferPointer { f in
                    previous[oldIndex].fragments.withUnsafeBufferPointer { g in
                        guard f.count == g.count else { return false }
                        for k in f.indices {
                            guard f[k].x == g[k].x, f[k].width == g[k].width, f[k].isRightToLeft == g[k].isRightToLeft,
                                  f[k].isTruncationEllipsis == g[k].isTruncationEllipsis, f[k].attributes == g[k].attributes,
                                  TextLayout.sameUTF8(f[k].text, g[k].text) else { return false }
                        }
                        return true
                    }
                }
            }
        }
    }

    /// Byte equality of two slices (not `==`, which compares canonically and more slowly).
    static func sameUTF8(_ a: Substring, _ b: Substring) -> Bool {
        let count = a.utf8.count
        guard count == b.utf8.count else { return false }
        // memcmp: the generic elementsEqual compared a byte per loop turn, a fifth of a key's edit cost.
        let compared = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                guard let x = x.baseAddress, let y = y.baseAddress else { return count == 0 }
                return memcmp(x, y, count) == 0
            }
        }
        return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }
}
