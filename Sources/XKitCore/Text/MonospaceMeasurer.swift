/// A display-free measurer: every cluster is `size × 0.6` wide (CJK twice that).
///
/// It keeps layout working for views in no application and gives tests simple, predictable numbers.
public final class MonospaceMeasurer: TextMeasurer, Sendable {
    /// A shared instance; the measurer holds no state.
    public static let shared = MonospaceMeasurer()
    /// Creates a measurer; it holds no state, so `shared` serves as well.
    public init() {}
    public func metrics(for font: Font) -> FontMetrics {
        FontMetrics(ascent: (font.size * 0.8).rounded(), descent: (font.size * 0.25).rounded())
    }
    public func advance(of character: Character, in font: Font) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if character == "\n" { return 0 }
        let wide = CharacterClass.isWide(scalar)
        return (font.size * (wide ? 1.2 : 0.6)).rounded()
    }
}
