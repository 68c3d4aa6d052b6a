import Testing
@_spi(Testing) import XKitCore
import XKitHeadless

/// Text that needs shaping is shaped a word at a time; layout, carets and drawing use those glyphs.
@MainActor
@Suite struct WordShapingTests {
    private func lay(_ text: String, width: Double = .infinity, measurer: LigatureMeasurer) -> TextLayout {
        TextLayout(AttributedText(text), maxWidth: width, measurer: measurer)
    }

    @Test func simpleTextKeepsThePerClusterPath() {
        let measurer = LigatureMeasurer()
        let layout = lay("Hello world, Привет мир 日本語 한국어 Tiếng Việt có dấu", measurer: measurer)
        #expect(measurer.shaped.isEmpty)
        #expect(layout.shapedWords.isEmpty)
    }

    @Test func complexTextIsShapedAWordAtATimeAndEachDistinctWordOnce() {
        let measurer = LigatureMeasurer()
        let layout = lay("ملا ملا كتب", measurer: measurer)
        #expect(measurer.shaped == ["ملا", "كتب"])
        #expect(layout.shapedWords.map(\.word.text) == ["ملا", "ملا", "كتب"])
        // Multi-scalar clusters (a conjunct, a decomposed accent, an emoji sequence) are shaped; precomposed Vietnamese is not.
        let mixed = LigatureMeasurer()
        _ = lay("नमस्ते ệ e\u{301} 👍🏽 🙂", measurer: mixed)
        #expect(mixed.shaped == ["नमस्ते", "e\u{301}", "👍🏽"])
    }

    @Test func wordsEndAtAttributeRuns() {
        let measurer = LigatureMeasurer()
        var text = AttributedText("كتب")
        text.append(AttributedText("ملا", font: .system, color: .red))
        let layout = TextLayout(text, measurer: measurer)
        #expect(layout.shapedWords.map(\.word.text) == ["كتب", "ملا"])
    }

    @Test func aLigatureSplitsItsAdvanceEvenlyBetweenItsCharacters() {
        let layout = lay("ملا", measurer: LigatureMeasurer())
        // م 10, then the lam-alef ligature's 14 as 7 and 7.
        #expect((0...3).map { layout.caretX(beforeCharacter: $0) } == [0, 10, 17, 24])
        #expect(layout.size.width == 24)
        let word = layout.shapedWords.first?.word
        #expect(word?.runs.first?.glyphs == [0x645, LigatureMeasurer.ligature])
    }

    @Test func rightToLeftWordsAreShapedRightToLeftAndCaretsFollow() {
        let measurer = LigatureMeasurer(segmenter: RightToLeftSegmenter())
        let layout = lay("ملا", measurer: measurer)
        let word = layout.shapedWords.first?.word
        #expect(word?.isRightToLeft == true)
        #expect(word?.runs.first?.glyphs == [LigatureMeasurer.ligature, 0x645])
        // م is on the right; the ligature's two halves go leftwards from it.
        #expect((0...3).map { layout.caretX(beforeCharacter: $0) } == [24, 14, 7, 0])
        let string = "ملا"
        #expect(layout.characterIndex(at: Point(x: 20, y: 5)) == string.startIndex)
        #expect(layout.characterIndex(at: Point(x: 3, y: 5)) == string.index(string.startIndex, offsetBy: 2))
    }

    @Test func drawingDrawsTheGlyphsLayoutMeasured() {
        let layout = TextLayout(AttributedText("ab ملا", font: .system, color: .black), measurer: LigatureMeasurer())
        let context = RecordingRenderer()
        layout.draw(in: context, at: Point(x: 5, y: 100))
        #expect(context.calls == [
            .text("ab ", .system, .black, Point(x: 5, y: 110)),
            .glyphs("ملا", [0x645, LigatureMeasurer.ligature], .system, .black, Point(x: 35, y: 110)),
        ])
    }

    @Test func linesWrapBetweenShapedWords() {
        let measurer = LigatureMeasurer()
        let string = "ملا كتب ملا كتب ملا"
        let layout = lay(string, width: 45, measurer: measurer)
        #expect(layout.lineCount > 2)
        let starts = Set(layout.shapedWords.map(\.range.lowerBound))
        for line in layout.lines { #expect(starts.contains(line.range.lowerBound)) }
    }

    @Test func aWordWrappedForWantOfRoomDrawsEachGlyphOnceWhereLayoutPutsIt() {
        let layout = lay("كملاملاملا", width: 35, measurer: LigatureMeasurer())
        #expect(layout.lineCount > 1)
        let context = RecordingRenderer()
        layout.draw(in: context, at: .zero)
        let string = layout.attributedText.string
        let word = layout.shapedWords.first?.word
        var drawn: [UInt32] = []
        for (k, call) in context.calls.enumerated() {
            guard case .glyphs(let text, let ids, _, _, let origin) = call, let word else { continue }
            drawn += ids
            // Each line draws its part of the word, whose first cluster sits at the line's left edge.
            let line = layout.lines[k]
            #expect(String(string[line.range]) == text)
            let first = string.distance(from: string.startIndex, to: line.range.lowerBound)
            #expect(origin.x + word.clusterX[first] == 0)
            #expect(origin.y == line.baseline)
        }
        #expect(drawn == word?.runs.first?.glyphs)
    }

    @Test func aChipIsAsWideAsItsShapedTitle() {
        let measurer = LigatureMeasurer()
        let scene = HeadlessScene(size: Size(width: 400, height: 200), measurer: measurer)
        let input = TagInputView(titles: ["ملا", "abc"])
        input.frame = Rect(x: 0, y: 0, width: 400, height: 200)
        scene.root.addSubview(input)
        input.layoutIfNeeded()
        let widths = input.visibleChips.sorted { input.contentFrame(of: $0).minX < input.contentFrame(of: $1).minX }.map(\.frame.width)
        let metrics = input.chipMetrics
        let lineHeight = measurer.metrics(for: metrics.font).lineHeight
        // The lam-alef ligature makes the title 24 wide, not 3 × 10.
        #expect(widths == [24.0, 30.0].map { metrics.size(titleWidth: $0, lineHeight: lineHeight, showsRemoveButton: true).width })
    }

    /// Random mixes of shaped words, spaces, line breaks and Latin at random widths and line limits,
    /// in both directions: every visible glyph of every shaped word is drawn exactly once.
    @Test func everyVisibleGlyphIsDrawnOnce() {
        let pieces = ["ملا", "كتب", "كملاملاملا", " ", " ", "abc", "\n", "नमस्ते", "(", ")", "-", "e\u{301}"]
        var seed: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for round in 0..<400 {
            let string = (0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined()
            let segmenter: TextSegmenter = round % 2 == 0 ? BasicTextSegmenter.shared : RightToLeftSegmenter()
            let layout = TextLayout(AttributedText(string), maxWidth: Double(next(120)), alignment: .natural,
                                    numberOfLines: next(4), measurer: LigatureMeasurer(segmenter: segmenter))
            let context = RecordingRenderer()
            layout.draw(in: context, at: .zero)
            let drawn = context.calls.reduce(0) { n, call in
                if case .glyphs(_, let ids, _, _, _) = call { return n + ids.count }
                return n
            }
            let hidden = layout.truncatedRange?.lowerBound ?? string.endIndex
            var visible = 0
            for (range, word) in layout.shapedWords {
                for run in word.runs {
                    visible += run.clusters.filter { string.index(range.lowerBound, offsetBy: $0) < hidden }.count
                }
            }
            #expect(drawn == visible, "round \(round): \(string.debugDescription) drew \(drawn) of \(visible) glyphs")
        }
    }
}
