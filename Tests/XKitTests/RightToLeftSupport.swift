import XKit
import XKitTesting

/// Fixed advances with the X11 backend's segmenter (ICU + FriBidi), and Arabic letters narrower
/// when they join a neighbour, as shaped joined forms are: 10 per cluster, 6 for a joined Arabic letter.
final class RightToLeftMeasurer: TextMeasurer {
    let textSegmenter: TextSegmenter = ICUTextSegmenter()
    func metrics(for font: Font) -> FontMetrics { FontMetrics(ascent: 10, descent: 3) }
    func advance(of character: Character, in font: Font) -> Double { 10 }
    /// Shapes a word as one glyph per cluster: an Arabic letter with an Arabic neighbour in the word is 6 wide.
    func shape(word: Substring, in font: Font, rightToLeft: Bool) -> ShapedWord? {
        let clusters = Array(word)
        var glyphs: [ShapedWord.Glyph] = []
        var offset = 0
        for (i, c) in clusters.enumerated() {
            let joined = RightToLeftMeasurer.isArabicLetter(c)
                && ((i > 0 && RightToLeftMeasurer.isArabicLetter(clusters[i - 1]))
                    || (i + 1 < clusters.count && RightToLeftMeasurer.isArabicLetter(clusters[i + 1])))
            glyphs.append(.init(id: c.unicodeScalars.first?.value ?? 0, cluster: offset, advance: joined ? 6 : 10))
            offset += c.utf8.count
        }
        if rightToLeft { glyphs.reverse() }
        return ShapedWord(text: String(word), rightToLeft: rightToLeft, scale: 1,
                          segments: [.init(font: 0, range: 0..<word.utf8.count, glyphs: glyphs)])
    }

    static func isArabicLetter(_ c: Character) -> Bool {
        c.unicodeScalars.first.map { (0x0620...0x064A).contains($0.value) } ?? false
    }
}

@MainActor
extension HeadlessScene {
    /// A scene with `RightToLeftMeasurer`.
    static func rightToLeft(size: Size = Size(width: 400, height: 300)) -> HeadlessScene {
        HeadlessScene(size: size, measurer: RightToLeftMeasurer())
    }

    /// Types text one key per character, as the input method delivers it.
    func type(_ text: String) {
        for c in text { key(c == " " ? .space : .character(c), text: String(c)) }
    }

    /// The calls that draw `view` again, in window coordinates.
    func drawing(of view: View) -> [RecordingRenderer.Call] {
        view.setNeedsDisplay()
        platform.displayPass()
        return platform.surface(of: view.window ?? window)?.recorder.calls ?? []
    }
}

/// The lines of text among drawing calls, in the order they start: each line's pieces (plain text
/// and shaped words, words in logical order) joined left to right, and its leftmost x.
func drawnLines(_ calls: [RecordingRenderer.Call]) -> [(String, Double)] {
    var lines: [(y: Double, pieces: [(text: String, x: Double)])] = []
    for piece in drawnPieces(calls) {
        if let i = lines.firstIndex(where: { $0.y == piece.1.y }) {
            lines[i].pieces.append((piece.0, piece.1.x))
        } else {
            lines.append((piece.1.y, [(piece.0, piece.1.x)]))
        }
    }
    return lines.map { line in
        let sorted = line.pieces.sorted { $0.x < $1.x }
        return (sorted.map(\.text).joined(), sorted.first?.x ?? 0)
    }
}

/// Each text drawing call (plain text or a shaped word) with where it starts.
func drawnPieces(_ calls: [RecordingRenderer.Call]) -> [(String, Point)] {
    calls.compactMap {
        switch $0 {
        case .text(let s, _, _, let p), .glyphs(let s, _, _, _, let p): (s, p)
        default: nil
        }
    }
}
