import Testing
@_spi(Platform) @_spi(Testing) @testable import XKitCore
import XKitHeadless

@MainActor
@Suite(.serialized) struct TagInputViewTests {
    @Test func enterCommitsTheTrimmedTitle() {
        let f = TagInputFixture(titles: ["a"])
        var added: [String] = []
        f.input.onAdd = { tag in added.append(tag.title) }
        f.input.focusField()
        f.type("  swift ")
        f.key(.enter)
        #expect(f.titles == ["a", "swift"])
        #expect(added == ["swift"])
        #expect(f.field.text == "")
    }

    @Test func commaCommitsAndKeepsTypingAfterIt() {
        let f = TagInputFixture()
        f.input.focusField()
        f.type("x11,lin")
        #expect(f.titles == ["x11"])
        #expect(f.field.text == "lin")
    }

    @Test func emptyAndDuplicateTitlesAreRejectedWithABriefHint() {
        let f = TagInputFixture(titles: ["Swift"])
        var rejections: [TagRejection] = []
        f.input.onReject = { _, reason in rejections.append(reason) }
        f.input.focusField()
        f.type("swift")
        f.key(.enter)
        #expect(f.titles == ["Swift"])
        #expect(rejections == [.duplicate])
        #expect(f.input.isShowingRejectionHint)
        #expect(f.field.text == "swift")
        #expect(f.platform.pendingTimerDelays.first.map { abs($0 - 0.4) < 1e-9 } == true)
        f.platform.advance(by: 0.4)
        #expect(!f.input.isShowingRejectionHint)
        f.field.text = "   "
        f.key(.enter)
        #expect(rejections == [.duplicate, .empty])
    }

    @Test func duplicatesCanBeCaseSensitiveOrAllowed() {
        let f = TagInputFixture(titles: ["Swift"])
        f.input.duplicateMatching = .exact
        #expect((try? f.input.addTag("swift").get())?.title == "swift")
        #expect(f.input.addTag("Swift") == .failure(.duplicate))
        f.input.duplicateMatching = .allowed
        #expect((try? f.input.addTag("Swift").get()) != nil)
        #expect(f.titles == ["Swift", "swift", "Swift"])
    }

    @Test func maximumTagCountStopsAdding() {
        let f = TagInputFixture(titles: ["a", "b"])
        f.input.maximumTagCount = 3
        #expect(f.input.addTags(["c", "d"]).tags.map(\.title) == ["c"])
        #expect(f.input.addTag("e") == .failure(.limitReached))
        #expect(f.titles == ["a", "b", "c"])
    }

    @Test func shouldAddNormalisesOrRefuses() {
        final class Delegate: TagInputViewDelegate {
            var events: [String] = []
            func tagInputView(_ view: TagInputView, shouldAddTagWithTitle title: String) -> String? {
                title.hasPrefix("#") ? nil : title.lowercased()
            }
            func tagInputView(_ view: TagInputView, didAdd tag: XKitCore.Tag) { events.append("add \(tag.title)") }
            func tagInputView(_ view: TagInputView, didRemove tag: XKitCore.Tag) { events.append("remove \(tag.title)") }
            func tagInputView(_ view: TagInputView, didSelect tag: XKitCore.Tag) { events.append("select \(tag.title)") }
            func tagInputView(_ view: TagInputView, didDeselect tag: XKitCore.Tag) { events.append("deselect \(tag.title)") }
        }
        let f = TagInputFixture()
        let delegate = Delegate()
        f.input.delegate = delegate
        f.input.shouldAdd = { title in title.replacingSpaces() }
        #expect(f.input.addTag("Hello World") == .success(f.input.tags.last ?? XKitCore.Tag(id: -1, title: "")))
        #expect(f.titles == ["hello-world"])
        #expect(f.input.addTag("#x") == .failure(.refused))
        let id = f.input.tags[0].id
        f.input.selectTag(id: id)
        f.input.removeTag(id: id)
        #expect(delegate.events == ["add hello-world", "select hello-world", "remove hello-world"])
    }

    @Test func backspaceInTheEmptyFieldSelectsThenRemovesTheLastChip() {
        let f = TagInputFixture(titles: ["a", "b", "c"])
        var selected: [String] = []
        f.input.onSelect = { tag in selected.append(tag.title) }
        f.input.focusField()
        f.key(.backspace)
        #expect(f.titles == ["a", "b", "c"])
        #expect(selected == ["c"])
        #expect(f.input.visibleChips.last?.isSelected == true)
        f.key(.backspace)
        #expect(f.titles == ["a", "b"])
        f.key(.backspace)
        f.type("z")
        f.key(.backspace)
        f.key(.backspace)
        #expect(f.titles == ["a", "b"])
    }

