import Testing
@_spi(Testing) @_spi(Platform) @testable import XKitCore
import XKitHeadless

/// A measurer that counts the text layouts built with it: each `TextLayout` asks for the segmenter
/// once, so the count is the number of layouts made (cached ones are not asked again).
final class LayoutCountingMeasurer: TextMeasurer {
    private let base = MonospaceMeasurer()
    private(set) var layoutsBuilt = 0
    func metrics(for font: Font) -> FontMetrics { base.metrics(for: font) }
    func advance(of character: Character, in font: Font) -> Double { base.advance(of: character, in: font) }
    var textSegmenter: TextSegmenter {
        layoutsBuilt += 1
        return base.textSegmenter
    }
    func reset() { layoutsBuilt = 0 }
}

/// What a key costs the tag input's drawing, counted in text layouts built rather than timed: a key
/// in the field relays out the field's text, not the chips' titles around it.
@MainActor
@Suite struct TagInputRedrawCostTests {
    /// The tag input filling a window, with `count` tags, its field focused and everything drawn once.
    private func scene(tags count: Int, suggestions: [String] = []) -> (HeadlessScene, TagInputView, LayoutCountingMeasurer) {
        let measurer = LayoutCountingMeasurer()
        let scene = HeadlessScene(size: Size(width: 420, height: 300), measurer: measurer)
        let input = TagInputView(titles: (0..<count).map { "tag\($0)" }, suggestions: suggestions)
        input.frame = scene.root.bounds
        scene.root.addSubview(input)
        scene.platform.displayPass()
        input.focusField()
        scene.platform.displayPass()
        return (scene, input, measurer)
    }

    @Test(arguments: [10, 10_000])
    func aKeyInTheFieldLaysOutOnlyTheFieldsText(tags: Int) {
        let (scene, input, measurer) = scene(tags: tags)
        for letter in "qwerty" {
            measurer.reset()
            scene.key(.character(letter), text: String(letter))
            scene.platform.displayPass()
            // The field's text, once; a chip's title laid out again means its label was reset.
            #expect(measurer.layoutsBuilt <= 2, "\(measurer.layoutsBuilt) text layouts for one key at \(tags) tags")
        }
        measurer.reset()
        scene.key(.backspace)
        scene.platform.displayPass()
        #expect(measurer.layoutsBuilt <= 2, "\(measurer.layoutsBuilt) text layouts for Backspace at \(tags) tags")
        #expect(input.textField.text == "qwert")
    }

    @Test func typingThatFiltersSuggestionsLaysOutOnlyTheFieldAndTheSuggestions() {
        let (scene, _, measurer) = scene(tags: 10_000, suggestions: ["alpha", "alpine", "beta"])
        measurer.reset()
        scene.key(.character("a"), text: "a")
        scene.platform.displayPass()
        let shown = measurer.layoutsBuilt
        measurer.reset()
        scene.key(.character("l"), text: "l")
        scene.platform.displayPass()
        // The field, and at most the two suggestions still shown; no chip title.
        #expect(measurer.layoutsBuilt <= 4, "\(measurer.layoutsBuilt) text layouts for a key that filters (the first showed \(shown))")
    }
}
