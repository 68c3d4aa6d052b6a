/// A word shaped by the platform's text measurer: the glyphs to draw, and each grapheme cluster's advance.
///
/// Layout takes the cluster advances and keeps the word, so the renderer draws exactly the glyphs
/// that layout measured, at the positions layout measured (`GraphicsContext.drawShapedWord`). The
/// glyphs are the measurer's business: `Run.font` indexes the measurer's own fonts, and glyph ids,
/// positions and `Run.glyphAdvances` are in device pixels.
///
/// A glyph that covers several clusters (a ligature such as Arabic lam-alef) has its advance split
/// evenly among them, so each cluster keeps a caret position, as GTK places carets inside ligatures.
public final class ShapedWord: Sendable {
    /// One glyph as the shaper returned it, in device pixels.
    public struct Glyph: Sendable, Hashable {
        /// The glyph id in the run's font.
        public var id: UInt32
        /// The UTF-8 offset, in the word, of the first character of the shaper's cluster holding the glyph.
        public var cluster: Int
        /// The pen advance after the glyph (unrounded).
        public var advance: Double
        /// How far right of its pen position the glyph is drawn.
        public var xOffset: Double
        /// How far below its pen position the glyph is drawn (y grows downwards; a raised mark is negative).
        public var yOffset: Double

        /// Creates a glyph as the shaper placed it; most glyphs have no offsets.
        public init(id: UInt32, cluster: Int, advance: Double, xOffset: Double = 0, yOffset: Double = 0) {
            self.id = id; self.cluster = cluster; self.advance = advance; self.xOffset = xOffset; self.yOffset = yOffset
        }
    }

    /// A part of the word in one font, as the shaper returned it: glyphs in visual order (left to right).
    public struct Segment: Sendable {
        /// The measurer's index of the font the glyph ids belong to.
        public var font: Int
        /// The UTF-8 range of the word the segment shaped.
        public var range: Range<Int>
        /// The segment's glyphs, left to right as they are drawn.
        public var glyphs: [Glyph]
        /// Creates a segment from the glyphs the shaper gave for `range` in one font.
        public init(font: Int, range: Range<Int>, glyphs: [Glyph]) { self.font = font; self.range = range; self.glyphs = glyphs }
    }

    /// Glyphs of one font placed in the word, ready to draw.
    public struct Run: Sendable, Hashable {
        /// The measurer's index of the font.
        public let font: Int
        /// The glyph ids to draw, in the run's font, left to right.
        public let glyphs: [UInt32]
        /// Each glyph's pen position plus offset, from the word's left edge, in whole device pixels.
        public let x: [Int32]
        /// Each glyph's vertical offset from the baseline, in whole device pixels (down is positive).
        public let y: [Int32]
        /// Each glyph's advance as the shaper gave it, in device pixels (unrounded).
        public let glyphAdvances: [Double]
        /// The grapheme cluster (index in the word) each glyph belongs to; a ligature's is its first.
        public let clusters: [Int]
    }

    /// The word's text.
    public let text: String
    /// Whether it was shaped right to left (its first cluster is then on the right).
    public let isRightToLeft: Bool
    /// UTF-8 offset of each grapheme cluster in `text`, plus the end.
    public let clusterOffsets: [Int]
    /// Each cluster's advance in points, in logical order: whole device pixels divided by the scale.
    public let advances: [Double]
    /// Each cluster's left edge from the word's left edge, in points (logical order).
    public let clusterX: [Double]
    /// The glyphs, in visual order.
    public let runs: [Run]
    /// The sum of `advances`.
    public let width: Double

