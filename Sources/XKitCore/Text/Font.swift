/// A font as a description (family, size, weight, slant); the backend resolves it through fontconfig.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// Font weight, with the CSS numeric scale as raw values.
    public enum Weight: Int, Hashable, Sendable, CaseIterable {
        /// From the lightest to the heaviest: `thin` (100), `light` (300), `regular` (400), `medium` (500),
        /// `semibold` (600), `bold` (700) and `heavy` (900); fontconfig picks the nearest weight a family has.
        case thin = 100, light = 300, regular = 400, medium = 500, semibold = 600, bold = 700, heavy = 900
    }

    /// A fontconfig family name such as "DejaVu Sans", or a generic one ("sans-serif", "serif", "monospace").
    public var family: String
    /// Size in points; one point is one logical pixel at 96 dpi.
    ///
    /// Clamped to `sizeRange` (NaN becomes the default 13) with one warning, since a glyph of an
    /// absurd size costs the X server its size squared in memory.
    public var size: Double {
        didSet { if !Font.sizeRange.contains(size) { size = Font.validated(size: size) } }
    }
    /// The font sizes kept, in points.
    public static let sizeRange: ClosedRange<Double> = 1...512
    /// The weight, mapped to fontconfig's scale.
    public var weight: Weight
    /// Whether to ask for an italic or oblique face.
    public var italic: Bool

    /// Describes a font; a size outside `sizeRange` is clamped, as setting `size` does.
    public init(family: String = "sans-serif", size: Double = 13, weight: Weight = .regular, italic: Bool = false) {
        self.family = family; self.size = Font.validated(size: size); self.weight = weight; self.italic = italic
    }

    private static func validated(size: Double) -> Double {
        guard !sizeRange.contains(size) else { return size }
        Trace.warnOnce("font.size", "a font size of \(size) is outside \(Int(sizeRange.lowerBound))–\(Int(sizeRange.upperBound)) "
            + "points; NaN becomes 13 and other sizes are clamped")
        return size.isNaN ? 13 : min(max(size, sizeRange.lowerBound), sizeRange.upperBound)
    }

    /// The toolkit's default interface font.
    public static let system = Font()
    /// The default font at another size and weight.
    public static func system(size: Double, weight: Weight = .regular) -> Font { Font(size: size, weight: weight) }
    /// A bold variant of the default font.
    public static func bold(size: Double = 13) -> Font { Font(size: size, weight: .bold) }
    /// A monospaced font.
    public static func monospaced(size: Double = 13) -> Font { Font(family: "monospace", size: size) }

    /// The same description with another weight.
    public func with(weight: Weight) -> Font { var f = self; f.weight = weight; return f }
    /// The same description with another size.
    public func with(size: Double) -> Font { var f = self; f.size = size; return f }

    public var description: String { "\(family) \(size)pt \(weight)\(italic ? " italic" : "")" }
}

/// Vertical metrics of a font, in logical points.
public struct FontMetrics: Hashable, Sendable {
    /// Height above the baseline.
    public var ascent: Double
    /// Depth below the baseline.
    public var descent: Double
    /// Extra space between lines that the font asks for.
    public var leading: Double
    /// Creates metrics from the distances above and below the baseline and the extra line gap.
    public init(ascent: Double, descent: Double, leading: Double = 0) {
        self.ascent = ascent; self.descent = descent; self.leading = leading
    }
    /// The distance from one baseline to the next.
    public var lineHeight: Double { ascent + descent + leading }
}

/// Measures text for layout; the X backend measures with Xft and shapes with HarfBuzz, tests inject a fake.
///
/// Text is a sequence of grapheme clusters with advances. Simple text (Latin, Cyrillic, CJK, Hangul)
/// is measured cluster by cluster with `advance(of:in:)`, exactly as the renderer draws it (each
/// cluster on its own, no kerning between clusters). Words that need shaping (complex scripts,
/// clusters of several scalars) are shaped whole with `shape(word:in:rightToLeft:)` and drawn from
/// the glyphs it returned (`GraphicsContext.drawShapedWord`), so layout and drawing agree either way.
public protocol TextMeasurer: AnyObject {
    /// Vertical metrics of the font.
    func metrics(for font: Font) -> FontMetrics
    /// The horizontal advance of one grapheme cluster drawn in the font (after fallback).
    func advance(of character: Character, in font: Font) -> Double
    /// Finds word, line and grapheme boundaries for text measured here (default: `BasicTextSegmenter`).
    var textSegmenter: TextSegmenter { get }
    /// Shapes one word (clusters of one attribute run, one bidi level, with no line break
    /// opportunity inside) in the font and direction given: its glyphs, and its clusters' advances.
    ///
    /// Nil (the default) leaves the word's clusters measured one by one with `advance(of:in:)`.
    /// The result must have one advance per grapheme cluster of `word`.
    func shape(word: Substring, in font: Font, rightToLeft: Bool) -> ShapedWord?
    /// How far the glyphs measured so far in the font (its fallbacks included) reach from the
    /// baseline; nil (the default) when the measurer cannot tell.
    ///
    /// A view that redraws a few lines of text pads the redraw by what reaches out of the line
    /// boxes, so it also clears and redraws the neighbours' ink there.
    func inkReach(of font: Font) -> InkReach?
}

extension TextMeasurer {
    public func shape(word: Substring, in font: Font, rightToLeft: Bool) -> ShapedWord? { nil }
    public func inkReach(of font: Font) -> InkReach? { nil }
}

/// How far glyph ink reaches above and below the baseline, in points.
public struct InkReach: Hashable, Sendable {
    /// The most any glyph's ink rises above the baseline.
    public var above: Double
    /// The most any glyph's ink falls below the baseline.
    public var below: Double

    /// Creates a reach from the distances above and below the baseline.
    public init(above: Double, below: Double) {
        self.above = above; self.below = below
    }

    /// How far ink may spill out of a line box laid out with `metrics` (ascent above the baseline,
    /// descent and leading below it): 0 when it stays inside.
    public func overhang(beyond metrics: FontMetrics) -> Double {
        max(0, above - metrics.ascent, below - metrics.descent - metrics.leading)
    }
}