    @Test func arrowsMoveFocusBetweenChipsAndDeleteRemovesTheFocusedOne() {
        let f = TagInputFixture(titles: ["a", "b", "c"])
        f.input.focusField()
        f.key(.left)
        #expect(f.input.focusedTag?.title == "c")
        f.key(.left); f.key(.left); f.key(.left)
        #expect(f.input.focusedTag?.title == "a")
        f.key(.right)
        #expect(f.input.focusedTag?.title == "b")
        f.key(.delete)
        #expect(f.titles == ["a", "c"])
        #expect(f.input.focusedTag?.title == "c")
        f.key(.backspace)
        #expect(f.titles == ["a"])
        #expect(f.input.focusedTag?.title == "a")
        f.key(.right)
        #expect(f.field.isFirstResponder)
    }

    @Test func clickingAChipSelectsItAndTheCrossRemovesIt() {
        let f = TagInputFixture(titles: ["one", "two"])
        var events: [String] = []
        f.input.onSelect = { tag in events.append("select \(tag.title)") }
        f.input.onDeselect = { tag in events.append("deselect \(tag.title)") }
        f.input.onRemove = { tag in events.append("remove \(tag.title)") }
        let chips = f.input.visibleChips
        let first = chips[0].convert(chips[0].bounds, to: nil)
        f.click(Point(x: first.minX + 12, y: first.midY))
        let second = chips[1].convert(chips[1].bounds, to: nil)
        f.click(Point(x: second.minX + 12, y: second.midY), time: 1)
        let cross = chips[1].convert(chips[1].removeButtonRect, to: nil)
        f.click(cross.center, time: 2)
        #expect(events == ["select one", "deselect one", "select two", "remove two"])
        #expect(f.titles == ["one"])
    }

    @Test func suggestionsFilterAsYouTypeAndTheKeyboardPicksThem() {
        let f = TagInputFixture(titles: ["linux"], suggestions: ["ui", "desktop", "x11", "linux", "Москва", "unix"])
        #expect(f.input.suggestionBar.items == ["ui", "desktop", "x11", "Москва", "unix"])
        f.input.focusField()
        f.type("u")
        #expect(f.input.suggestionBar.items == ["ui", "unix"])
        f.field.text = ""
        f.type("мос")
        #expect(f.input.suggestionBar.items == ["Москва"])
        f.key(.down)
        f.key(.enter)
        #expect(f.titles == ["linux", "Москва"])
        #expect(f.field.text == "")
        #expect(!f.input.suggestionBar.items.contains("Москва"))
    }

