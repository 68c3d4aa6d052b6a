import XKitCore

/// A seeded, reproducible fuzzer for text hit testing, shared by the test suite and `xkit-bench fuzz`.
///
/// Each round makes a random string (mixed scripts, stacked and leading combining marks, emoji with
/// modifiers and ZWJ, lone ZWJ, odd regional indicators, Hangul jamo, controls, line and paragraph
/// separators), lays it out at a random width and line limit with a measurer that also gives zero
/// advances and shapes words that need it (with ligatures over several clusters), and hit-tests
/// random points in and around it. Every index returned must be a
/// character boundary of the string, every hit must lie in the rect of the character it names, and
/// no character hidden by truncation may be hit.
public struct TextHitTestFuzzer {
    /// The first broken invariant, with what is needed to replay it.
    public struct Failure: Error, CustomStringConvertible {
        public let seed: UInt64
        public let round: Int
        public let string: String
        public let width: Double
        public let numberOfLines: Int
        public let point: Point
        public let message: String

        public var description: String {
            let scalars = string.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
            return "seed \(seed) round \(round): \(message) at \(point), width \(width), lines \(numberOfLines), "
                + "string [\(scalars.joined(separator: " "))]"
        }
    }

    /// What a run did.
    public struct Stats: Sendable {
        public var strings = 0
        public var hitTests = 0
        public var hits = 0
        public var scalars = 0
        public init() {}
    }

    public let seed: UInt64
    /// Points tested per string, for each of the character and caret hit tests.
    public var pointsPerString = 8
    private var random: SplitMix64
    private let measurer: FuzzMeasurer

    /// A fuzzer; with a `segmenter` (the X11 backend's ICU + FriBidi one), layouts break lines by
    /// Unicode rules and reorder bidi text, so the invariants are checked over mixed-direction text.
    public init(seed: UInt64, segmenter: TextSegmenter? = nil) {
        self.seed = seed
        random = SplitMix64(seed: seed)
        measurer = FuzzMeasurer(segmenter: segmenter ?? BasicTextSegmenter.shared)
    }

    /// Runs `count` rounds; stops at the first broken invariant.
    public mutating func run(count: Int) -> Result<Stats, Failure> {
        var stats = Stats()
        for round in 0..<count {
            let string = randomString()
            let width = randomWidth()
            let lines = [0, 0, 1, 2, 3][random.below(5)]
            stats.strings += 1
            stats.scalars += string.unicodeScalars.count
            if let failure = check(string, width: width, lines: lines, round: round, stats: &stats) {
                return .failure(failure)
            }
        }
        return .success(stats)
    }

    // MARK: Checking

    private mutating func check(_ string: String, width: Double, lines: Int, round: Int, stats: inout Stats) -> Failure? {
        // Character starts, found once: grapheme breaking is most of a round's cost.
        var starts: [Int] = []
        var i = string.startIndex
        while i < string.endIndex {
            starts.append(string.utf8Offset(of: i))
            i = string.index(after: i)
        }
        let end = string.utf8.count
        let boundaries = Set(starts)
        let text = randomAttributes(string, starts: starts)
        let layout = TextLayout(text, maxWidth: width, alignment: [.left, .center, .right, .natural][random.below(4)],
                                numberOfLines: lines, measurer: measurer)
        func fail(_ point: Point, _ message: String) -> Failure {
            Failure(seed: seed, round: round, string: string, width: width, numberOfLines: lines, point: point, message: message)
        }
        for _ in 0..<pointsPerString {
            // Mostly inside the text block, some around it.
            let margin = random.below(4) == 0 ? 20.0 : 0
            let point = Point(x: random.unit() * (layout.size.width + 2 * margin) - margin,
                              y: random.unit() * (layout.size.height + 2 * margin) - margin)
            stats.hitTests += 2
            if let hit = layout.characterIndex(at: point) {
                stats.hits += 1
                let offset = string.utf8Offset(of: hit)
                guard boundaries.contains(offset) else { return fail(point, "characterIndex \(offset) is not a character start") }
                if let hidden = layout.truncatedRange, hit >= hidden.lowerBound {
                    return fail(point, "characterIndex \(offset) is hidden by truncation")
                }
                let rects = layout.rects(for: hit..<string.index(after: hit))
                guard rects.contains(where: { $0.minX <= point.x && point.x <= $0.maxX && $0.minY <= point.y && point.y <= $0.maxY })
                else { return fail(point, "characterIndex \(offset) is not under the point: \(rects)") }
            }
            let caret = layout.caretIndex(at: point)
            let offset = string.utf8Offset(of: caret.index)
            guard offset == end || boundaries.contains(offset) else {
                return fail(point, "caretIndex \(offset) is not a character boundary")
            }
            guard caret.fraction >= 0, caret.fraction <= 1 else { return fail(point, "caret fraction \(caret.fraction)") }
        }
        if !string.isEmpty {
            let a = randomBoundary(in: string, starts: starts), b = randomBoundary(in: string, starts: starts)
            for rect in layout.rects(for: min(a, b)..<max(a, b)) where !(rect.width >= 0 && rect.width.isFinite && rect.x.isFinite) {
                return fail(.zero, "bad rect \(rect)")
            }
        }
        return nil
    }

