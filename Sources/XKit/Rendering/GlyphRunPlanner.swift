/// One Xft draw call's worth of text: UTF-8 in one font, starting at a device x.
struct GlyphRun: Equatable {
    /// The index of the font (in the face's font list) that draws the run.
    var font: Int
    /// The run's pen start in device pixels.
    var x: Int
    var utf8: [UInt8]
    /// Glyphs Xft will send for the run: one per Unicode scalar.
    var glyphCount: Int
    /// A cluster drawn on its own from HarfBuzz's glyphs (`utf8` is then empty).
    var shaped: Character? = nil
    /// The run's width: the advances of its clusters, in device pixels.
    var advance = 0
}

/// Cuts a line of text into the glyph runs to draw: only what can reach the visible span, one run
/// per font change, and never more glyphs in a run than one X request may carry.
///
/// A 300,000-character line in one call made libXrender's 16-bit request length wrap, which
/// desynchronised Xlib and aborted the app; the scrolled-away part was never visible anyway.
struct GlyphRunPlanner {
    /// The visible span in device pixels; characters wholly outside it (plus `margin`) are skipped.
    var minX: Int
    var maxX: Int
    /// Ink may overhang its advance (italics, wide accents): characters this close to the span are drawn.
    var margin: Int
    /// The most glyphs one run may hold (`XRequestLimits.glyphsPerRequest`).
    var maxGlyphs: Int

    /// Calls `emit` with each run, left to right, for `text` whose pen starts at `startX`.
    ///
    /// `font` and `advance` give each character's font index and advance in device pixels. A single
    /// character with more scalars than `maxGlyphs` (a pile of combining marks) is cut to `maxGlyphs`.
    ///
    /// A character for which `isShaped` holds is emitted as a run of its own, with `shaped` set.
    func forEachRun<Text: Sequence>(in text: Text, startX: Int, font: (Character) -> Int,
                                    advance: (Character) -> Int, isShaped: (Character) -> Bool = { _ in false },
                                    _ emit: (GlyphRun) -> Void)
        where Text.Element == Character {
        let budget = max(1, maxGlyphs)
        let lowX = minX - margin, highX = maxX + margin
        var x = startX
        var run = GlyphRun(font: -1, x: x, utf8: [], glyphCount: 0)
        func flush() {
            if run.glyphCount > 0 { emit(run) }
            run.utf8.removeAll(keepingCapacity: true)
            run.glyphCount = 0
        }
        for character in text {
            if x > highX { break }
            let width = max(0, advance(character))
            defer { x += width }
            // Newlines and other controls have no glyph worth drawing.
            guard x + width >= lowX, let first = character.unicodeScalars.first, first.value >= 0x20 else { continue }
            let index = font(character)
            if isShaped(character) {
                flush()
                run.font = -1
                emit(GlyphRun(font: index, x: x, utf8: [], glyphCount: 0, shaped: character, advance: width))
                continue
            }
            let scalars = character.unicodeScalars
            let scalarCount = scalars.count
            let glyphs = min(scalarCount, budget)
            if index != run.font || run.glyphCount + glyphs > budget {
                flush()
                run.font = index
                run.x = x
                run.advance = 0
            }
            if glyphs == scalarCount {
                run.utf8.append(contentsOf: character.utf8)
            } else {
                for scalar in scalars.prefix(glyphs) { run.utf8.append(contentsOf: String(scalar).utf8) }
            }
            run.glyphCount += glyphs
            run.advance += width
        }
        flush()
    }

    /// Whether a run (cut for a whole line) may show in the visible span.
    func mayReach(_ run: GlyphRun) -> Bool {
        run.x <= maxX + margin && run.x + run.advance >= minX - margin
    }
}
