/// Text broken into lines within a width, with the geometry to draw it and to hit-test it.
///
/// Built once from attributed text, a width, an alignment, a line limit and a measurer; immutable
/// afterwards. The same object answers drawing (`draw(in:at:)`) and hit tests (`characterIndex(at:)`,
/// `caretIndex(at:)`, `rects(for:)`), so what is tapped is exactly what is drawn. All positions work
/// on grapheme clusters (Swift `Character`s) and are relative to the top-left of the text block.
public final class TextLayout: Sendable {
    /// The character drawn in place of text hidden by the line limit.
    public static let ellipsis: Character = "…"

    public let attributedText: AttributedText
    /// The width lines wrap at; `.infinity` wraps only at line breaks.
    public let maxWidth: Double
    public let alignment: TextAlignment
    /// The most lines shown (0: no limit); extra text is cut with "…".
    public let numberOfLines: Int
    public let lines: [Line]
    /// The used size: the widest line by the sum of the line heights.
    public let size: Size
    /// The characters hidden by the line limit, or nil when everything is shown.
    public let truncatedRange: Range<String.Index>?

    /// UTF-8 offset of each cluster, plus the end.
    let offsets: [Int]
    let advances: [Double]
    /// Each cluster's left edge relative to its line's left edge (before alignment).
    let positions: [Double]

    /// Lays out text.
    ///
    /// - Parameters:
    ///   - maxWidth: the wrapping width; `.infinity` for no wrapping.
    ///   - numberOfLines: the line limit, 0 for none.
    ///   - measurer: measures clusters; it must match the renderer that will draw.
    public init(_ text: AttributedText, maxWidth: Double = .infinity, alignment: TextAlignment = .left,
                numberOfLines: Int = 0, measurer: TextMeasurer) {
        attributedText = text
        self.maxWidth = maxWidth
        self.alignment = alignment
        self.numberOfLines = max(0, numberOfLines)
        var cache = AdvanceCache(measurer: measurer)
        let scan = TextScan(text, cache: &cache)
        let breaks = LineBreaker.breakLines(scan, maxWidth: maxWidth, limit: self.numberOfLines, cache: cache)
        let built = TextLayout.buildLines(text.string, scan: scan, breaks: breaks, cache: cache,
                                          maxWidth: maxWidth, alignment: alignment)
        offsets = scan.offsets
        advances = scan.advances
        positions = built.positions
        lines = built.lines
        size = built.size
        let string = text.string
        truncatedRange = breaks.truncatedFrom.map {
            string.index(utf8Offset: scan.offsets[$0])..<string.endIndex
        }
    }

    /// How many lines are shown.
    public var lineCount: Int { lines.count }
    /// Each line's used rect, in layout coordinates.
    public var lineRects: [Rect] { lines.map(\.rect) }
    /// Each line's baseline y, in layout coordinates.
    public var baselines: [Double] { lines.map(\.baseline) }

    /// The string index where cluster `i` starts.
    func stringIndex(_ i: Int) -> String.Index {
        attributedText.string.index(utf8Offset: offsets[i])
    }

    private struct Built {
        var lines: [Line]
        var positions: [Double]
        var size: Size
    }

    private static func buildLines(_ string: String, scan: TextScan, breaks: LineBreaks, cache: AdvanceCache,
                                   maxWidth: Double, alignment: TextAlignment) -> Built {
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
            switch alignment {
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
            if span.glyphEnd > span.start {
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
        return Built(lines: lines, positions: positions, size: Size(width: usedWidth, height: y))
    }
}
