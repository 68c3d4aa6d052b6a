/// The name of the writing system a character belongs to, for messages about fonts that cannot draw it.
///
/// Coarse on purpose: one name per Unicode block family a user would recognise ("Japanese kana",
/// "Hangul", "Currency symbols"), so a warning says what is missing in their words, once per name.
public enum UnicodeScriptName {
    private static let ranges: [(ClosedRange<UInt32>, String)] = [
        (0x0000...0x024F, "Latin"), (0x0250...0x02FF, "phonetic letters"), (0x0300...0x036F, "combining marks"),
        (0x0370...0x03FF, "Greek"), (0x0400...0x052F, "Cyrillic"), (0x0530...0x058F, "Armenian"),
        (0x0590...0x05FF, "Hebrew"), (0x0600...0x06FF, "Arabic"), (0x0700...0x074F, "Syriac"),
        (0x0750...0x077F, "Arabic"), (0x0780...0x07BF, "Thaana"), (0x0900...0x097F, "Devanagari"),
        (0x0980...0x09FF, "Bengali"), (0x0A00...0x0A7F, "Gurmukhi"), (0x0A80...0x0AFF, "Gujarati"),
        (0x0B00...0x0B7F, "Oriya"), (0x0B80...0x0BFF, "Tamil"), (0x0C00...0x0C7F, "Telugu"),
        (0x0C80...0x0CFF, "Kannada"), (0x0D00...0x0D7F, "Malayalam"), (0x0D80...0x0DFF, "Sinhala"),
        (0x0E00...0x0E7F, "Thai"), (0x0E80...0x0EFF, "Lao"), (0x0F00...0x0FFF, "Tibetan"),
        (0x1000...0x109F, "Myanmar"), (0x10A0...0x10FF, "Georgian"), (0x1100...0x11FF, "Hangul"),
        (0x1200...0x139F, "Ethiopic"), (0x13A0...0x13FF, "Cherokee"), (0x1780...0x17FF, "Khmer"),
        (0x1800...0x18AF, "Mongolian"), (0x1AB0...0x1AFF, "combining marks"), (0x1C80...0x1C8F, "Cyrillic"),
        (0x1D00...0x1DBF, "phonetic letters"), (0x1DC0...0x1DFF, "combining marks"), (0x1E00...0x1EFF, "Latin"),
        (0x1F00...0x1FFF, "Greek"), (0x2000...0x206F, "punctuation"), (0x2070...0x209F, "superscripts"),
        (0x20A0...0x20CF, "currency symbols"), (0x20D0...0x20FF, "combining marks"), (0x2100...0x214F, "letterlike symbols"),
        (0x2150...0x218F, "number forms"), (0x2190...0x21FF, "arrows"), (0x2200...0x22FF, "mathematical symbols"),
        (0x2300...0x23FF, "technical symbols"), (0x2400...0x24FF, "enclosed symbols"), (0x2500...0x259F, "box drawing"),
        (0x25A0...0x25FF, "geometric shapes"), (0x2600...0x27BF, "symbols"), (0x27C0...0x2BFF, "mathematical symbols"),
        (0x2C60...0x2C7F, "Latin"), (0x2D00...0x2D2F, "Georgian"), (0x2DE0...0x2DFF, "Cyrillic"),
        (0x2E80...0x2FDF, "CJK radicals"), (0x3000...0x303F, "CJK punctuation"), (0x3040...0x30FF, "Japanese kana"),
        (0x3100...0x312F, "Bopomofo"), (0x3130...0x318F, "Hangul"), (0x31F0...0x31FF, "Japanese kana"),
        (0x3200...0x33FF, "CJK symbols"), (0x3400...0x4DBF, "CJK ideographs"), (0x4E00...0x9FFF, "CJK ideographs"),
        (0xA640...0xA69F, "Cyrillic"), (0xA720...0xA7FF, "Latin"), (0xA960...0xA97F, "Hangul"),
        (0xAB30...0xAB6F, "Latin"), (0xAC00...0xD7FF, "Hangul"), (0xE000...0xF8FF, "private use"),
        (0xF900...0xFAFF, "CJK ideographs"), (0xFB00...0xFB4F, "Latin and Hebrew ligatures"), (0xFB50...0xFDFF, "Arabic"),
        (0xFE30...0xFE4F, "CJK punctuation"), (0xFE70...0xFEFF, "Arabic"), (0xFF00...0xFFEF, "fullwidth forms"),
        (0x1F000...0x1FAFF, "emoji and symbols"), (0x20000...0x3FFFF, "CJK ideographs"),
    ]

    /// The name for `scalar`, or "U+XXXX block" when it is outside the table.
    public static func of(_ scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        var low = 0, high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let (range, name) = ranges[mid]
            if value < range.lowerBound { high = mid - 1 } else if value > range.upperBound { low = mid + 1 } else { return name }
        }
        let hex = String(value & ~0x7F, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + " block"
    }
}