    @Test func upAndDownMoveBetweenChipRowsToTheNearestChipAndDownFromTheLastRowReachesTheField() throws {
        // Equal titles make equal chips, so the flow is a grid and "straight above" is the same column.
        let titles: [String] = (10...21).map { "tag\($0)" }
        let f = TagInputFixture(titles: titles, width: 300)
        let frame = { (chip: TagChip) in f.input.contentFrame(of: chip) }
        let chips = f.input.visibleChips.sorted { (frame($0).minY, frame($0).minX) < (frame($1).minY, frame($1).minX) }
        let firstRowY = frame(try #require(chips.first)).minY
        let perRow = chips.prefix { frame($0).minY == firstRowY }.count
        #expect(perRow > 1 && perRow * 2 < titles.count, "\(perRow) chips a row")
        let start = perRow + 1  // second row, second column
        f.input.focusChip(at: start)
        f.key(.up)
        #expect(f.input.focusedTag?.title == titles[start - perRow])
        f.key(.up)
        #expect(f.input.focusedTag?.title == titles[start - perRow], "the first row has nothing above")
        f.key(.down)
        f.key(.down)
        #expect(f.input.focusedTag?.title == titles[start + perRow])
        var presses = 0
        while f.input.focusedTag != nil && presses < 10 {
            f.key(.down)
            presses += 1
        }
        #expect(f.field.isFirstResponder, "down from the last row goes to the field")
    }

    @Test func clickingASuggestionAddsIt() {
        let f = TagInputFixture(suggestions: ["東京", "서울"])
        f.input.frame.size.height = f.input.sizeThatFits(Size(width: 400, height: .infinity)).height
        f.root.layoutIfNeeded()
        let button = f.input.suggestionBar.subviews[1]
        f.click(button.convert(button.bounds, to: nil).center)
        #expect(f.titles == ["서울"])
    }

    @Test func pastedCommasOrLinesAddEachTagValidated() {
        let f = TagInputFixture(titles: ["b"])
        f.input.focusField()
        #expect(f.input.handlePaste("a, b, c"))
        #expect(f.titles == ["b", "a", "c"])
        #expect(f.input.handlePaste("d\ne\r\n\nf\n"))
        #expect(f.titles == ["b", "a", "c", "d", "e", "f"])
        #expect(!f.input.handlePaste("plain"))
        #expect(f.input.split("x, y,z") == ["x", " y", "z"])
    }

    @Test func pasteThroughThePlatformPasteboardAddsThree() async {
        let f = TagInputFixture()
        let clipboard = f.clipboard
        f.input.focusField()
        clipboard.strings[.clipboard] = "a, b, c"
        #expect(await f.field.paste(from: .clipboard))
        #expect(f.titles == ["a", "b", "c"])
    }

    @Test func tagsAreObservable() {
        let f = TagInputFixture()
        var changes = 0, actions = 0
        f.input.onTagsChange = { _ in changes += 1 }
        f.input.addAction(for: .valueChanged) { _ in actions += 1 }
        f.input.tags = [XKitCore.Tag(title: "p"), XKitCore.Tag(title: "q")]
        f.input.addTag("r")
        #expect(changes == 2 && actions == 2)
    }

    @Test func heightForWidthMatchesTheFlow() {
        let f = TagInputFixture(titles: ["alpha", "beta", "gamma", "delta"], width: 200)
        // Chips: 10 per character + 20 padding + 20 for the ×; rows of 26 with 8 spacing, 8 insets.
        let h = f.input.sizeThatFits(Size(width: 200, height: .infinity)).height
        let flow = f.input.flowLayout.layout(f.input.tags.map { _ in Size(width: 0, height: 0) }, width: 200)
        #expect(flow.rows.count == 1)
        #expect(h == f.input.contentHeight)
        f.input.maximumHeight = 40
        #expect(f.input.sizeThatFits(Size(width: 200, height: .infinity)).height == 40)
    }
}

@MainActor
@Suite struct TagInputScalingTests {
    static let manyTitles = (0..<10_000).map { "tag\($0)" }

    @Test func tenThousandTagsCreateOnlyTheVisibleChips() {
        let f = TagInputFixture(titles: TagInputScalingTests.manyTitles, height: 300)
        let visible = f.input.visibleChips
        #expect(visible.count > 10)
        #expect(visible.count < 120)
        #expect(f.input.chipViewCount == visible.count)
        #expect(visible.first?.tag.title == "tag0")
        #expect(f.input.contentHeight > 10_000)
        f.input.setContentOffset(5_000)
        f.root.layoutIfNeeded()
        let later = f.input.visibleChips
        #expect(f.input.chipViewCount <= visible.count + 12)
        #expect(later.allSatisfy { f.input.contentFrame(of: $0).maxY > 5_000 && f.input.contentFrame(of: $0).minY < 5_300 })
    }

    @Test func scrollingKeepsTheFocusedChipVisible() {
        let f = TagInputFixture(titles: TagInputScalingTests.manyTitles, height: 300)
        f.input.focusField()
        #expect(f.input.contentOffset > 10_000)
        f.key(.left)
        #expect(f.input.focusedTag?.title == "tag9999")
        f.input.focusChip(at: 20)
        let chip = f.input.visibleChips.first { $0.tag.title == "tag20" }
        let frame = chip.map { f.input.contentFrame(of: $0) } ?? .zero
        #expect(frame.minY >= f.input.contentOffset && frame.maxY <= f.input.contentOffset + 300)
        f.input.focusChip(at: 5_000)
        #expect(f.input.focusedTag?.title == "tag5000")
        let offset = f.input.contentOffset
        let focused = f.input.visibleChips.first { $0.isFirstResponder }.map { f.input.contentFrame(of: $0) } ?? .zero
        #expect(focused.minY >= offset && focused.maxY <= offset + 300)
    }

    @Test func wheelScrollsAndTheScrollBarFollows() {
        let f = TagInputFixture(titles: Array(TagInputScalingTests.manyTitles.prefix(500)), height: 200)
        #expect(!f.input.scrollBar.isHidden)
        f.host.eventRouter.handle(PointerEvent(kind: .scroll, location: Point(x: 50, y: 50), button: .scrollDown, time: 0))
        #expect(f.input.contentOffset == 96)
        #expect(f.input.scrollBar.offset == 96)
    }
}

private extension String {
    func replacingSpaces() -> String { String(map { $0 == " " ? "-" : $0 }) }
}
