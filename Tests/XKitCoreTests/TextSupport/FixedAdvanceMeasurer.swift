import XKitCore

/// A display-free measurer with round numbers: at 13 pt every cluster is 10 wide (East Asian wide
/// ones 20), ascent 10, descent 3; everything scales with the font size. It counts measurements.
final class FixedAdvanceMeasurer: TextMeasurer {
    private(set) var advanceCalls = 0
    private(set) var measured: [String] = []

    func metrics(for font: Font) -> FontMetrics {
        FontMetrics(ascent: 10 * font.size / 13, descent: 3 * font.size / 13)
    }

    func advance(of character: Character, in font: Font) -> Double {
        advanceCalls += 1
        measured.append("\(character)@\(font.size)")
        let wide = character.unicodeScalars.first.map(CharacterClass.isWide) ?? false
        return (wide ? 20 : 10) * font.size / 13
    }
}

/// Lays out plain text in the 13 pt system font with the fixed measurer.
func layout(_ string: String, width: Double = .infinity, alignment: TextAlignment = .left,
            lines: Int = 0) -> TextLayout {
    TextLayout(AttributedText(string), maxWidth: width, alignment: alignment, numberOfLines: lines,
               measurer: FixedAdvanceMeasurer())
}

extension TextLayout {
    /// Each line's characters, hanging spaces and line breaks included.
    var lineStrings: [String] { lines.map { String(attributedText.string[$0.range]) } }
    /// What each line draws, fragments joined.
    var drawnStrings: [String] { lines.map { $0.fragments.map { String($0.text) }.joined() } }
    /// The string index at a character offset.
    func index(_ offset: Int) -> String.Index {
        attributedText.string.index(attributedText.string.startIndex, offsetBy: offset)
    }
    /// The character offset of a string index.
    func offset(_ index: String.Index) -> Int {
        attributedText.string.distance(from: attributedText.string.startIndex, to: index)
    }
}
