/// Advances and metrics per (font, cluster), so each distinct cluster is measured once per layout.
///
/// Fonts get small integer ids once per run, so the per-character path indexes arrays instead of
/// hashing a `Font`. BMP scalars live in lazily allocated 256-entry pages per font; other scalars and
/// multi-scalar clusters (emoji sequences, combining marks) go through dictionaries, and so do the
/// words the measurer shapes (one request per distinct word, font and direction per layout).
struct AdvanceCache {
    private let measurer: TextMeasurer
    private(set) var fonts: [Font] = []
    private var ids: [Font: Int] = [:]
    private var metricsByID: [FontMetrics] = []
    private var ellipsisByID: [Double] = []
    /// For each font, 256 page numbers (one per high byte of a BMP scalar); -1 = no page yet.
    private var pageIndex: [Int32] = []
    /// Pages of 256 advances; NaN marks "not measured yet".
    private var pages: [Double] = []
    private var astral: [UInt64: Double] = [:]
    /// Multi-scalar clusters by font and a hash of their UTF-8, with the bytes kept to confirm a hit.
    private var clusters: [ClusterKey: [(bytes: [UInt8], advance: Double)]] = [:]

    /// Shaped words by font, direction and a hash of their UTF-8, with the bytes kept to confirm a hit
    /// (nil when the measurer does not shape the word).
    private var words: [WordKey: [(bytes: [UInt8], word: ShapedWord?)]] = [:]

    private struct WordKey: Hashable {
        var font: Int
        var rightToLeft: Bool
        var hash: UInt64
    }

    /// The word shaped by the measurer, asked once per layout for each distinct word.
    mutating func shapedWord(_ bytes: UnsafeBufferPointer<UInt8>, text: () -> Substring, font: Int,
                             rightToLeft: Bool) -> ShapedWord? {
        let key = WordKey(font: font, rightToLeft: rightToLeft, hash: AdvanceCache.hash(bytes))
        if let entries = words[key] {
            for entry in entries where entry.bytes.elementsEqual(bytes) { return entry.word }
        }
        let word = measurer.shape(word: text(), in: fonts[font], rightToLeft: rightToLeft)
        words[key, default: []].append((Array(bytes), word))
        return word
    }

    /// FNV-1a over UTF-8 bytes.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        return hash
    }

    private struct ClusterKey: Hashable {
        var font: Int
        var hash: UInt64
    }

    init(measurer: TextMeasurer) { self.measurer = measurer }

    /// The identity of the measurer the advances come from.
    var measurerID: ObjectIdentifier { ObjectIdentifier(measurer) }

    /// Whether the cache was made for `measurer`.
    func belongs(to measurer: TextMeasurer) -> Bool { self.measurer === measurer }

    /// Whether a cache kept across layouts has grown past what is worth keeping (a long document
    /// with many distinct words): its owner starts a new one.
    var isOversized: Bool {
        pages.count > 256 * 256 || words.count > 16_384 || clusters.count > 16_384 || astral.count > 16_384
    }

    /// The id of a font, registering it (and measuring its metrics) on first use.
    mutating func id(for font: Font) -> Int {
        if let id = ids[font] { return id }
        let id = fonts.count
        fonts.append(font)
        ids[font] = id
        metricsByID.append(measurer.metrics(for: font))
        ellipsisByID.append(measurer.advance(of: TextLayout.ellipsis, in: font))
        pageIndex.append(contentsOf: repeatElement(-1, count: 256))
        return id
    }

    func metrics(_ id: Int) -> FontMetrics { metricsByID[id] }
    func ellipsisWidth(_ id: Int) -> Double { ellipsisByID[id] }

    /// The advance of a cluster made of one scalar.
    @inline(__always)
    mutating func advance(scalar v: UInt32, font: Int) -> Double {
        guard v < 0x10000 else { return advance(astral: v, font: font) }
        let pageSlot = font &* 256 &+ Int(v &>> 8)
        var page = Int(pageIndex[pageSlot])
        if page < 0 {
            page = pages.count / 256
            pages.append(contentsOf: repeatElement(.nan, count: 256))
            pageIndex[pageSlot] = Int32(page)
        }
        let slot = page &* 256 &+ Int(v & 0xFF)
        let cached = pages[slot]
        if !cached.isNaN { return cached }
        let measured = measure(scalar: v, font: font)
        pages[slot] = measured
        return measured
    }

    private mutating func advance(astral v: UInt32, font: Int) -> Double {
        let key = UInt64(truncatingIfNeeded: font) << 32 | UInt64(v)
        if let cached = astral[key] { return cached }
        let measured = measure(scalar: v, font: font)
        astral[key] = measured
        return measured
    }

    private func measure(scalar v: UInt32, font: Int) -> Double {
        guard let scalar = Unicode.Scalar(v) else { return 0 }
        return measurer.advance(of: Character(scalar), in: fonts[font])
    }

    /// The advance of a cluster of several scalars, given as its UTF-8 bytes.
    mutating func advance(cluster bytes: UnsafeBufferPointer<UInt8>, font: Int) -> Double {
        let key = ClusterKey(font: font, hash: AdvanceCache.hash(bytes))
        if let entries = clusters[key] {
            for entry in entries where entry.bytes.elementsEqual(bytes) { return entry.advance }
        }
        let character = Character(String(decoding: bytes, as: UTF8.self))
        let measured = measurer.advance(of: character, in: fonts[font])
        clusters[key, default: []].append((Array(bytes), measured))
        return measured
    }
}
