/// Unicode properties that line breaking and measuring care about.
public enum CharacterClass {
    /// East Asian wide characters: CJK ideographs, kana, Hangul, full-width forms.
    public static func isWide(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Whether a line may break between two adjacent characters of this scalar (CJK and Hangul text).
    public static func allowsBreakAround(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0x300D, 0x300F, 0xFF09: return false // closing punctuation
        default: return isWide(s)
        }
    }
}
