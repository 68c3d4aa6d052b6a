import XKitCore

/// A display-free measurer that shapes: every cluster is 10 wide, and in the words it is asked to
/// shape each cluster is one glyph (its first scalar's value) except lam followed by alef, which
/// becomes the one 14-wide ligature glyph U+FEFB. It records the words it shapes.
final class LigatureMeasurer: TextMeasurer {
    static let ligature: UInt32 = 0xFEFB
    private(set) var shaped: [String] = []
    let textSegmenter: TextSegmenter

    init(segmenter: TextSegmenter = BasicTextSegmenter.shared) { textSegmenter = segmenter }

    func metrics(for font: Font) -> FontMetrics { FontMetrics(ascent: 10, descent: 3) }
    func advance(of character: Character, in font: Font) -> Double { 10 }

    func shape(word: Substring, in font: Font, rightToLeft: Bool) -> ShapedWord? {
        shaped.append(String(word))
        let clusters = Array(word)
        var glyphs: [ShapedWord.Glyph] = []
        var offset = 0, i = 0
        while i < clusters.count {
            let c = clusters[i]
            if c == "ل", i + 1 < clusters.count, clusters[i + 1] == "ا" {
                glyphs.append(.init(id: LigatureMeasurer.ligature, cluster: offset, advance: 14))
                offset += c.utf8.count + clusters[i + 1].utf8.count
                i += 2
                continue
            }
            glyphs.append(.init(id: c.unicodeScalars.first?.value ?? 0, cluster: offset, advance: 10))
            offset += c.utf8.count
            i += 1
        }
        if rightToLeft { glyphs.reverse() }
        return ShapedWord(text: String(word), rightToLeft: rightToLeft, scale: 1,
                          segments: [.init(font: 0, range: 0..<word.utf8.count, glyphs: glyphs)])
    }
}

/// A segmenter whose paragraphs run right to left: Arabic letters and spaces at level 1, anything else at 2.
final class RightToLeftSegmenter: TextSegmenter {
    func boundaries(_ kind: TextBoundaryKind, in string: String) -> [Int] {
        BasicTextSegmenter.shared.boundaries(kind, in: string)
    }

    func bidiLevels(ofParagraph scalars: [UInt32], direction: TextDirection?) -> BidiLevels? {
        BidiLevels(levels: scalars.map { (0x600...0x6FF).contains($0) || $0 == 0x20 || $0 == 0x0A ? 1 : 2 }, paragraphLevel: 1)
    }
}
