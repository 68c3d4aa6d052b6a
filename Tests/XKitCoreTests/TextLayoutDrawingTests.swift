import Testing
import XKitCore

@MainActor
@Suite struct TextLayoutDrawingTests {
    @Test func drawsEachFragmentAtItsBaseline() {
        var text = AttributedText("ab", font: .system, color: .red)
        text.append(AttributedText(" cd", font: .system(size: 26), color: .green))
        let l = TextLayout(text, maxWidth: 40, measurer: FixedAdvanceMeasurer())
        let context = DrawRecorder()
        l.draw(in: context, at: Point(x: 5, y: 100))
        #expect(context.texts == [
            .init(text: "ab", font: .system, color: .red, origin: Point(x: 5, y: 110)),
            .init(text: "cd", font: .system(size: 26), color: .green, origin: Point(x: 5, y: 133)),
        ])
        #expect(context.fills.isEmpty)
    }

    @Test func underlinesRunUnderTheFragmentBelowTheBaseline() {
        let l = TextLayout(AttributedText("ab", font: .system, color: .red, underline: true),
                           measurer: FixedAdvanceMeasurer())
        let context = DrawRecorder()
        l.draw(in: context, at: Point(x: 2, y: 3))
        #expect(context.fills.map(\.rect) == [Rect(x: 2, y: 14, width: 20, height: 1)])
        #expect(context.fills.map(\.color) == [.red])
    }

    @Test func drawsTheEllipsisOfATruncatedLine() {
        let l = layout("hello world", width: 80, lines: 1)
        let context = DrawRecorder()
        l.draw(in: context, at: .zero)
        #expect(context.texts.map(\.text) == ["hello w", "…"])
        #expect(context.texts.map(\.origin.x) == [0, 70])
    }

    @Test func linesOutsideTheClipAreSkipped() {
        let l = layout("a\nb\nc\nd")
        let context = DrawRecorder(clip: Rect(x: 0, y: 20, width: 100, height: 10))
        l.draw(in: context, at: Point(x: 0, y: 5))
        // Lines sit at y 5, 18, 31, 44: only the second meets 20..<30.
        #expect(context.texts.map(\.text) == ["b"])
    }
}
