import Testing
import XKitCore
import XKitHeadless

@MainActor
@Suite struct LabelTests {
    /// A label in a window stand-in that measures with the fixed measurer.
    private func makeLabel(_ text: String, frame: Rect) -> (Label, MeasuringHost) {
        let label = Label(frame: frame)
        let host = MeasuringHost(root: label)
        label.text = text
        return (label, host)
    }

    @Test func defaultsMatchUILabel() {
        let label = Label()
        #expect(label.isUserInteractionEnabled == false)
        #expect(label.numberOfLines == 1)
        #expect(label.font == .system)
        #expect(label.textColor == .label)
        #expect(label.text == nil && label.attributedText == nil)
        #expect(label.traceType == "Label")
    }

    @Test func traceFieldsIncludeTheText() {
        let label = Label(text: "hi")
        let fields = label.traceFields()
        #expect(fields.count == 1 && fields.first?.0 == "text")
        #expect(fields.first.map { $0.1.serialized } == "\"hi\"")
    }

    @Test func textIsCentredVerticallyAndAlignedHorizontally() {
        let (label, host) = makeLabel("abc", frame: Rect(x: 0, y: 0, width: 100, height: 40))
        // (40 - 13) / 2 = 13.5, snapped down to the pixel.
        #expect(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1) == Rect(x: 0, y: 13, width: 30, height: 13))
        label.textAlignment = .center
        #expect(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1) == Rect(x: 35, y: 13, width: 30, height: 13))
        label.textAlignment = .right
        #expect(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1) == Rect(x: 70, y: 13, width: 30, height: 13))
        #expect(label.textOrigin == Point(x: 0, y: 13))
        _ = host
    }

    @Test func textRectFollowsTheBoundsOrigin() {
        let (label, host) = makeLabel("abc", frame: Rect(x: 0, y: 0, width: 100, height: 40))
        label.boundsOrigin = Point(x: 10, y: 20)
        #expect(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1) == Rect(x: 10, y: 33, width: 30, height: 13))
        _ = host
    }

    @Test func textRectOfWrappedTextCoversAllLines() {
        let (label, host) = makeLabel("hello world", frame: Rect(x: 0, y: 0, width: 60, height: 40))
        label.numberOfLines = 0
        label.textAlignment = .center
        // Lines of 50 pt centred in 60 pt, 26 pt tall centred in 40 pt.
        #expect(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 0) == Rect(x: 5, y: 7, width: 50, height: 26))
        #expect(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1) == Rect(x: 0, y: 13, width: 60, height: 13))
        _ = host
    }

    @Test func textRectOfEmptyTextIsAnEmptyPointAtTheAlignedCentre() {
        let (label, host) = makeLabel("", frame: Rect(x: 0, y: 0, width: 100, height: 40))
        label.textAlignment = .center
        #expect(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1) == Rect(x: 50, y: 20, width: 0, height: 0))
        _ = host
    }

    @Test func sizeThatFitsHonoursTheWidthAndTheLineLimit() {
        let (label, host) = makeLabel("hello world", frame: .zero)
        #expect(label.sizeThatFits(Size(width: 60, height: 1000)) == Size(width: 60, height: 13))
        label.numberOfLines = 0
        #expect(label.sizeThatFits(Size(width: 60, height: 1000)) == Size(width: 50, height: 26))
        #expect(label.sizeThatFits(Size(width: .infinity, height: .infinity)) == Size(width: 110, height: 13))
        #expect(label.sizeThatFits(.zero) == Size(width: 110, height: 13))
        _ = host
    }

    @Test func sizeThatFitsRoundsUpToWholePoints() {
        let (label, host) = makeLabel("abc", frame: .zero)
        label.font = .system(size: 13.65) // 10.5 pt advances, 13.65 pt lines
        #expect(label.sizeThatFits(.zero) == Size(width: 32, height: 14))
        _ = host
    }

    @Test func sizeThatFitsOfEmptyTextIsZero() {
        #expect(Label(text: "").sizeThatFits(Size(width: 100, height: 100)) == .zero)
        #expect(Label().sizeThatFits(Size(width: 100, height: 100)) == .zero)
    }

    @Test func linesThatDoNotFitTheHeightAreTruncated() {
        let (label, host) = makeLabel("one two three four", frame: Rect(x: 0, y: 0, width: 80, height: 30))
        label.numberOfLines = 0
        #expect(label.textLayout.drawnStrings == ["one two", "three f…"])
        #expect(label.textOrigin == Point(x: 0, y: 2))
        _ = host
    }

    @Test func theLayoutIsCachedUntilTextFontOrSizeChange() {
        let (label, host) = makeLabel("abc", frame: Rect(x: 0, y: 0, width: 100, height: 40))
        let first = label.textLayout
        #expect(label.textLayout === first)
        label.text = "abcd"
        let second = label.textLayout
        #expect(second !== first && second.size.width == 40)
        label.frame.size.width = 30
        let third = label.textLayout
        #expect(third !== second && third.drawnStrings == ["ab…"])
        label.font = .system(size: 26)
        #expect(label.textLayout !== third && label.textLayout.size.height == 26)
        _ = host
    }

    @Test func drawsWithTheLayoutAtTheTextOrigin() {
        let (label, host) = makeLabel("ab", frame: Rect(x: 0, y: 0, width: 100, height: 40))
        label.textAlignment = .right
        let context = DrawRecorder()
        label.draw(in: context)
        #expect(context.texts == [.init(text: "ab", font: .system, color: .label, origin: Point(x: 80, y: 23))])
        _ = host
    }

    @Test func hitTestsThroughTheTextOriginMatchWhatIsDrawn() {
        let (label, host) = makeLabel("abc", frame: Rect(x: 0, y: 0, width: 100, height: 40))
        label.textAlignment = .center
        let layout = label.textLayout
        let inLayout = { (p: Point) in layout.characterIndex(at: p - label.textOrigin).map(layout.offset) }
        #expect(inLayout(Point(x: 36, y: 14)) == 0)
        #expect(inLayout(Point(x: 64, y: 25)) == 2)
        #expect(inLayout(Point(x: 34, y: 20)) == nil)
        #expect(inLayout(Point(x: 50, y: 12)) == nil)
        _ = host
    }

    @Test func attributedTextAndTextReplaceEachOther() {
        let label = Label()
        var styled = AttributedText("ab", font: .system, color: .red)
        styled.append(AttributedText("cd", font: .bold(), color: .green))
        label.attributedText = styled
        #expect(label.text == "abcd")
        #expect(label.attributedText == styled)
        label.textColor = .purple
        #expect(label.attributedText?.runs.map(\.attributes.color) == [.purple, .purple])
        label.text = "xy"
        #expect(label.attributedText == AttributedText("xy", font: .system, color: .purple))
        label.attributedText = nil
        #expect(label.text == nil)
    }

    @Test func withoutAWindowOrAnAppTheLabelMeasuresWithTheFixedWidthStandIn() {
        let label = Label(text: "abc")
        #expect(label.measurer === MonospaceMeasurer.shared)
    }

    @Test func inAWindowTheLabelMeasuresWithItsPlatformsMeasurer() {
        let measurer = FixedAdvanceMeasurer()
        let scene = HeadlessScene(measurer: measurer)
        let label = Label(text: "abc")
        scene.root.addSubview(label)
        #expect(label.measurer === measurer)
    }
}
