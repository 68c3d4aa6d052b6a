import CX11
import XKitCore

/// One resolved font description: its primary Xft font plus the fallbacks opened for missing characters.
///
/// Xft cannot fall back by itself, so each grapheme cluster is checked with `XftCharExists` on the
/// primary; a miss asks fontconfig for a font with that character (the primary's pattern plus a
/// charset), and the answer is cached per cluster. Advances are device pixels (Xft's `xOff`).
@MainActor
final class FontFace {
    private let display: OpaquePointer
    /// The fontconfig pattern we asked for (before matching), reused for fallback queries.
    private let request: OpaquePointer
    private(set) var fonts: [UnsafeMutablePointer<XftFont>]
    private var faceOfCharacter: [Character: Int] = [:]
    private var advanceOfCharacter: [Character: Int32] = [:]
    let ascent: Int32
    let descent: Int32
    let height: Int32

    init(display: OpaquePointer, request: OpaquePointer, primary: UnsafeMutablePointer<XftFont>) {
        self.display = display
        self.request = request
        fonts = [primary]
        ascent = primary.pointee.ascent
        descent = primary.pointee.descent
        height = primary.pointee.height
    }

    /// The index in `fonts` of the font that draws the cluster.
    func fontIndex(for character: Character) -> Int {
        if let index = faceOfCharacter[character] { return index }
        let index = resolveFont(for: character)
        faceOfCharacter[character] = index
        return index
    }

    /// The cluster's advance in device pixels.
    func advance(of character: Character) -> Int32 {
        if let cached = advanceOfCharacter[character] { return cached }
        let font = fonts[fontIndex(for: character)]
        var info = XGlyphInfo()
        var utf8 = Array(String(character).utf8)
        XftTextExtentsUtf8(display, font, &utf8, Int32(utf8.count), &info)
        let advance = Int32(info.xOff)
        advanceOfCharacter[character] = advance
        return advance
    }

    private func resolveFont(for character: Character) -> Int {
        let scalars = Array(character.unicodeScalars.filter { !FontFace.isIgnorable($0) })
        if scalars.isEmpty { return 0 }
        for (index, font) in fonts.enumerated() where scalars.allSatisfy({ XftCharExists(display, font, $0.value) != 0 }) {
            return index
        }
        guard let font = matchFallback(for: scalars) else { return 0 }
        // Fontconfig may return a font we already hold; reuse its slot.
        if let existing = fonts.firstIndex(where: { $0 == font }) { return existing }
        fonts.append(font)
        return fonts.count - 1
    }

    private func matchFallback(for scalars: [Unicode.Scalar]) -> UnsafeMutablePointer<XftFont>? {
        guard let pattern = FcPatternDuplicate(request), let charset = FcCharSetCreate() else { return nil }
        for scalar in scalars { FcCharSetAddChar(charset, scalar.value) }
        FcPatternAddCharSet(pattern, "charset", charset)
        FcCharSetDestroy(charset)
        var result = FcResultMatch
        let screen = XDefaultScreen(display)
        // No FcDefaultSubstitute here: XftFontMatch does the substitutions, and calling it
        // first pins the DPI at 75 and shrinks the fallback font.
        guard let match = XftFontMatch(display, screen, pattern, &result) else {
            FcPatternDestroy(pattern)
            return nil
        }
        FcPatternDestroy(pattern)
        return XftFontOpenPattern(display, match)
    }

    /// Format characters that never need a glyph of their own (ZWJ, variation selectors).
    private static func isIgnorable(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x200B...0x200F, 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x2060...0x2064, 0xFEFF: return true
        default: return false
        }
    }
}
