/// Advances and metrics per (font, cluster), so each distinct cluster is measured once per layout.
///
/// Fonts get small integer ids once per run; the per-character path then indexes arrays instead
/// of hashing a `Font`.
struct AdvanceCache {
    private let measurer: TextMeasurer
    private(set) var fonts: [Font] = []
    private var ids: [Font: Int] = [:]
    private var metricsByID: [FontMetrics] = []
    private var ellipsisByID: [Double] = []
    /// 128 advances per font; NaN marks "not measured yet".
    private var ascii: [Double] = []
    private var scalars: [UInt64: Double] = [:]
    private var clusters: [ClusterKey: Double] = [:]

    private struct ClusterKey: Hashable {
        var font: Int
        var cluster: Character
    }

    init(measurer: TextMeasurer) { self.measurer = measurer }

    /// The id of a font, registering it (and measuring its metrics) on first use.
    mutating func id(for font: Font) -> Int {
        if let id = ids[font] { return id }
        let id = fonts.count
        fonts.append(font)
        ids[font] = id
        metricsByID.append(measurer.metrics(for: font))
        ellipsisByID.append(measurer.advance(of: TextLayout.ellipsis, in: font))
        ascii.append(contentsOf: repeatElement(.nan, count: 128))
        return id
    }

    func metrics(_ id: Int) -> FontMetrics { metricsByID[id] }
    func font(_ id: Int) -> Font { fonts[id] }
    func ellipsisWidth(_ id: Int) -> Double { ellipsisByID[id] }

    @inline(__always)
    mutating func advance(ascii byte: UInt8, font: Int, _ ch: Character) -> Double {
        let slot = font &* 128 &+ Int(byte)
        let cached = ascii[slot]
        if !cached.isNaN { return cached }
        let measured = measurer.advance(of: ch, in: fonts[font])
        ascii[slot] = measured
        return measured
    }

    @inline(__always)
    mutating func advance(scalar: UInt32, font: Int, _ ch: Character) -> Double {
        let key = UInt64(truncatingIfNeeded: font) << 32 | UInt64(scalar)
        if let cached = scalars[key] { return cached }
        let measured = measurer.advance(of: ch, in: fonts[font])
        scalars[key] = measured
        return measured
    }

    mutating func advance(cluster ch: Character, font: Int) -> Double {
        let key = ClusterKey(font: font, cluster: ch)
        if let cached = clusters[key] { return cached }
        let measured = measurer.advance(of: ch, in: fonts[font])
        clusters[key] = measured
        return measured
    }
}

/// One pass over the string: where each grapheme cluster starts, how wide it is, how it breaks.
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

    var count: Int { advances.count }

    init(_ text: AttributedText, cache: inout AdvanceCache) {
        let string = text.string
        let runs = text.runs
        runAttributes = runs.isEmpty ? [TextAttributes()] : runs.map(\.attributes)
        runFonts = runAttributes.map { cache.id(for: $0.font) }
        let runEnds = runs.isEmpty ? [Int.max] : runs.map { string.utf8Offset(of: $0.range.upperBound) }
        let asciiClasses = LineBreakClass.ascii
        let expected = string.utf8.count
        offsets.reserveCapacity(expected / 2 + 1)
        advances.reserveCapacity(expected / 2)
        flags.reserveCapacity(expected / 2)
        runStarts.append(0)

        var run = 0
        var runEnd = runEnds[0]
        var font = runFonts[0]
        var offset = 0
        for ch in string {
            // A cluster belongs to the run holding its first byte, so runs split only between clusters.
            while offset >= runEnd && run + 1 < runEnds.count {
                run += 1
                runEnd = runEnds[run]
                font = runFonts[run]
                runStarts.append(advances.count)
            }
            offsets.append(offset)
            let utf8 = ch.utf8
            let length = utf8.count
            offset &+= length
            let lead = utf8.first ?? 0
            var flag: UInt8
            var advance: Double
            if lead < 0x80 {
                flag = asciiClasses[Int(lead)]
                if flag & LineBreakClass.newline != 0 {
                    advance = 0
                } else if length == 1 {
                    advance = cache.advance(ascii: lead, font: font, ch)
                } else {
                    advance = cache.advance(cluster: ch, font: font)
                }
            } else {
                let scalar = ch.unicodeScalars.first ?? " "
                flag = LineBreakClass.classify(scalar.value)
                if flag & LineBreakClass.newline != 0 || scalar.value == 0x200B {
                    advance = 0
                } else if length == UTF8.width(scalar) {
                    advance = cache.advance(scalar: scalar.value, font: font, ch)
                } else {
                    advance = cache.advance(cluster: ch, font: font)
                }
            }
            advances.append(advance)
            flags.append(flag)
        }
        offsets.append(offset)
        while runStarts.count < runAttributes.count { runStarts.append(advances.count) }
    }

    /// The run holding cluster `i`, searching forward from `hint` (lines are visited in order).
    func run(containing i: Int, from hint: Int) -> Int {
        var r = min(max(0, hint), runStarts.count - 1)
        while r > 0 && runStarts[r] > i { r -= 1 }
        while r + 1 < runStarts.count && runStarts[r + 1] <= i { r += 1 }
        return r
    }
}
