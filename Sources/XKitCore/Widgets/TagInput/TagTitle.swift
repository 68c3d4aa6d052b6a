/// What is cut from the ends of a tag title, and so what makes a title blank.
///
/// A character is invisible when each of its scalars is whitespace, a control (C0, DEL, C1), a
/// format character (bidi marks, embeddings and isolates, ZWSP, ZWJ, ZWNJ, word joiner, BOM, soft
/// hyphen, tag characters) or default-ignorable (variation selectors, Hangul fillers). Whole
/// characters (grapheme clusters) are trimmed, never scalars inside one, so "❤️" keeps its
/// variation selector and a subdivision flag keeps its tag characters. The interior is kept as it
/// is: a ZWJ inside an emoji sequence or a ZWNJ inside a Persian word means something. The one
/// exception is a ZWJ or ZWNJ at the very end, which joins nothing and only makes two equal-looking
/// titles differ.
enum TagTitle {
    /// The title with invisible characters cut from both ends; empty when nothing visible is left.
    static func trimmed(_ text: Substring) -> Substring {
        // Most titles start and end with printable ASCII: no copy and no grapheme breaking.
        if let first = text.utf8.first, let last = text.utf8.last, isPrintableASCII(first), isPrintableASCII(last) {
            return text
        }
        guard let start = text.firstIndex(where: { !isInvisible($0) }),
              let end = text.lastIndex(where: { !isInvisible($0) }) else { return "" }
        var result = text[start...end]
        while let scalar = result.unicodeScalars.last, scalar == "\u{200D}" || scalar == "\u{200C}" {
            result = result[..<result.unicodeScalars.index(before: result.unicodeScalars.endIndex)]
        }
        return result
    }

    /// The title with invisible characters cut from both ends, sharing storage when nothing is cut.
    static func trimmed(_ text: String) -> String {
        let cut = trimmed(text[...])
        return cut.startIndex == text.startIndex && cut.endIndex == text.endIndex ? text : String(cut)
    }

    /// Whether text has no visible character but has something (a piece of "a,\u{200F},b").
    static func isBlankButNotEmpty(_ text: Substring) -> Bool {
        !text.isEmpty && trimmed(text).isEmpty && !text.allSatisfy(\.isWhitespace)
    }

    /// Whether a character shows nothing of its own.
    static func isInvisible(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy(isInvisible)
    }

    /// Whether a scalar is whitespace, a control, a format character or default-ignorable.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value <= 0x20 || scalar.value == 0x7F }
        let properties = scalar.properties
        if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return true }
        switch properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}
