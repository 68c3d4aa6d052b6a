import Testing
@testable import XKitCore

/// The layout after an edit scans plain text again only around the change; it must be exactly the
/// layout a full scan makes, whatever the edit, and fall back to a full scan where it cannot be.
@MainActor
@Suite struct TextLayoutEditTests {
    /// Advances that differ from scalar to scalar, so a cluster taken from the wrong place shows.
    final class ScalarWidthMeasurer: TextMeasurer {
        func metrics(for font: Font) -> FontMetrics { FontMetrics(ascent: 10, descent: 3) }
        func advance(of character: Character, in font: Font) -> Double {
            Double(character.unicodeScalars.reduce(0) { $0 &+ $1.value } % 11 + 3)
        }
    }

    /// Pieces of text: Latin, Vietnamese, Cyrillic, CJK, Hangul; marks and joiners that fuse
    /// clusters; regional indicators; URL markers; and scripts that need Unicode line breaking or shaping.
    static let pieces: [String] = [
        "a", "b", "w", " ", ".", ":", "/", "-", "ệ", "Đ", "ж", "Ю", "日", "本", "한", "국", "\u{301}", "\u{200D}",
        "🇻", "🇳", "👍", "\u{1F3FD}", "ب", "ก", "\n", "1", ",", "。", "e",
    ]

    private func randomText(_ length: Int, _ rng: inout SeededGenerator) -> String {
        (0..<length).map { _ in TextLayoutEditTests.pieces.randomElement(using: &rng) ?? "a" }.joined()
    }

    private func layout(_ text: String, measurer: TextMeasurer, editing old: TextLayout? = nil) -> TextLayout {
        var cache = AdvanceCache(measurer: measurer)
        return TextLayout(AttributedText(text, font: .system), maxWidth: 90, alignment: .left, numberOfLines: 0,
                          direction: nil, measurer: measurer, cache: &cache, editing: old)
    }

    @Test func aLayoutAfterAnEditIsTheLayoutOfAFullScan() {
        let measurer = ScalarWidthMeasurer()
        var rng = SeededGenerator(seed: 24)
        var reused = 0
        let rounds = 3_000
        for round in 0..<rounds {
            // Mostly plain text, as typed notes are; now and then a piece that needs the full scan.
            let plain = round % 4 != 0
            var text = randomText(Int.random(in: 0...(round % 3 == 0 ? 160 : 40), using: &rng), &rng)
            if plain { text = String(text.unicodeScalars.filter { $0.value < 0x300 || (0x400..<0x500).contains($0.value) || $0.value >= 0x1E00 && $0.value < 0xFFFF && $0.value != 0x200D }.map(Character.init)) }
            let old = layout(text, measurer: measurer)
            let scalars = Array(text.unicodeScalars)
            let lo = Int.random(in: 0...scalars.count, using: &rng)
            let hi = Int.random(in: lo...min(scalars.count, lo + 3), using: &rng)
            var edited = String.UnicodeScalarView()
            edited.append(contentsOf: scalars[0..<lo])
            edited.append(contentsOf: randomText(Int.random(in: 0...3, using: &rng), &rng).unicodeScalars)
            edited.append(contentsOf: scalars[hi...])
            let new = String(edited)
            var cache = AdvanceCache(measurer: measurer)
            if TextScan(AttributedText(new, font: .system), editing: old, cache: &cache) != nil { reused += 1 }
            let full = layout(new, measurer: measurer), partial = layout(new, measurer: measurer, editing: old)
            #expect(partial.offsets == full.offsets, "\(text.debugDescription) → \(new.debugDescription)")
            #expect(partial.advances == full.advances, "\(text.debugDescription) → \(new.debugDescription)")
            #expect(partial.reusableScan?.flags == full.reusableScan?.flags, "\(text.debugDescription) → \(new.debugDescription)")
            #expect(partial.lines == full.lines && partial.positions == full.positions && partial.words.count == full.words.count,
                    "\(text.debugDescription) → \(new.debugDescription)")
        }
        #expect(reused > rounds / 3, "the partial scan was taken \(reused) times of \(rounds)")
    }

    @Test func linesAfterAnEditAreTheOldLinesMovedNotBrokenAgain() throws {
        let measurer = ScalarWidthMeasurer()
        let text = String(repeating: "word ", count: 120)
        let old = layout(text, measurer: measurer)
        var edited = text
        edited.insert("x", at: edited.index(edited.startIndex, offsetBy: 12))
        var cache = AdvanceCache(measurer: measurer)
        let scan = try #require(TextScan(AttributedText(edited, font: .system), editing: old, cache: &cache))
        // A mark on the old last line: the new last line carries it only if it was moved, not broken again.
        var spans = old.lines.map { LineSpan(start: $0.start, glyphEnd: $0.glyphEnd, end: $0.end) }
        spans[spans.count - 1].glyphEnd -= 1
        let breaks = LineBreaker.breakLines(scan, maxWidth: 90, limit: 0, cache: cache, previous: spans)
        #expect(old.lineCount > 20 && breaks.spans.count == old.lineCount)
        #expect(breaks.spans.last?.glyphEnd == old.lines[old.lineCount - 1].glyphEnd, "the marked line, moved by one cluster")
        #expect(layout(edited, measurer: measurer, editing: old).lines == layout(edited, measurer: measurer).lines)
    }

    @Test func textThatNeedsTheWholeScanIsScannedWhole() {
        let measurer = ScalarWidthMeasurer()
        let plain = layout("plain words here", measurer: measurer)
        var cache = AdvanceCache(measurer: measurer)
        #expect(TextScan(AttributedText("plain words there", font: .system), editing: plain, cache: &cache) != nil)
        for edited in ["plain words he\u{301}re", "plain words به", "see http://x", "plain 🇻🇳 here", "plain ก here"] {
            #expect(TextScan(AttributedText(edited, font: .system), editing: plain, cache: &cache) == nil, "\(edited)")
        }
        #expect(layout("see http://x", measurer: measurer).reusableScan == nil, "a URL's breaks look at the whole text")
        for (before, after) in [("see www", "see www."), ("see http:/", "see http://"), ("see ww.x", "see www.x")] {
            let old = layout(before, measurer: measurer)
            #expect(old.reusableScan != nil)
            #expect(TextScan(AttributedText(after, font: .system), editing: old, cache: &cache) == nil,
                    "\(after): the edit completes a URL's marker")
        }
        var other = AdvanceCache(measurer: ScalarWidthMeasurer())
        #expect(TextScan(AttributedText("plain words there", font: .system), editing: plain, cache: &other) == nil,
                "advances from another measurer are not taken")
        var bold = AttributedText("plain", font: .bold())
        bold.append(" words there", attributes: TextAttributes(font: .system))
        #expect(TextScan(bold, editing: plain, cache: &cache) == nil, "several runs")
    }
}