    private mutating func randomBoundary(in string: String, starts: [Int]) -> String.Index {
        let n = random.below(starts.count + 1)
        return string.index(utf8Offset: n < starts.count ? starts[n] : string.utf8.count)
    }

    // MARK: Generating

    private mutating func randomWidth() -> Double {
        switch random.below(6) {
        case 0: return .infinity
        case 1: return random.unit() * 12
        case 2: return 0
        default: return random.unit() * 400
        }
    }

    /// Sometimes splits the string into a few runs with different font sizes (and so different metrics).
    private mutating func randomAttributes(_ string: String, starts: [Int]) -> AttributedText {
        var text = AttributedText(string)
        // Most rounds use one font: each extra font costs a fresh advance table, which dominates debug runs.
        guard random.below(4) == 0 else { return text }
        var k = 0
        while k < starts.count {
            let n = 1 + random.below(starts.count - k)
            let lo = string.index(utf8Offset: starts[k])
            let hi = string.index(utf8Offset: k + n < starts.count ? starts[k + n] : string.utf8.count)
            let font = Font.system(size: [9, 13, 20][random.below(3)])
            text.modifyAttributes(in: lo..<hi) { $0.font = font }
            k += n
        }
        return text
    }

    private mutating func randomString() -> String {
        var scalars = String.UnicodeScalarView()
        let atoms = random.below(48)
        for _ in 0..<atoms {
            for value in randomAtom() {
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
        }
        return String(scalars)
    }

    /// One piece of text from a pool chosen at random.
    private mutating func randomAtom() -> [UInt32] {
        switch random.below(23) {
        case 0, 1: return [pick(0x61...0x7A)] // a-z
        case 2: return [0x20]
        case 3: return [[0x0A, 0x0D, 0x09, 0x2028, 0x2029, 0x85, 0x0B, 0x0C][random.below(8)]]
        case 4: return [0x0D, 0x0A]
        case 5: return (0...random.below(4)).map { _ in pick(0x300...0x36F) } // combining marks, possibly leading
        case 6: return [pick(0xC0...0x17F)] // Latin-1 and Latin Extended-A
        case 7: return [pick(0x1EA0...0x1EF9)] // Vietnamese precomposed
        case 8: return [pick(0x61...0x7A), 0x302, 0x301] // Vietnamese decomposed
        case 9: return [pick(0x410...0x44F)] // Cyrillic
        case 10: return [pick(0x4E00...0x9FFF)] // CJK
        case 11: return [pick(0x3041...0x30FF)] // kana
        case 12: return [pick(0xAC00...0xD7A3)] // Hangul syllables
        case 13: return [pick(0x1100...0x1112), pick(0x1161...0x1175)] + (random.below(2) == 0 ? [pick(0x11A8...0x11C2)] : [])
        case 14: return [pick(0x1F600...0x1F64F)] + (random.below(2) == 0 ? [pick(0x1F3FB...0x1F3FF)] : [])
        case 15: return [0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467] // family ZWJ sequence
        case 16: return [[0x200D, 0x200B, 0xFE0F, 0x2060, 0xAD, 0x200C][random.below(6)]] // lone joiners and format
        case 17: return [pick(0x1F1E6...0x1F1FF)] // regional indicators, often odd in number
        case 18: return [pick(0x5D0...0x5EA)] // Hebrew
        case 19: return [pick(0x627...0x64A)] // Arabic
        case 20: return [[0xFFFD, 0xFFFF, 0xE000, 0x10FFFD, 0x01, 0x7F, 0x1F3F4, 0xE0067][random.below(8)]]
        case 21: return [[0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F,
                          0x061C][random.below(12)]] // direction controls, unpaired as often as not
        default: return [pick(0x2190...0x2BFF)] // symbols and arrows
        }
    }

    private mutating func pick(_ range: ClosedRange<UInt32>) -> UInt32 {
        range.lowerBound + UInt32(random.below(Int(range.upperBound - range.lowerBound) + 1))
    }
}

/// A measurer with scrambled but deterministic advances, zero for about one character in eight.
private final class FuzzMeasurer: TextMeasurer {
    let textSegmenter: TextSegmenter
    init(segmenter: TextSegmenter) { textSegmenter = segmenter }

