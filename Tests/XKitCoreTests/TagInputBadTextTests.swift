import Testing
@testable import XKitCore

/// Titles that show nothing are refused like duplicates; visible text keeps every character it has.
@MainActor
@Suite(.serialized) struct TagInputBadTextTests {
    /// A fixture on the headless platform, whose clock holds the hint's timer until advanced, so the flash can be seen.
    private func withHeldHint(_ body: (TagInputFixture, Rejections) -> Void) {
        let f = TagInputFixture(titles: ["keep"])
        let rejections = Rejections()
        f.input.onReject = { _, reason in rejections.reasons.append(reason) }
        f.input.focusField()
        body(f, rejections)
    }

    final class Rejections { var reasons: [TagRejection] = [] }

    nonisolated static let invisibleTitles = [
        "\0\0", "\u{200F}", "\u{200E}\u{200B}", "\u{FEFF}", "\u{1}\u{7F}\u{9F}", "\u{202E}\u{2066}\u{2069}",
        "\u{200D}", "\u{00AD}", "\u{2060}", "\u{3164}", "\u{FE0F}", " \u{0}\t\u{200B} ", "\u{E0001}",
    ]

    @Test(arguments: invisibleTitles) func aTitleOfOnlyInvisibleCharactersIsRefusedWithTheHint(_ title: String) {
        withHeldHint { f, rejections in
            f.field.text = title
            f.key(.enter)
            #expect(f.titles == ["keep"])
            #expect(rejections.reasons == [.empty])
            #expect(f.input.isShowingRejectionHint)
            #expect(f.input.addTag(title) == .failure(.empty))
        }
    }

    @Test func invisibleCharactersAreCutFromTheEndsOnly() {
        let cases: [(String, String)] = [
            ("\u{200F}shalom\u{200F}", "shalom"),
            ("\u{FEFF}bom", "bom"),
            ("\0swift\u{1}", "swift"),
            ("\u{202E}x\u{202C}", "x"),
            ("a\u{200B}b", "a\u{200B}b"),                                   // interior ZWSP stays
            ("a\0b", "a\0b"),                                               // interior control stays
            ("👨\u{200D}👩\u{200D}👧", "👨\u{200D}👩\u{200D}👧"),                 // ZWJ sequence intact
            ("❤\u{FE0F}", "❤\u{FE0F}"),                                     // emoji presentation kept
            ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
             "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"),  // subdivision flag kept
            ("می\u{200C}خواهم", "می\u{200C}خواهم"),                           // ZWNJ inside a word kept
            ("👍\u{200D}", "👍"),                                             // a ZWJ that joins nothing goes
            ("  Đà Lạt\u{2028}", "Đà Lạt"),
        ]
        for (raw, expected) in cases {
            #expect(TagTitle.trimmed(raw).unicodeScalars.elementsEqual(expected.unicodeScalars),
                    "\(raw.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        let f = TagInputFixture()
        #expect((try? f.input.addTag("\u{200F}shalom\u{200F}").get())?.title == "shalom")
        #expect(f.input.addTag("shalom\u{FEFF}") == .failure(.duplicate))
    }

    @Test func pastedPiecesOfOnlyInvisibleCharactersAreRefusedAndBlankOnesSkipped() {
        withHeldHint { f, rejections in
            #expect(f.input.handlePaste("a\n\n  \n\0\0\nb,\u{200F},c\n"))
            #expect(f.titles == ["keep", "a", "b", "c"])
            #expect(rejections.reasons == [.empty, .empty])
            #expect(f.input.isShowingRejectionHint)
        }
    }

    @Test func blankPiecesOfAPasteAloneAreSkippedWithoutAHint() {
        withHeldHint { f, rejections in
            #expect(f.input.handlePaste("x\n\n \r\n"))
            #expect(f.titles == ["keep", "x"])
            #expect(rejections.reasons.isEmpty)
            #expect(!f.input.isShowingRejectionHint)
        }
    }

    @Test func typedPiecesOfOnlyInvisibleCharactersAreRefused() {
        withHeldHint { f, rejections in
            f.field.text = "\u{200F}"
            f.type(",")
            #expect(f.titles == ["keep"])
            #expect(rejections.reasons == [.empty])
        }
    }

    @Test func initialTitlesAndSuggestionsDropInvisibleOnes() {
        let f = TagInputFixture(titles: ["\0", "ok", "\u{200F}"], suggestions: ["\u{FEFF}", "more"])
        #expect(f.titles == ["ok"])
        #expect(f.input.suggestions == ["more"])
    }
}