    /// Places shaped glyphs: cluster advances from the shaper's cluster map, glyph positions rounded
    /// to device pixels exactly where the cluster edges are rounded, so drawing and hit tests agree.
    ///
    /// - Parameters:
    ///   - segments: the word's parts in logical order, each shaped in one font.
    ///   - scale: device pixels per point.
    public init(text: String, rightToLeft: Bool, scale: Double, segments: [Segment]) {
        self.text = text
        isRightToLeft = rightToLeft
        var offsets: [Int] = []
        var i = text.startIndex
        while i < text.endIndex {
            offsets.append(text.utf8.distance(from: text.utf8.startIndex, to: i))
            i = text.index(after: i)
        }
        let n = offsets.count
        offsets.append(text.utf8.count)
        clusterOffsets = offsets

        // Each cluster's share of the advances, in device pixels, and the cluster of each glyph.
        var share = [Double](repeating: 0, count: n)
        var glyphClusters: [[Int]] = []
        for segment in segments {
            var clusterOfGlyph = [Int](repeating: 0, count: segment.glyphs.count)
            guard n > 0 else { glyphClusters.append(clusterOfGlyph); continue }
            let values = Set(segment.glyphs.map(\.cluster)).sorted()
            var totals = [Double](repeating: 0, count: values.count)
            var slotOfValue: [Int: Int] = [:]
            for (k, v) in values.enumerated() { slotOfValue[v] = k }
            for g in segment.glyphs { totals[slotOfValue[g.cluster] ?? 0] += g.advance }
            var firstOfValue = [Int](repeating: 0, count: values.count)
            for (k, v) in values.enumerated() {
                let next = k + 1 < values.count ? values[k + 1] : max(v + 1, segment.range.upperBound)
                let first = ShapedWord.cluster(containing: v, in: offsets, count: n)
                var end = first + 1
                while end < n && offsets[end] < next { end += 1 }
                let covered = end - first
                for c in first..<end { share[c] += totals[k] / Double(covered) }
                firstOfValue[k] = first
            }
            for (g, glyph) in segment.glyphs.enumerated() { clusterOfGlyph[g] = firstOfValue[slotOfValue[glyph.cluster] ?? 0] }
            glyphClusters.append(clusterOfGlyph)
        }

        // Cluster edges in visual order, rounded to device pixels once, from the running sum.
        var advances = [Double](repeating: 0, count: n)
        var clusterX = [Double](repeating: 0, count: n)
        var pen = 0.0
        var edge = 0.0
        for slot in 0..<n {
            let c = rightToLeft ? n - 1 - slot : slot
            pen += share[c]
            let next = pen.isFinite ? pen.rounded() : edge
            clusterX[c] = edge / scale
            advances[c] = max(0, next - edge) / scale
            edge = max(edge, next)
        }
        self.advances = advances
        self.clusterX = clusterX
        width = edge / scale

        var runs: [Run] = []
        var glyphPen = 0.0
        for s in (rightToLeft ? Array(segments.indices.reversed()) : Array(segments.indices)) {
            let segment = segments[s]
            var xs: [Int32] = [], ys: [Int32] = []
            xs.reserveCapacity(segment.glyphs.count)
            ys.reserveCapacity(segment.glyphs.count)
            for g in segment.glyphs {
                xs.append(ShapedWord.pixels(glyphPen + g.xOffset))
                ys.append(ShapedWord.pixels(g.yOffset))
                if g.advance.isFinite { glyphPen += g.advance }
            }
            runs.append(Run(font: segment.font, glyphs: segment.glyphs.map(\.id), x: xs, y: ys,
                            glyphAdvances: segment.glyphs.map(\.advance), clusters: glyphClusters[s]))
        }
        self.runs = runs
    }

    /// How many grapheme clusters the word has.
    public var clusterCount: Int { advances.count }

    /// The text of clusters `range` (indices in the word).
    public func text(ofClusters range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let lo = utf8.index(utf8.startIndex, offsetBy: clusterOffsets[range.lowerBound])
        let hi = utf8.index(utf8.startIndex, offsetBy: clusterOffsets[range.upperBound])
        return text[lo..<hi]
    }

    /// The cluster whose UTF-8 range holds `offset` (the first one for offsets before it).
    private static func cluster(containing offset: Int, in offsets: [Int], count n: Int) -> Int {
        var lo = 0, hi = max(0, n - 1)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if offsets[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    private static func pixels(_ v: Double) -> Int32 {
        v.isFinite ? Int32(clamping: Int(max(min(v.rounded(), 1e9), -1e9))) : 0
    }
}
