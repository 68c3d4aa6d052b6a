/// Text broken into lines within a width, with the geometry to draw it and to hit-test it.
///
/// Built once from attributed text, a width, an alignment, a line limit and a measurer; immutable
/// afterwards. The same object answers drawing (`draw(in:at:)`) and hit tests (`characterIndex(at:)`,
/// `caretIndex(at:)`, `rects(for:)`), so what is tapped is exactly what is drawn. All positions work
/// on grapheme clusters (Swift `Character`s) and are relative to the top-left of the text block.
public final class TextLayout: Sendable {
    /// The character drawn in place of text hidden by the line limit.
    public static let ellipsis: Character = "…"

    /// The text laid out.
    public let attributedText: AttributedText
    /// The width lines wrap at; `.infinity` wraps only at line breaks.
    public let maxWidth: Double
    /// How lines are aligned within `maxWidth` (or the widest line).
    public let alignment: TextAlignment
    /// The most lines shown (0: no limit); extra text is cut with "…".
    public let numberOfLines: Int
    /// The lines, top to bottom, with their fragments and geometry.
    public let lines: [Line]
    /// The used size: the widest line by the sum of the line heights.
    public let size: Size
    /// The characters hidden by the line limit, or nil when everything is shown.
    public let truncatedRange: Range<String.Index>?
    /// The segmenter that broke the lines; double-click words come from it too.
    public let segmenter: TextSegmenter

    /// UTF-8 offset of each cluster, plus the end.
    let offsets: [Int]
    let advances: [Double]
    /// Each cluster's left edge relative to its line's left edge (before alignment), in visual order
    /// when bidi reordered its line.
    let positions: [Double]
    /// Bidi levels per cluster; empty when the whole text runs left to right.
    let levels: [UInt8]
    /// Each cluster's paragraph level (1 in a right-to-left paragraph); empty when every paragraph
    /// runs left to right.
    let paragraphLevels: [UInt8]
    /// For each line's drawn clusters, the cluster shown at each visual slot (identity where no
    /// reordering happened); empty when the whole text runs left to right.
    let visualOrder: [Int]
    /// The shaped words, by first cluster; drawing draws their glyphs (empty for simple text).
    let words: [WordSpan]
    /// What the next layout after an edit may take from this one's scan (plain text only).
    let reusableScan: ReusableScan?

    /// Lays out text.
    ///
    /// - Parameters:
    ///   - maxWidth: the wrapping width; `.infinity` for no wrapping.
    ///   - numberOfLines: the line limit, 0 for none.
    ///   - direction: the paragraphs' base direction; nil takes each one's from its first strong character.
    ///   - measurer: measures clusters; it must match the renderer that will draw.
    public convenience init(_ text: AttributedText, maxWidth: Double = .infinity, alignment: TextAlignment = .left,
                            numberOfLines: Int = 0, direction: TextDirection? = nil, measurer: TextMeasurer) {
        var cache = AdvanceCache(measurer: measurer)
        self.init(text, maxWidth: maxWidth, alignment: alignment, numberOfLines: numberOfLines, direction: direction,
                  measurer: measurer, cache: &cache)
    }

    /// Lays out text with advances kept from earlier layouts (`cache` must come from `measurer`), so
    /// a view that lays out many paragraphs in one font measures each character once, not once per
    /// paragraph and edit.
    ///
    /// With `old`, a layout of the text before an edit with the same measurer, plain text is scanned
    /// again only around the change (`TextScan.init(_:editing:cache:)`).
    init(_ text: AttributedText, maxWidth: Double, alignment: TextAlignment, numberOfLines: Int,
         direction: TextDirection?, measurer: TextMeasurer, cache: inout AdvanceCache, editing old: TextLayout? = nil) {
        attributedText = text
        self.maxWidth = maxWidth
        self.alignment = alignment
        self.numberOfLines = max(0, numberOfLines)
        var scan = old.flatMap { TextScan(text, editing: $0, cache: &cache) } ?? TextScan(text, cache: &cache)
        segmenter = measurer.textSegmenter
        if scan.needsSegmenter && !(segmenter is BasicTextSegmenter) { scan.applyLineBreaks(of: text.string, segmenter: segmenter) }
        if scan.mayHoldURL { URLLineBreaks.apply(to: &scan, string: text.string) }
        let bidi = scan.needsSegmenter || direction != nil
            ? BidiReordering.resolve(text.string, scan: scan, segmenter: segmenter, direction: direction) : nil
        // Words are shaped before lines break (their advances decide the breaks), in their bidi direction.
        words = scan.hasComplex ? WordShaping.apply(to: &scan, string: text.string, levels: bidi?.levels ?? [],
                                                    cache: &cache) : []
        let previous = old.flatMap { old in
            old.maxWidth == maxWidth && old.numberOfLines == 0 ? old.lines.map { LineSpan(start: $0.start, glyphEnd: $0.glyphEnd, end: $0.end) } : nil
        }
        let breaks = LineBreaker.breakLines(scan, maxWidth: maxWidth, limit: self.numberOfLines, cache: cache, previous: previous)
        let built = TextLayout.buildLines(text.string, scan: scan, breaks: breaks, cache: cache,
                                          maxWidth: maxWidth, alignment: alignment, bidi: bidi)
        offsets = scan.offsets
        advances = scan.advances
        reusableScan = ReusableScan(scan, measurer: cache.measurerID)
        positions = built.positions
        levels = bidi?.levels ?? []
        paragraphLevels = bidi?.paragraphLevels ?? []
        visualOrder = built.visualOrder
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

    /// The base direction of the paragraph that line `index` belongs to: from the `direction` the
    /// layout was given, else from the paragraph's first strong character (left to right when it has
    /// none, or when the platform does no bidi).
    public func baseDirection(ofLine index: Int) -> TextDirection {
        guard lines.indices.contains(index), !paragraphLevels.isEmpty else { return .leftToRight }
        let start = min(lines[index].start, paragraphLevels.count - 1)
        return start >= 0 && paragraphLevels[start] & 1 == 1 ? .rightToLeft : .leftToRight
    }

    /// The words drawn from shaped glyphs, with the characters each covers, in logical order.
    @_spi(Testing) public var shapedWords: [(range: Range<String.Index>, word: ShapedWord)] {
        words.map { (stringIndex($0.start)..<stringIndex($0.end), $0.word) }
    }

    /// The string index where cluster `i` starts.
    func stringIndex(_ i: Int) -> String.Index {
        attributedText.string.index(utf8Offset: offsets[i])
    }
}
