import Testing
@testable import XKitCore

/// NaN, infinities and absurd values an app may set are clamped where they are set, so nothing
/// later (layout, drawing, the backend's Double-to-Int conversions) sees them; settings are parsed
/// strictly.
@MainActor
struct ValueLimitsTests {
    static let bad: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude]

    private func expectSane(_ rect: Rect, _ comment: Comment? = nil) {
        #expect(rect.isWithinLimits, comment)
        for value in [rect.x, rect.y, rect.width, rect.height] {
            #expect(value.isFinite && abs(value) <= GeometryLimits.maximumMagnitude, comment)
            // What the backend does with every coordinate: scale by the largest scale and convert.
            _ = Int32((value * DisplayScale.range.upperBound).rounded())
        }
    }

    /// Draws a small tree that holds `view`, as a window would, with every text and fill recorded.
    private func render(_ view: View) -> DrawRecorder {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let host = MeasuringHost(root: root)
        root.addSubview(view)
        root.layoutIfNeeded()
        let recorder = DrawRecorder()
        root.render(in: recorder, dirty: root.bounds)
        _ = host
        return recorder
    }

    @Test func framesSetToNaNInfinityOrHugeValuesAreClampedToFiniteLimits() {
        for value in Self.bad {
            let label = Label(text: "x")
            label.frame = Rect(x: value, y: value, width: value, height: value)
            expectSane(label.frame, "\(value)")
            label.frame.origin.x = value
            label.frame.size.height = value
            expectSane(label.frame, "\(value)")
            let made = View(frame: Rect(x: value, y: 1, width: 2, height: value))
            expectSane(made.frame, "\(value)")
            _ = render(label)
        }
        let label = Label(text: "x")
        label.frame = Rect(x: .nan, y: 3, width: .nan, height: 4)
        #expect(label.frame == Rect(x: 0, y: 3, width: 0, height: 4))
        label.frame = Rect(x: 1e300, y: -.infinity, width: 10, height: 10)
        #expect(label.frame == Rect(x: GeometryLimits.maximumMagnitude, y: -GeometryLimits.maximumMagnitude, width: 10, height: 10))
    }

    @Test func autoresizingFromAZeroSizeNeverMakesANonFiniteFrame() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 0, height: 0))
        let child = View(frame: Rect(x: 0, y: 0, width: 0, height: 0))
        child.autoresizingMask = [.flexibleWidth, .flexibleHeight, .flexibleLeftMargin, .flexibleTopMargin]
        parent.addSubview(child)
        for value in Self.bad {
            parent.frame.size = Size(width: value, height: value)
            expectSane(parent.frame, "\(value)")
            expectSane(child.frame, "\(value)")
        }
    }

    @Test func boundsOriginsAndSizesSetThroughBoundsAreClamped() {
        for value in Self.bad {
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            view.boundsOrigin = Point(x: value, y: value)
            expectSane(view.bounds, "\(value)")
            view.bounds = Rect(x: value, y: 0, width: value, height: value)
            expectSane(view.bounds, "\(value)")
            expectSane(view.frame, "\(value)")
        }
    }

    @Test func fontSizesAreClampedAndNaNBecomesTheDefault() {
        #expect(Font(size: .nan).size == 13)
        #expect(Font(size: .infinity).size == Font.sizeRange.upperBound)
        #expect(Font(size: 1e300).size == Font.sizeRange.upperBound)
        #expect(Font(size: -.infinity).size == Font.sizeRange.lowerBound)
        #expect(Font(size: 0).size == Font.sizeRange.lowerBound)
        #expect(Font.system(size: .nan, weight: .bold).size == 13)
        var font = Font.system
        font.size = .nan
        #expect(font.size == 13)
        font.size = 1e6
        #expect(font.size == Font.sizeRange.upperBound)
        #expect(Font.system.with(size: -.infinity).size == Font.sizeRange.lowerBound)
        // NaN never reaches a font cache, where NaN != NaN would miss every lookup.
        #expect(Font(size: .nan) == Font(size: .nan))
        for value in Self.bad {
            let label = Label(text: "Giá vé", font: .system(size: value))
            label.frame = Rect(x: 0, y: 0, width: 200, height: 40)
            let recorder = render(label)
            for call in recorder.texts {
                #expect(call.origin.x.isFinite && call.origin.y.isFinite, "\(value)")
            }
        }
    }

    @Test func tagScrollOffsetsAreClampedAndNaNIsIgnored() {
        let tags = TagInputView(titles: (0..<40).map { "tag\($0)" })
        tags.frame = Rect(x: 0, y: 0, width: 200, height: 60)
        tags.maximumHeight = 60
        _ = render(tags)
        tags.setContentOffset(30)
        let before = tags.contentOffset
        tags.setContentOffset(.nan)
        #expect(tags.contentOffset == before)
        for value in Self.bad where !value.isNaN {
            tags.setContentOffset(value)
            #expect(tags.contentOffset.isFinite, "\(value)")
            #expect(tags.contentOffset >= 0 && tags.contentOffset <= tags.maximumContentOffset, "\(value)")
            _ = render(tags)
        }
    }

    @Test func scaleSettingsOutsideHalfToEightAreRefused() {
        for text in ["inf", "-inf", "nan", "1e300", "1000", "8.5", "0.49", "0", "-1", "", "abc", "2x"] {
            #expect(DisplayScale.scale(fromSetting: text) == nil, "\(text)")
        }
        #expect(DisplayScale.scale(fromSetting: "0.5") == 0.5)
        #expect(DisplayScale.scale(fromSetting: "1") == 1)
        #expect(DisplayScale.scale(fromSetting: " 2 ") == 2)
        #expect(DisplayScale.scale(fromSetting: "8") == 8)
    }

    @Test func dpiSettingsOutsideTheScaleRangeAreRefusedAndOthersRoundToHalfSteps() {
        for text in ["inf", "nan", "1e300", "0", "-96", "10", "47", "769", "96dpi"] {
            #expect(DisplayScale.scale(fromDPI: text) == nil, "\(text)")
        }
        #expect(DisplayScale.scale(fromDPI: "96") == 1)
        #expect(DisplayScale.scale(fromDPI: "72") == 1)
        #expect(DisplayScale.scale(fromDPI: "144") == 1.5)
        #expect(DisplayScale.scale(fromDPI: "192.0") == 2)
        #expect(DisplayScale.scale(fromDPI: "768") == 8)
    }

    @Test func traceSettingAcceptsOneTrueYesOrAPathAndNothingElse() {
        #expect(TraceSetting(environmentValue: nil) == .off)
        for off in ["", "0", "false", "no"] { #expect(TraceSetting(environmentValue: off) == .off) }
        for on in ["1", "true", "yes"] { #expect(TraceSetting(environmentValue: on) == .standardError) }
        #expect(TraceSetting(environmentValue: "/tmp/trace.jsonl") == .file("/tmp/trace.jsonl"))
        #expect(TraceSetting(environmentValue: "./trace") == .file("./trace"))
        for bad in ["bogus", "TRUE", "2", "on", " 1"] { #expect(TraceSetting(environmentValue: bad) == .invalid(bad)) }
    }
}
