extension TextLayout {
    /// The vertical span, in layout coordinates, of the lines drawn differently than in `old`; nil
    /// when every line is drawn the same.
    ///
    /// An edit usually rewraps only its own line: a view that redraws this span instead of the whole
    /// paragraph draws one line per key. Lines are compared from both ends, so when the line count
    /// changed the span runs from the first line that differs to the end of the longer layout.
    func changedLineSpan(since old: TextLayout) -> ClosedRange<Double>? {
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
        switch (span(self, first...max(first, last)), span(old, first...max(first, oldLast))) {
        case let (new?, old?): return min(new.lowerBound, old.lowerBound)...max(new.upperBound, old.upperBound)
        case let (new?, nil): return new
        case let (nil, old?): return old
        case (nil, nil): return nil
        }
    }

    /// Whether line `index` puts the same pixels where `old`'s line `oldIndex` put them: same place,
    /// same fragments with the same text, attributes and direction.
    private func drawsLine(_ index: Int, as old: TextLayout, line oldIndex: Int) -> Bool {
        let a = lines[index], b = old.lines[oldIndex]
        guard a.rect == b.rect, a.baseline == b.baseline, a.fragments.count == b.fragments.count else { return false }
        for (f, g) in zip(a.fragments, b.fragments) {
            guard f.x == g.x, f.width == g.width, f.isRightToLeft == g.isRightToLeft,
                  f.isTruncationEllipsis == g.isTruncationEllipsis, f.attributes == g.attributes,
                  TextLayout.sameUTF8(f.text, g.text) else { return false }
        }
        return true
    }

    /// Byte equality of two slices (not `==`, which compares canonically and more slowly).
    private static func sameUTF8(_ a: Substring, _ b: Substring) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let compared = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in x.elementsEqual(y) }
        }
        return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }
}
