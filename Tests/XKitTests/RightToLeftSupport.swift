import XKit
import XKitTesting

/// Fixed advances with the X11 backend's segmenter (ICU + FriBidi), and Arabic letters narrower
/// when they join a neighbour, as shaped joined forms are: 10 per cluster, 6 for a joined Arabic letter.
final class RightToLeftMeasurer: TextMeasurer {
    let textSegmenter: TextSegmenter = ICUTextSegmenter()
    func metrics(for font: Font) -> FontMetrics { FontMetrics(ascent: 10, descent: 3) }
    func advance(of character: Character, in font: Font) -> Double { 10 }
    func advance(of character: Character, in font: Font, before: Character?, after: Character?) -> Double {
        RightToLeftMeasurer.isArabicLetter(character)
            && (before.map(RightToLeftMeasurer.isArabicLetter) == true || after.map(RightToLeftMeasurer.isArabicLetter) == true)
            ? 6 : 10
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
