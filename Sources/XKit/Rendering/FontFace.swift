import CX11
import CXKitShaping
import XKitCore

/// A grapheme cluster shaped by HarfBuzz: glyphs of one font, placed from the cluster's pen (device pixels).
struct ShapedCluster {
    struct Glyph {
        var id: UInt32
        /// Offset from the cluster's pen; y grows downwards, as in X.
        var x: Int32
        var y: Int32
        /// HarfBuzz's advance in 26.6 device pixels, unrounded.
        var advance26_6: Int32
    }
    /// The index of the font (in the face's font list) whose glyph ids these are.
    var font: Int
    var glyphs: [Glyph]
    /// The pen advance after the cluster.
    var advance: Int32
}

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
    private var shapedOfCharacter: [Character: ShapedCluster?] = [:]
    private var shapedInContext: [JoiningKey: ShapedCluster?] = [:]

    /// A cluster of a joining script with its logical neighbours.
    private struct JoiningKey: Hashable {
        var before: Character?
        var cluster: Character
        var after: Character?
    }
    /// HarfBuzz fonts by font index; their FreeType faces stay locked (`XftLockFace`) while they live.
    private var harfBuzzFonts: [Int: UnsafeMutableRawPointer] = [:]
    let ascent: Int32
    let descent: Int32
    let height: Int32
    /// The desktop's rendering options, which replace fontconfig's in every font matched here.
    var renderingOverride = FontRenderingOptions()

    init(display: OpaquePointer, request: OpaquePointer, primary: UnsafeMutablePointer<XftFont>) {
        self.display = display
        self.request = request
        fonts = [primary]
        ascent = primary.pointee.ascent
        descent = primary.pointee.descent
        height = primary.pointee.height
    }

    /// Frees the fonts and the request (the registry reopens faces when the scale or rendering
    /// options change); the face must not be used afterwards.
    func close() {
        for font in harfBuzzFonts.values { xkit_hb_font_destroy(font) }
        harfBuzzFonts = [:]
        for font in fonts { XftFontClose(display, font) }
        FcPatternDestroy(request)
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
        if let shaped = shaped(character) {
            advanceOfCharacter[character] = shaped.advance
            return shaped.advance
        }
        let font = fonts[fontIndex(for: character)]
        var info = XGlyphInfo()
        var utf8 = Array(String(character).utf8)
        XftTextExtentsUtf8(display, font, &utf8, Int32(utf8.count), &info)
        let advance = Int32(info.xOff)
        advanceOfCharacter[character] = advance
        return advance
    }

    /// The most scalars a cluster may have to be shaped; longer ones (a pile of combining marks)
    /// are drawn scalar by scalar, cut at one request, so bad input costs bounded time.
    static let maxShapedScalars = 64

    /// Whether a cluster goes through HarfBuzz: several scalars (marks, conjuncts, emoji sequences,
    /// flags, keycaps). A cluster of one scalar takes Xft's cmap glyph, which is what HarfBuzz would
    /// choose without context, so simple text keeps Xft's fast path (and, like it, no kerning).
    static func needsShaping(_ character: Character) -> Bool {
        var scalars = character.unicodeScalars.makeIterator()
        _ = scalars.next()
        return scalars.next() != nil
    }

    /// The cluster shaped by HarfBuzz on the FreeType face of the font that covers it, or nil when
    /// it needs no shaping, is too long, or HarfBuzz is unavailable.
    func shaped(_ character: Character) -> ShapedCluster? {
        guard FontFace.needsShaping(character) else { return nil }
        if let cached = shapedOfCharacter[character] { return cached }
        let result = shape(character)
        shapedOfCharacter[character] = result
        return result
    }

    /// A cluster of a joining script (Arabic, Syriac, N'Ko, Mongolian) shaped with its logical
    /// neighbours as context, so it takes its initial, medial, final or isolated form; nil when it
    /// needs no context or cannot be shaped.
    func shaped(_ character: Character, before: Character?, after: Character?) -> ShapedCluster? {
        guard let first = character.unicodeScalars.first, FontFace.isJoining(first.value) else {
            return shaped(character)
        }
        let key = JoiningKey(before: before, cluster: character, after: after)
        if let cached = shapedInContext[key] { return cached }
        let result = shape(character, before: before.map { String($0) } ?? "", after: after.map { String($0) } ?? "")
        shapedInContext[key] = result
        return result
    }

    /// The cluster's advance with its neighbours as shaping context (see `shaped(_:before:after:)`).
    func advance(of character: Character, before: Character?, after: Character?) -> Int32 {
        guard let first = character.unicodeScalars.first, FontFace.isJoining(first.value) else {
            return advance(of: character)
        }
        return shaped(character, before: before, after: after)?.advance ?? advance(of: character)
    }

    /// Scripts whose letters join their neighbours (their form depends on context).
    static func isJoining(_ v: UInt32) -> Bool {
        switch v {
        case 0x0600...0x08FF, 0x1800...0x18AF, 0xA840...0xA877, 0x10AC0...0x10AFF: return true
        default: return false
        }
    }

    private func shape(_ character: Character, before: String = "", after: String = "") -> ShapedCluster? {
        guard character.unicodeScalars.count <= FontFace.maxShapedScalars else { return nil }
        let index = fontIndex(for: character)
        // Xft shares one FT_Face among its fonts of every size, and HarfBuzz's FreeType functions read
        // the face's current size: lock it for this font's size, and resync HarfBuzz, for each shaping.
        guard let face = XftLockFace(fonts[index]) else { return nil }
        defer { XftUnlockFace(fonts[index]) }
        guard let font = harfBuzzFont(index, face: face) else { return nil }
        xkit_hb_font_changed(font)
        // Context beyond one cluster each side changes no joining form; keep it short.
        let context = before.unicodeScalars.count <= FontFace.maxShapedScalars
            && after.unicodeScalars.count <= FontFace.maxShapedScalars
        let prefix = context ? Array(before.utf8) : [], suffix = context ? Array(after.utf8) : []
        let item = Array(String(character).utf8)
        let utf8 = prefix + item + suffix
        var out = [xkit_glyph](repeating: xkit_glyph(), count: item.count + 8)
        let count = utf8.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { text in
                xkit_hb_shape_item(font, text.baseAddress, Int32(text.count), Int32(prefix.count), Int32(item.count),
                                   &out, Int32(out.count))
            }
        }
        guard count >= 0 && Int(count) <= out.count else { return nil }
        // A colour bitmap font (Noto Color Emoji) is opened at its strike size and scaled by the
        // font matrix (fonts.conf); HarfBuzz sees the unscaled strike, so scale its positions too.
        let factor = FontFace.scaleFactor(of: fonts[index])
        var pen: Int32 = 0 // 26.6
        var glyphs: [ShapedCluster.Glyph] = []
        glyphs.reserveCapacity(Int(count))
        for g in out.prefix(Int(count)) {
            glyphs.append(.init(id: g.glyph, x: FontFace.pixels(pen &+ g.x_offset, factor),
                                y: -FontFace.pixels(g.y_offset, factor), advance26_6: g.x_advance))
            pen &+= g.x_advance
        }
        return ShapedCluster(font: index, glyphs: glyphs, advance: FontFace.pixels(pen, factor))
    }

    /// 26.6 fixed point to whole device pixels, scaled and rounded.
    private static func pixels(_ v: Int32, _ factor: Double) -> Int32 {
        factor == 1 ? (v &+ 32) >> 6 : Int32(clamping: Int((Double(v) * factor / 64).rounded()))
    }

    /// fontconfig's `pixelsizefixupfactor` of a bitmap font scaled to the requested size, else 1.
    private static func scaleFactor(of font: UnsafeMutablePointer<XftFont>) -> Double {
        var factor = 1.0
        guard let pattern = font.pointee.pattern,
              FcPatternGetDouble(pattern, "pixelsizefixupfactor", 0, &factor) == FcResultMatch,
              factor.isFinite, factor > 0 else { return 1 }
        return factor
    }

    /// The HarfBuzz font over a locked face of `fonts[index]`, made on first use.
    private func harfBuzzFont(_ index: Int, face: FT_Face) -> UnsafeMutableRawPointer? {
        if let font = harfBuzzFonts[index] { return font }
        guard xkit_hb_available() != 0, let font = xkit_hb_font_create(UnsafeMutableRawPointer(face)) else { return nil }
        harfBuzzFonts[index] = font
        return font
    }

    private func resolveFont(for character: Character) -> Int {
        let scalars = Array(character.unicodeScalars.filter { !FontFace.isIgnorable($0) })
        if scalars.isEmpty { return 0 }
        // U+FE0F asks for emoji presentation: a colour font, even where the primary has a text glyph (❤️).
        let wantsColor = character.unicodeScalars.contains("\u{FE0F}")
        for (index, font) in fonts.enumerated() where scalars.allSatisfy({ XftCharExists(display, font, $0.value) != 0 })
            && (!wantsColor || FontFace.isColor(font)) {
            return index
        }
        guard let font = matchFallback(for: scalars, color: wantsColor) else { return 0 }
        // Fontconfig may return a font we already hold; reuse its slot.
        if let existing = fonts.firstIndex(where: { $0 == font }) { return existing }
        fonts.append(font)
        return fonts.count - 1
    }

    private func matchFallback(for scalars: [Unicode.Scalar], color: Bool) -> UnsafeMutablePointer<XftFont>? {
        guard let pattern = FcPatternDuplicate(request), let charset = FcCharSetCreate() else { return nil }
        for scalar in scalars { FcCharSetAddChar(charset, scalar.value) }
        FcPatternAddCharSet(pattern, "charset", charset)
        if color { FcPatternAddBool(pattern, "color", 1) }
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
        renderingOverride.override(in: match)
        return XftFontOpenPattern(display, match)
    }

    /// Whether fontconfig says the font has colour glyphs.
    private static func isColor(_ font: UnsafeMutablePointer<XftFont>) -> Bool {
        var value: FcBool = 0
        guard let pattern = font.pointee.pattern else { return false }
        return FcPatternGetBool(pattern, "color", 0, &value) == FcResultMatch && value != 0
    }

    /// Format characters that never need a glyph of their own (ZWJ, variation selectors).
    private static func isIgnorable(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x200B...0x200F, 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x2060...0x2064, 0xFEFF: return true
        default: return false
        }
    }
}
