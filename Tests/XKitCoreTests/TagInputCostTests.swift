import Testing
@_spi(Testing) @testable import XKitCore

/// What one key or one paste costs, counted in whole-list passes (`wholeListWork`: tags visited by
/// indexing, measuring and flowing) rather than timed, so a loaded machine cannot flip the result.
@MainActor
@Suite(.serialized) struct TagInputCostTests {
    static let count = 100_000
    static let paste = (0..<count).map { "tag\($0)-" + String(repeating: "x", count: 20) }.joined(separator: "\n")

    /// One long scenario, so the 100,000-tag paste is paid for once: the paste, then typing, adding,
    /// a refused duplicate and Backspace twice, each bounded in whole-list passes.
    @Test func keysCostTheSameWithAHundredThousandTags() {
        let n = TagInputCostTests.count
        let f = TagInputFixture(height: 300, suggestions: ["tagline", "tagger", "other"])
        f.input.focusField()
        #expect(f.input.handlePaste(TagInputCostTests.paste))
        f.root.layoutIfNeeded()
        #expect(f.input.tags.count == n)
        // The paste: measuring once and flowing at the two widths (with and without the scroll bar).
        #expect(f.input.wholeListWork <= 3 * n)
        #expect(f.input.chipViewCount < 100)

        // A letter (with suggestions to filter) visits no tag at all.
        f.input.wholeListWork = 0
        f.type("tagl")
        #expect(f.input.filteredSuggestions == ["tagline"])
        #expect(f.input.wholeListWork == 0)

        // Adding one: only the flow is redone over the list, at the two widths; re-measuring or
        // re-indexing every tag would add another n + 1.
        f.field.text = "zebra"
        f.input.wholeListWork = 0
        f.key(.enter)
        #expect(f.input.tags.last?.title == "zebra")
        #expect(f.input.wholeListWork <= 2 * (n + 1))

        // A duplicate is found in the index, without a pass.
        f.input.wholeListWork = 0
        f.field.text = "TAG7-" + String(repeating: "x", count: 20)
        f.key(.enter)
        #expect(f.input.tags.count == n + 1)
        #expect(f.input.isShowingRejectionHint)
        #expect(f.input.wholeListWork == 0)

        // Backspace selects, then removes the last tag: sizes and keys are updated, not rebuilt.
        f.field.text = ""
        f.input.wholeListWork = 0
        f.key(.backspace)
        f.key(.backspace)
        #expect(f.input.tags.count == n)
        #expect(f.input.wholeListWork <= 2 * (n + 1))
        #expect(f.input.addTag("zebra") != .failure(.duplicate))
    }

    @Test func aPasteStopsAtItsLimitAndKeepsWhatFollowedTheCaret() {
        let f = TagInputFixture()
        f.input.maximumTagsPerPaste = 3
        f.input.focusField()
        f.field.text = "tail"
        f.field.moveCaret(to: 0)
        #expect(f.input.handlePaste("a\nb\nc\nd\ne\n"))
        #expect(f.titles == ["a", "b", "c"])
        #expect(f.input.isShowingRejectionHint)
        #expect(f.field.text == "tail")
        // Exactly at the limit with nothing visible left is not cut short.
        let g = TagInputFixture()
        g.input.maximumTagsPerPaste = 2
        #expect(g.input.handlePaste("p\nq\n\n , \n"))
        #expect(g.titles == ["p", "q"])
        #expect(!g.input.isShowingRejectionHint)
    }

    @Test func caseFoldedKeysShareTheTitlesStorage() {
        let title = "already-lower-case-and-long-enough-to-live-on-the-heap"
        func address(_ s: String) -> UnsafeRawPointer? {
            var s = s
            return s.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(address(TagTitleIndex.folded(title)) == address(title))
        #expect(TagTitleIndex.folded("Mixed-Case") == "mixed-case")
        var index = TagTitleIndex(tags: [XKitCore.Tag(title: "Swift"), XKitCore.Tag(title: "swift")], matching: .exact)
        #expect(index.contains("SWIFT", matching: .caseInsensitive))
        #expect(!index.contains("SWIFT", matching: .exact))
        index.remove("Swift")
        #expect(index.contains("SWIFT", matching: .caseInsensitive))
        index.remove("swift")
        #expect(!index.containsIgnoringCase("swift"))
    }
}
