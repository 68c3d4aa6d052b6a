import CX11
import CXKitShaping
import XKitCore

/// A grapheme cluster shaped on its own by HarfBuzz: glyphs of one font, placed from the cluster's
/// pen (device pixels). Layout shapes whole words (`shapedWord`); a cluster alone is measured and
/// drawn this way only outside a shaped word (`advance(of:)` callers, measurers that do not shape).
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
/// Words that need shaping are shaped whole with HarfBuzz and kept in a bounded word cache.
@MainActor
final class FontFace {
    private let display: OpaquePointer
    /// The fontconfig pattern we asked for (before matching), reused for fallback queries.
    private let request: OpaquePointer
    private(set) var fonts: [UnsafeMutablePointer<XftFont>]
    // Looked up for every glyph drawn, on the main actor only: no run-time exclusivity check.
    @exclusivity(unchecked) private var faceOfCharacter = ClusterCache<Int>()
    @exclusivity(unchecked) private var advanceOfCharacter = ClusterCache<Int32>()
    @exclusivity(unchecked) private var shapedOfCharacter = ClusterCache<ShapedCluster?>()
    /// The glyph runs of lines drawn lately (`XftRenderer.drawText`).
    @exclusivity(unchecked) var lineRuns = LineRunCache()
    /// Whole words shaped with HarfBuzz, kept across layouts.
    private var words = ShapedWordCache()
    /// How many times HarfBuzz shaped something for this face (a test knob for the word cache).
    private(set) var harfBuzzCalls = 0
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
        if !FontFace.covers(fonts[index], character, display: display) { markMissing(character, font: index) }
        return index
    }

    /// Clusters that no installed font draws (none covers them, or the one that does is damaged):
    /// they are drawn as a box (`MissingGlyphBox`) of `missingGlyphAdvance`, measured and drawn alike.
    private(set) var missingCharacters: Set<Character> = []
    /// Reports a script or font that cannot draw (the registry warns once per script and font).
    var onMissing: ((_ character: Character, _ fontFile: String?, _ damaged: Bool) -> Void)?
    /// Fonts whose glyphs all came back empty for characters their charset claims.
    private var damagedFonts: Set<Int> = []

    /// The advance of a missing-glyph box: a little over half the line height, as GTK's hex boxes.
    var missingGlyphAdvance: Int32 { max(4, Int32((Double(ascent + descent) * 0.6).rounded())) }

    /// Whether the cluster is drawn as a missing-glyph box.
    func isMissing(_ character: Character) -> Bool {
        _ = advance(of: character)
        // Hashing a Character normalises it: not worth doing for every glyph drawn when nothing is missing.
        return !missingCharacters.isEmpty && missingCharacters.contains(character)
    }

    private func markMissing(_ character: Character, font: Int, damaged: Bool = false) {
        guard missingCharacters.insert(character).inserted else { return }
        onMissing?(character, FontFace.file(of: fonts[font]), damaged)
    }

    /// The cluster's advance in device pixels.
    func advance(of character: Character) -> Int32 {
        if let cached = advanceOfCharacter[character] { return cached }
        let index = fontIndex(for: character)
        if !missingCharacters.isEmpty && missingCharacters.contains(character) {
            advanceOfCharacter[character] = missingGlyphAdvance
            return missingGlyphAdvance
        }
        if let shaped = shaped(character) {
            advanceOfCharacter[character] = shaped.advance
            return shaped.advance
        }
        let font = fonts[index]
        var info = XGlyphInfo()
        var utf8 = Array(String(character).utf8)
        XftTextExtentsUtf8(display, font, &utf8, Int32(utf8.count), &info)
        var advance = Int32(info.xOff)
        // A damaged font file (its glyph data unreadable) answers a letter with no advance, or with
        // garbage extents (tens of thousands of pixels), and draws nothing. Its text is drawn as boxes.
        if FontFace.mustHaveInk(character), !isSound(info) {
            markMissing(character, font: index, damaged: isDamaged(index))
            advance = missingGlyphAdvance
        } else if advance == 0, damagedFonts.contains(index), character == " " {
            advance = missingGlyphAdvance / 2
        } else {
            noteInk(info)
        }
        advanceOfCharacter[character] = advance
        return advance
    }

    /// How far the ink of every glyph measured or shaped here reaches above and below the baseline,
    /// in device pixels. Layout measures each glyph before it is drawn, so this covers all drawn text.
    private(set) var inkAbove: Int32 = 0
    private(set) var inkBelow: Int32 = 0

    /// Widens the ink reach to a glyph (or cluster) with extents `info`, drawn `yOffset` pixels below the baseline.
    private func noteInk(_ info: XGlyphInfo, yOffset: Int32 = 0) {
        guard info.width > 0, info.height > 0 else { return }
        // Xft's extents put the origin `y` pixels below the ink's top.
        inkAbove = max(inkAbove, Int32(info.y) - yOffset)
        inkBelow = max(inkBelow, Int32(info.height) - Int32(info.y) + yOffset)
    }

    /// Widens the ink reach to glyph `id` of `fonts[index]`, drawn about `yOffset` pixels below the
    /// baseline: a pixel more each way, as shaped offsets are rounded when drawn.
    private func noteGlyphInk(_ id: UInt32, font index: Int, yOffset: Int32) {
        var glyph = FT_UInt(id)
        var info = XGlyphInfo()
        XftGlyphExtents(display, fonts[index], &glyph, 1, &info)
        guard info.width > 0, info.height > 0 else { return }
        noteInk(info, yOffset: yOffset - 1)
        noteInk(info, yOffset: yOffset + 1)
    }

    /// Whether a glyph's extents are those of a drawable glyph: an advance, and ink within a few lines.
    private func isSound(_ info: XGlyphInfo) -> Bool {
        let limit = Int(max(1, height)) * 8
        return info.xOff > 0 && Int(info.width) <= limit && Int(info.height) <= limit && (info.width > 0 || info.height > 0)
    }

    /// Whether every common glyph the font claims comes back empty (checked once per font).
    private func isDamaged(_ index: Int) -> Bool {
        if damagedFonts.contains(index) { return true }
        let probes: [Unicode.Scalar] = ["a", "A", "0", "x", "\u{43D}", "\u{3042}", "\u{4E00}", "\u{AC00}", "\u{5D0}", "\u{627}"]
        var claimed = 0
        for probe in probes where XftCharExists(display, fonts[index], probe.value) != 0 {
            claimed += 1
            var info = XGlyphInfo()
            var utf8 = Array(String(probe).utf8)
            XftTextExtentsUtf8(display, fonts[index], &utf8, Int32(utf8.count), &info)
            if isSound(info) { return false }
        }
        guard claimed > 0 else { return false }
        damagedFonts.insert(index)
        return true
    }

    /// Whether a cluster's glyph must leave ink: a letter, digit, punctuation or symbol (not a
    /// space, a mark or a format character, which may be empty in any font).
    nonisolated static func mustHaveInk(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
             .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    /// Whether `font` has a glyph for every scalar of the cluster that needs one.
    private static func covers(_ font: UnsafeMutablePointer<XftFont>, _ character: Character, display: OpaquePointer) -> Bool {
        character.unicodeScalars.allSatisfy { s in
            needsNoGlyph(s) || XftCharExists(display, font, s.value) != 0
        }
    }

    /// Controls, format characters (bidi isolates and embeddings, ZWJ, soft hyphen) and separators
    /// are invisible whether a font has them or not: never a missing-glyph box.
    nonisolated static func needsNoGlyph(_ s: Unicode.Scalar) -> Bool {
        if isIgnorable(s) { return true }
        switch s.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// The file a font was opened from, for warnings.
    private static func file(of font: UnsafeMutablePointer<XftFont>) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard let pattern = font.pointee.pattern, FcPatternGetString(pattern, "file", 0, &value) == FcResultMatch,
              let value else { return nil }
        return String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
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
        _ = fontIndex(for: character)
        guard missingCharacters.isEmpty || !missingCharacters.contains(character) else { return nil }
        let result = shape(character)
        shapedOfCharacter[character] = result
        return result
    }

    /// A word shaped whole by HarfBuzz, right to left or left to right as its bidi level says; one
    /// HarfBuzz call for each font the word falls back to (with the whole word as context), and the
    /// result kept across layouts. Nil when HarfBuzz is unavailable.
    func shapedWord(_ text: Substring, rightToLeft: Bool, scale: Double) -> ShapedWord? {
        let key = ShapedWordCache.Key(text: String(text), rightToLeft: rightToLeft)
        if let cached = words.word(for: key) { return cached }
        let word = shapeWord(key.text, rightToLeft: rightToLeft, scale: scale)
        words.insert(word, for: key)
        return word
    }

    private func shapeWord(_ text: String, rightToLeft: Bool, scale: Double) -> ShapedWord? {
        guard xkit_hb_available() != 0 else { return nil }
        // A word with a cluster no font draws is measured and drawn cluster by cluster, boxes included.
        if text.contains(where: { isMissing($0) }) { return nil }
        // Split by coverage: a cluster of format characters only (a lone ZWJ) stays in its neighbour's font.
        var parts: [(font: Int, range: Range<Int>)] = []
        var offset = 0
        for character in text {
            let length = character.utf8.count
            let ignorable = character.unicodeScalars.allSatisfy(FontFace.isIgnorable)
            let font = ignorable ? parts.last?.font ?? fontIndex(for: character) : fontIndex(for: character)
            if let last = parts.last, last.font == font {
                parts[parts.count - 1].range = last.range.lowerBound..<offset + length
            } else {
                parts.append((font, offset..<offset + length))
            }
            offset += length
        }
        let utf8 = Array(text.utf8)
        var segments: [ShapedWord.Segment] = []
        for part in parts {
            guard let glyphs = shapeGlyphs(utf8, item: part.range, font: part.font, direction: rightToLeft ? 2 : 1) else {
                return nil
            }
            // A colour bitmap font is scaled by its font matrix; HarfBuzz sees the unscaled strike.
            let factor = FontFace.scaleFactor(of: fonts[part.font]) / 64
            for g in glyphs {
                noteGlyphInk(g.glyph, font: part.font, yOffset: -FontFace.pixels(g.y_offset, factor * 64))
            }
            segments.append(ShapedWord.Segment(font: part.font, range: part.range, glyphs: glyphs.map { g in
                ShapedWord.Glyph(id: g.glyph, cluster: Int(g.cluster), advance: Double(g.x_advance) * factor,
                                 xOffset: Double(g.x_offset) * factor, yOffset: -Double(g.y_offset) * factor)
            }))
        }
        return ShapedWord(text: text, rightToLeft: rightToLeft, scale: scale, segments: segments)
    }

    /// HarfBuzz's glyphs for the bytes `item` of `utf8` (the rest is context) in `fonts[index]`, in
    /// visual order; `direction` 0 guesses it from the script, 1 is left to right, 2 right to left.
    private func shapeGlyphs(_ utf8: [UInt8], item: Range<Int>, font index: Int, direction: Int32) -> [xkit_glyph]? {
        // Xft shares one FT_Face among its fonts of every size, and HarfBuzz's FreeType functions read
        // the face's current size: lock it for this font's size, and resync HarfBuzz, for each shaping.
        guard let face = XftLockFace(fonts[index]) else { return nil }
        defer { XftUnlockFace(fonts[index]) }
        guard let font = harfBuzzFont(index, face: face) else { return nil }
        xkit_hb_font_changed(font)
        var capacity = item.count * 2 + 8
        for _ in 0..<2 {
            harfBuzzCalls += 1
            var out = [xkit_glyph](repeating: xkit_glyph(), count: capacity)
            let count = utf8.withUnsafeBufferPointer { text in
                text.withMemoryRebound(to: CChar.self) { text in
                    xkit_hb_shape_run(font, text.baseAddress, Int32(text.count), Int32(item.lowerBound), Int32(item.count),
                                      direction, &out, Int32(capacity))
                }
            }
            guard count >= 0 else { return nil }
            if Int(count) <= capacity { return Array(out.prefix(Int(count))) }
            capacity = Int(count) // more glyphs than room (split vowels): once more with enough
        }
        return nil
    }

    private func shape(_ character: Character) -> ShapedCluster? {
        guard character.unicodeScalars.count <= FontFace.maxShapedScalars else { return nil }
        let index = fontIndex(for: character)
        let utf8 = Array(String(character).utf8)
        guard let out = shapeGlyphs(utf8, item: 0..<utf8.count, font: index, direction: 0) else { return nil }
        // A colour bitmap font (Noto Color Emoji) is opened at its strike size and scaled by the
        // font matrix (fonts.conf); HarfBuzz sees the unscaled strike, so scale its positions too.
        let factor = FontFace.scaleFactor(of: fonts[index])
        var pen: Int32 = 0 // 26.6
        var glyphs: [ShapedCluster.Glyph] = []
        glyphs.reserveCapacity(out.count)
        for g in out {
            glyphs.append(.init(id: g.glyph, x: FontFace.pixels(pen &+ g.x_offset, factor),
                                y: -FontFace.pixels(g.y_offset, factor), advance26_6: g.x_advance))
            noteGlyphInk(g.glyph, font: index, yOffset: -FontFace.pixels(g.y_offset, factor))
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
    nonisolated static func isIgnorable(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x200B...0x200F, 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x2060...0x2064, 0xFEFF: return true
        default: return false
        }
    }
}
