import Testing
@testable import XKitCore

/// The shapes a UIKit developer writes first compile and mean what they expect.
@MainActor
@Suite struct APIShapeTests {
    @Test func plainColourNamesAreColoursAndComponentsHaveTheirOwnNames() {
        let blue: Color = .blue
        #expect(blue.components == (red: 0, green: 0, blue: 1, alpha: 1))
        #expect(Color.red.redComponent == 1 && Color.red.greenComponent == 0)
        #expect(Color.lightGray.redComponent > Color.gray.redComponent)
        #expect(Color.darkGray.redComponent < Color.gray.redComponent)
        #expect(Color.clear.alpha == 0)
        let system: [Color] = [.systemBlue, .systemRed, .systemGreen, .systemOrange, .systemGray, .systemYellow,
                               .systemPurple, .systemPink, .systemTeal, .systemIndigo]
        #expect(Set(system).count == system.count)
        #expect(Color.accent.resolvedColor(with: TraitCollection(userInterfaceStyle: .light)) == .systemBlue)
        let view = View()
        view.backgroundColor = .orange
        #expect(view.backgroundColor == Color(red: 1, green: 0.5, blue: 0))
    }

    @Test func tagClosuresTakeJustTheValues() {
        let f = TagInputFixture()
        var log: [String] = []
        f.input.shouldAdd = { title in title.lowercased() }
        f.input.onAdd = { tag in log.append("add \(tag.title)") }
        f.input.onRemove = { tag in log.append("remove \(tag.title)") }
        f.input.onReject = { title, reason in log.append("reject \(title) \(reason)") }
        f.input.onTagsChange = { tags in log.append("tags \(tags.map(\.title))") }
        f.input.focusField()
        f.type("Swift")
        f.key(.enter)
        _ = f.input.addTag("SWIFT")
        if let tag = f.input.tags.first { _ = f.input.removeTag(id: tag.id) }
        #expect(log == ["tags [\"swift\"]", "add swift", "reject SWIFT duplicate", "tags []", "remove swift"])
    }

    @Test func aTapHandlerForASubstringNeedNotTakeTheRange() {
        let b = LabelBench("hello world")
        var taps = 0
        b.label.addTapHandler(for: "world") { taps += 1 }
        b.click(Point(x: 85, y: 19))
        #expect(taps == 1)
    }

    @Test func accessibilityIdentifierFindsTheView() {
        let root = View()
        let label = Label(text: "price")
        label.accessibilityIdentifier = "price"
        root.addSubview(label)
        #expect(root.view(withIdentifier: "price") === label)
    }

    @Test func sizeToFitGivesLabelsAndButtonsTheirTextSize() {
        let label = Label(text: "hello")
        label.frame.origin = Point(x: 7, y: 9)
        label.sizeToFit()
        #expect(label.frame.origin == Point(x: 7, y: 9))
        #expect(label.frame.size.width >= 5 * 5 && label.frame.size.height > 0)
        let button = Button(title: "OK")
        button.sizeToFit()
        #expect(button.frame.width > label.frame.width / 5 && button.frame.height > label.frame.height)
    }
}
