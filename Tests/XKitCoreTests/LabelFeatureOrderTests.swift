import Testing
@_spi(Platform) import XKitCore
import XKitHeadless

/// A label's features (copyable, selectable, tap handlers, links) turned on and off in every
/// order: the label takes clicks and focus exactly while one of them is on, or while the app asked.
@MainActor
@Suite struct LabelFeatureOrderTests {
    enum Feature: CaseIterable {
        case copyable, selectable, tapHandler, link
    }

    /// A label and what turns each feature on and off.
    @MainActor final class Subject {
        let scene = HeadlessScene()
        let label = Label()
        private var token: LabelTapToken?

        init() {
            label.attributedText = AttributedText("Nguyễn Văn An", font: .system, link: "mailto:an@example.vn")
            label.frame = Rect(x: 20, y: 20, width: 240, height: 30)
            scene.root.addSubview(label)
            scene.platform.displayPass()
        }

        func set(_ feature: Feature, _ on: Bool) {
            switch feature {
            case .copyable: label.isCopyable = on
            case .selectable: label.isSelectable = on
            case .tapHandler:
                if on {
                    let text = label.text ?? ""
                    token = label.addTapHandler(for: text.startIndex..<text.endIndex) {}
                } else if let token {
                    label.removeTapHandler(token)
                    self.token = nil
                }
            case .link:
                if on {
                    label.onLinkTap = { _, _ in }
                } else {
                    label.onLinkTap = nil
                }
            }
        }

        /// Whether a press on the start of the text reaches the label.
        var takesClicks: Bool { scene.root.hitTest(Point(x: 26, y: 35)) === label }
    }

    private func expectState(_ subject: Subject, on: Set<Feature>, requested: Bool = false, _ step: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let label = subject.label
        let wanted = requested || !on.isEmpty
        #expect(label.isUserInteractionEnabled == wanted, "\(step): interaction", sourceLocation: sourceLocation)
        #expect(label.isFocusable == wanted, "\(step): focusable", sourceLocation: sourceLocation)
        #expect(subject.takesClicks == wanted, "\(step): hit test", sourceLocation: sourceLocation)
        #expect(label.isCopyable == on.contains(.copyable), "\(step): copyable", sourceLocation: sourceLocation)
        #expect((label.longPressGestureRecognizer != nil) == on.contains(.copyable), "\(step): long press", sourceLocation: sourceLocation)
        #expect(label.isSelectable == on.contains(.selectable), "\(step): selectable", sourceLocation: sourceLocation)
    }

    private static func permutations(_ items: [Feature]) -> [[Feature]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { i -> [[Feature]] in
            var rest = items
            let first = rest.remove(at: i)
            return permutations(rest).map { [first] + $0 }
        }
    }

    @Test func everyOrderOfTurningFeaturesOnAndOffLeavesExactlyWhatIsOn() {
        let all = Self.permutations(Feature.allCases)
        for onOrder in all {
            for offOrder in all {
                let subject = Subject()
                var on: Set<Feature> = []
                expectState(subject, on: on, "fresh")
                for feature in onOrder {
                    subject.set(feature, true)
                    on.insert(feature)
                    expectState(subject, on: on, "on \(onOrder) at \(feature)")
                }
                for feature in offOrder {
                    subject.set(feature, false)
                    on.remove(feature)
                    expectState(subject, on: on, "on \(onOrder), off \(offOrder) at \(feature)")
                }
            }
        }
    }

    @Test func randomTogglesMatchAModelAndWhatTheAppAskedForStays() {
        var generator = SeededGenerator(seed: 0x5eed)
        for round in 0..<40 {
            let subject = Subject()
            let requested = round % 2 == 1
            if requested {
                subject.label.isUserInteractionEnabled = true
                subject.label.isFocusable = true
            }
            var on: Set<Feature> = []
            for step in 0..<30 {
                let feature = Feature.allCases[Int(generator.next() % UInt64(Feature.allCases.count))]
                let turnOn = !on.contains(feature)
                subject.set(feature, turnOn)
                if turnOn { on.insert(feature) } else { on.remove(feature) }
                expectState(subject, on: on, requested: requested, "round \(round) step \(step): \(feature) \(turnOn ? "on" : "off")")
            }
        }
    }

    @Test func copyableThenSelectableThenNotCopyableStillSelectsWithARealDrag() {
        let subject = Subject()
        subject.label.isCopyable = true
        subject.label.isSelectable = true
        subject.label.isCopyable = false
        let scene = subject.scene
        let start = Point(x: 22, y: 35), end = Point(x: 120, y: 35)
        scene.press(at: start)
        scene.platform.advance(by: 0.05)
        scene.platform.send(PointerEvent(kind: .moved, location: end, buttonsDown: [.primary], time: scene.platform.clock.now), to: scene.window)
        scene.platform.advance(by: 0.05)
        scene.release(at: end)
        #expect(subject.label.selectedText?.isEmpty == false, "the label still takes the drag")
    }
}

