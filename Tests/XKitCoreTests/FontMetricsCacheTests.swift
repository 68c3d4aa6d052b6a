import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// Fields and text views keep their font's metrics; a change of fonts or measurer must reach them.
@MainActor
@Suite struct FontMetricsCacheTests {
    /// Counts the metrics it is asked for; its line height is `ascent` + 3.
    final class CountingMeasurer: TextMeasurer {
        var ascent = 10.0
        var asked = 0
        func metrics(for font: Font) -> FontMetrics { asked += 1; return FontMetrics(ascent: ascent, descent: 3) }
        func advance(of character: Character, in font: Font) -> Double { 10 }
    }

    @Test func metricsAreAskedOncePerMeasurerUntilForgotten() {
        let first = CountingMeasurer(), second = CountingMeasurer()
        var cache = FontMetricsCache()
        #expect(cache.metrics(of: .system, from: first).lineHeight == 13)
        _ = cache.metrics(of: .system, from: first)
        #expect(first.asked == 1)
        second.ascent = 20
        #expect(cache.metrics(of: .system, from: second).lineHeight == 23, "another measurer is asked")
        first.ascent = 30
        cache.forget()
        #expect(cache.metrics(of: .system, from: first).lineHeight == 33)
        #expect(first.asked == 2 && second.asked == 1)
    }

    @Test func aFieldAndATextViewFollowNewFontMetricsAndANewFont() {
        let measurer = CountingMeasurer()
        let scene = HeadlessScene(size: Size(width: 600, height: 400), measurer: measurer)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        let view = TextView(frame: Rect(x: 10, y: 60, width: 300, height: 200))
        view.text = "one"
        [field, view].forEach(scene.root.addSubview)
        scene.platform.displayPass()
        #expect(field.caretRect.height == 13 && view.lineHeight == 13)

        measurer.ascent = 20
        scene.app.displayMetricsDidChange()
        scene.platform.displayPass()
        #expect(field.caretRect.height == 23 && view.lineHeight == 23)

        let asked = measurer.asked
        field.font = .system(size: 20)
        view.font = .system(size: 20)
        _ = field.caretRect
        _ = view.lineHeight
        #expect(measurer.asked == asked + 2, "a new font is measured again")
    }
}
