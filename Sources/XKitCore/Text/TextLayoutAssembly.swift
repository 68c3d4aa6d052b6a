extension TextLayout {
    /// Lines with their geometry, before they are stored in a layout.
    struct Built {
        var lines: [Line]
        var positions: [Double]
        var size: Size
        var visualOrder: [Int] = []
    }

    /// Measures each line, aligns it, splits it into fragments at attribute runs and stacks the lines.
    static func buildLines(_ string: String, scan: TextScan, breaks: LineBreaks, cache: AdvanceCache,
                           maxWidth: Double, alignment: TextAlignment,
                           bidi: (levels: [UInt8], paragraphLevels: [UInt8])? = nil) -> Built {
        let n = scan.count
        var positions = [Double](repeating: 0, count: n)
        var glyphWidths: [Double] = []
        glyphWidths.reserveCapacity(breaks.spans.count)
        scan.advances.withUnsafeBufferPointer { advances in
            positions.withUnsafeMutableBufferPointer { positions in
                for span in breaks.spans {
                    var x = 0.0
                    var glyphWidth = 0.0
                    for i in span.start..<span.end {
                        if i == span.glyphEnd { glyphWidth = x }
                        positions[i] = x
                        x += advances[i]
                    }
                    glyphWidths.append(span.glyphEnd == span.end ? x : glyphWidth)
                }
            }
        }
        var visualOrder: [Int] = []
        if let bidi {
            visualOrder = Array(0..<n)
            reorder(breaks.spans, levels: bidi.levels, advances: scan.advances, positions: &positions,
                    visualOrder: &visualOrder)
        }
        let lastIndex = breaks.spans.count - 1
        var ellipsisRun = 0
        var ellipsisWidth = 0.0
        if breaks.truncatedFrom != nil {
            ellipsisRun = scan.run(containing: breaks.ellipsisSource, from: 0)
            ellipsisWidth = cache.ellipsisWidth(scan.runFonts[ellipsisRun])
        }
        var lineWidths = glyphWidths
        if breaks.truncatedFrom != nil && lastIndex >= 0 { lineWidths[lastIndex] += ellipsisWidth }
        let usedWidth = lineWidths.max() ?? 0
        let alignWidth = maxWidth.isFinite ? maxWidth : usedWidth

        var lines: [Line] = []
        lines.reserveCapacity(breaks.spans.count)
        var y = 0.0
        var runHint = 0
        let offsets = scan.offsets
        func index(_ i: Int) -> String.Index { string.index(utf8Offset: offsets[i]) }

        for (li, span) in breaks.spans.enumerated() {
            let width = lineWidths[li]
            let lineX: Double
            let rightToLeft = bidi.map { span.start < n && $0.paragraphLevels[span.start] & 1 == 1 } ?? false
            switch alignment {
            case .natural where rightToLeft: lineX = max(0, alignWidth - width)
            case .left, .natural: lineX = 0
            case .center: lineX = max(0, (alignWidth - width) / 2)
            case .right: lineX = max(0, alignWidth - width)
            }
            var fragments: [Fragment] = []
            var ascent = 0.0, descent = 0.0, leading = 0.0
            func addMetrics(_ font: Int) {
                let m = cache.metrics(font)
                ascent = max(ascent, m.ascent); descent = max(descent, m.descent); leading = max(leading, m.leading)
            }
            if let bidi, span.glyphEnd > span.start,
               bidiFragments(span, string: string, scan: scan, levels: bidi.levels, positions: positions,
                             visualOrder: visualOrder, lineX: lineX, into: &fragments) {
                var run = scan.run(containing: span.start, from: runHint)
                while run + 1 < scan.runStarts.count && scan.runStarts[run + 1] < span.glyphEnd {
                    addMetrics(scan.runFonts[run])
                    run += 1
                }
                addMetrics(scan.runFonts[run])
                runHint = run
            } else if span.glyphEnd > span.start {
                var run = scan.run(containing: span.start, from: runHint)
                var a = span.start
                while a < span.glyphEnd {
                    let runEnd = run + 1 < scan.runStarts.count ? scan.runStarts[run + 1] : n
                    let b = min(runEnd, span.glyphEnd)
                    if b > a {
                        let left = positions[a]
                        let right = b == span.glyphEnd ? glyphWidths[li] : positions[b]
                        let range = index(a)..<index(b)
                        fragments.append(Fragment(range: range, x: lineX + left, width: right - left,
                                                  attributes: scan.runAttributes[run], text: string[range],
                                                  isTruncationEllipsis: false))
                        addMetrics(scan.runFonts[run])
                        a = b
                    }
                    if b == runEnd { run += 1 }
                }
                runHint = min(run, scan.runStarts.count - 1)
            }
            if li == lastIndex, let hidden = breaks.truncatedFrom {
                fragments.append(Fragment(range: index(hidden)..<string.endIndex, x: lineX + glyphWidths[li],
                                          width: ellipsisWidth, attributes: scan.runAttributes[ellipsisRun],
                                          text: Substring(String(ellipsis)), isTruncationEllipsis: true))
                addMetrics(scan.runFonts[ellipsisRun])
            }
            if fragments.isEmpty {
                // An empty line takes the height of the font at its line break (or of the text's end).
                let run = scan.run(containing: max(0, min(span.start, n - 1)), from: runHint)
                addMetrics(scan.runFonts[run])
            }
            let height = ascent + descent + leading
            lines.append(Line(range: index(span.start)..<index(span.end),
                              rect: Rect(x: lineX, y: y, width: width, height: height),
                              baseline: y + ascent, fragments: fragments,
                              start: span.start, glyphEnd: span.glyphEnd, end: span.end,
                              glyphWidth: glyphWidths[li]))
            y += height
        }
        return Built(lines: lines, positions: positions, size: Size(width: usedWidth, height: y),
                     visualOrder: visualOrder)
    }

    /// Reorders each line's drawn clusters visually (UAX #9 L2) and places them left to right.
    private static func reorder(_ spans: [LineSpan], levels: [UInt8], advances: [Double],
                                positions: inout [Double], visualOrder: inout [Int]) {
        for span in spans where span.glyphEnd > span.start {
            let slice = Array(levels[span.start..<span.glyphEnd])
            guard slice.contains(where: { $0 > 0 }) else { continue }
            let order = BidiReordering.visualOrder(levels: slice)
            var x = 0.0
            for (k, local) in order.enumerated() {
                let c = span.start + local
                visualOrder[span.start + k] = c
                positions[c] = x
                x += advances[c]
            }
        }
    }

    /// The fragments of a reordered line, left to right: runs of one attribute run and one
    /// direction whose clusters are logically contiguous; a right-to-left fragment is drawn with
    /// `drawText(_:font:color:at:rightToLeft:)`.
    /// Returns false (and adds nothing) when the line was not reordered.
    private static func bidiFragments(_ span: LineSpan, string: String, scan: TextScan, levels: [UInt8],
                                      positions: [Double], visualOrder: [Int], lineX: Double,
                                      into fragments: inout [Fragment]) -> Bool {
        guard levels[span.start..<span.glyphEnd].contains(where: { $0 > 0 }) else { return false }
        func index(_ i: Int) -> String.Index { string.index(utf8Offset: scan.offsets[i]) }
        var hint = 0
        var k = span.start
        while k < span.glyphEnd {
            let first = visualOrder[k]
            let rtl = levels[first] & 1 == 1
            let run = scan.run(containing: first, from: hint)
            hint = run
            var last = first
            var width = scan.advances[first]
            var next = k + 1
            while next < span.glyphEnd {
                let c = visualOrder[next]
                guard c == (rtl ? last - 1 : last + 1), levels[c] & 1 == levels[first] & 1,
                      scan.run(containing: c, from: run) == run else { break }
                width += scan.advances[c]
                last = c
                next += 1
            }
            let lo = min(first, last), hi = max(first, last) + 1
            let range = index(lo)..<index(hi)
            var fragment = Fragment(range: range, x: lineX + positions[first], width: width,
                                    attributes: scan.runAttributes[run], text: string[range], isTruncationEllipsis: false)
            fragment.isRightToLeft = rtl
            fragments.append(fragment)
            k = next
        }
        return true
    }
}
