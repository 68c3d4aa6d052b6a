import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// A change of the platform's fonts (scale, hinting) reaching views that cached measurements.
@MainActor
@Suite struct DisplayMetricsChangeTests {
    /// Every cluster is `advance` wide; the test changes it as new fonts would.
    final class AdjustableMeasurer: TextMeasurer {
        var advance = 10.0
        func metrics(for font: Font) -> FontMetrics { FontMetrics(ascent: 10, descent: 3) }
        func advance(of character: Character, in font: Font) -> Double { advance }
    }

    @Test func labelsFieldsAndTagChipsMeasureAgainAfterTheFontsChange() throws {
        let measurer = AdjustableMeasurer()
        let scene = HeadlessScene(size: Size(width: 600, height: 400), measurer: measurer)
        let label = Label(text: "twelve chars")
        label.frame = Rect(x: 10, y: 10, width: 500, height: 30)
        let field = TextField(frame: Rect(x: 10, y: 50, width: 300, height: 30))
        field.text = "typed"
        let tags = TagInputView(frame: Rect(x: 10, y: 100, width: 560, height: 200))
        tags.tags = [Tag(title: "alpha"), Tag(title: "beta")]
        [label, field, tags].forEach(scene.root.addSubview)
        scene.platform.displayPass()
        #expect(label.textLayout.size.width == 120)
        #expect(field.textLayout.size.width == 50)
        let chipWidths = tags.visibleChips.map(\.frame.width)
        #expect(chipWidths.count == 2)

        measurer.advance = 12
        scene.app.displayMetricsDidChange()
        scene.platform.displayPass()
        #expect(label.textLayout.size.width == 144)
        #expect(field.textLayout.size.width == 60)
        let wider = tags.visibleChips.map(\.frame.width)
        #expect(zip(chipWidths, wider).allSatisfy { $1 - $0 > 5 }, "chips \(chipWidths) → \(wider)")
        #expect(field.text == "typed" && tags.tags.count == 2)
    }
}