    func metrics(for font: Font) -> FontMetrics {
        FontMetrics(ascent: (font.size * 0.8).rounded(), descent: (font.size * 0.25).rounded())
    }

    func advance(of character: Character, in font: Font) -> Double {
        var h: UInt32 = 2166136261
        for s in character.unicodeScalars { h = (h ^ s.value) &* 16777619 }
        if h % 8 == 0 { return 0 }
        return Double(h % 23 + 1) * font.size / 13 + Double(h % 4) * 0.25
    }

    /// Shapes four words in five: each cluster one glyph at its own advance, except pairs the word's
    /// hash picks, which become one ligature glyph whose advance `ShapedWord` splits between them.
    func shape(word: Substring, in font: Font, rightToLeft: Bool) -> ShapedWord? {
        var h: UInt32 = 2166136261
        for s in word.unicodeScalars { h = (h ^ s.value) &* 16777619 }
        if h % 5 == 0 { return nil }
        let scale = 4.0
        let clusters = Array(word)
        var glyphs: [ShapedWord.Glyph] = []
        var offset = 0, i = 0
        while i < clusters.count {
            let length = clusters[i].utf8.count
            let own = advance(of: clusters[i], in: font) * scale
            if i + 1 < clusters.count && (h >> UInt32(i % 16)) & 3 == 0 {
                let ligature = own + advance(of: clusters[i + 1], in: font) * scale + 1
                glyphs.append(.init(id: 1, cluster: offset, advance: ligature))
                offset += length + clusters[i + 1].utf8.count
                i += 2
            } else {
                glyphs.append(.init(id: 2, cluster: offset, advance: own, xOffset: 0.5, yOffset: -1))
                offset += length
                i += 1
            }
        }
        if rightToLeft { glyphs.reverse() }
        return ShapedWord(text: String(word), rightToLeft: rightToLeft, scale: scale,
                          segments: [.init(font: 0, range: 0..<word.utf8.count, glyphs: glyphs)])
    }
}

/// A small, fast, seedable generator (SplitMix64), so fuzz rounds replay exactly.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }

    /// A whole number in 0..<n (0 when n ≤ 0).
    mutating func below(_ n: Int) -> Int {
        n <= 0 ? 0 : Int(next() % UInt64(n))
    }

    /// A number in 0..<1.
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}

fileprivate extension String {
    func index(utf8Offset offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
    func utf8Offset(of index: String.Index) -> Int { utf8.distance(from: utf8.startIndex, to: index) }
}
