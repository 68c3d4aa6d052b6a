import CX11
import XKitCore

/// The missing-glyph box: where no installed font draws a character, an outlined rectangle of the
/// cluster's advance shows that something is there (as GTK's hex boxes do), instead of nothing.
extension XftRenderer {
    /// Outlines a box for one missing cluster whose pen is at device `x`, on the device `baseline`.
    func drawMissingGlyphBox(x: Int, baseline: Int, advance: Int, ascent: Int, color: inout XftColor) {
        let stroke = max(1, Int(scale.rounded()))
        let left = x + stroke, width = max(2 * stroke + 1, advance - 2 * stroke)
        let height = max(2 * stroke + 1, Int((Double(ascent) * 0.8).rounded()))
        let top = baseline - height
        func fill(_ x: Int, _ y: Int, _ w: Int, _ h: Int) {
            XftDrawRect(draw, &color, Int32(clamping: x), Int32(clamping: y), UInt32(max(0, w)), UInt32(max(0, h)))
        }
        fill(left, top, width, stroke)
        fill(left, baseline - stroke, width, stroke)
        fill(left, top, stroke, height)
        fill(left + width - stroke, top, stroke, height)
    }

    /// Draws every visible cluster of `text` as a box: no font could be opened at all.
    func drawTextWithoutFont(_ text: Substring, font: Font, color: Color, at origin: Point) {
        var xftColor = XftColor(pixel: 0, color: renderColor(color))
        let startX = ((origin.x + state.origin.x) * scale).rounded()
        let baseline = ((origin.y + state.origin.y) * scale).rounded()
        guard startX.isFinite, baseline.isFinite, abs(baseline) < 32000, abs(startX) < 1e9 else { return }
        let clip = deviceRect(state.clip, relative: false)
        let ascent = Int((font.size * scale * 0.8).rounded())
        var x = Int(startX)
        for character in text {
            let advance = Int((FontRegistry.advanceWithoutFont(of: character, size: font.size) * scale).rounded())
            defer { x += advance }
            guard x <= clip.x + clip.width, x + advance >= clip.x, FontFace.mustHaveInk(character) else { continue }
            drawMissingGlyphBox(x: x, baseline: Int(baseline), advance: advance, ascent: ascent, color: &xftColor)
        }
    }
}

extension FontRegistry {
    /// The advance (points) of a cluster when no font opens: a box for what must show, half of one
    /// for a space, nothing for controls and marks, so lines still wrap and clicks still land.
    nonisolated static func advanceWithoutFont(of character: Character, size: Double) -> Double {
        if FontFace.mustHaveInk(character) { return size * 0.6 }
        if character == " " || character == "\u{A0}" || character == "\t" { return size * 0.3 }
        return 0
    }
}
