import Foundation
import Testing
import XKit
import XKitTesting

/// UAX #9 through FriBidi and XKit's line reordering, against the Unicode Consortium's
/// BidiCharacterTest.txt (read at test time from Debian's unicode-data), and mixed-direction layout.
@Suite struct BidiConformanceTests {
    static let path = "/usr/share/unicode/BidiCharacterTest.txt"

    /// Fixed advances (10 per cluster) with the X11 backend's segmenter (ICU + FriBidi).
    final class BidiMeasurer: TextMeasurer {
        let textSegmenter: TextSegmenter = ICUTextSegmenter()
        func metrics(for font: Font) -> FontMetrics { FontMetrics(ascent: 10, descent: 3) }
        func advance(of character: Character, in font: Font) -> Double { 10 }
    }

    /// Every line: `code points;direction (0 LTR, 1 RTL, 2 auto);paragraph level;levels;visual order`.
    /// Checked: the paragraph level, every level (characters X9 removes, shown as `x`, are skipped),
    /// and the visual order `BidiReordering.visualOrder` gives the remaining characters.
    @Test func bidiCharacterTestPasses() throws {
        let data = try #require(FileManager.default.contents(atPath: Self.path), "apt-get install -y unicode-data")
        let segmenter = ICUTextSegmenter()
        var total = 0, passed = 0
        var failures: [Int] = []
        for (n, raw) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            guard let c = raw.first, c != "#" else { continue }
            let fields = raw.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let direction: TextDirection? = fields[1] == "0" ? .leftToRight : fields[1] == "1" ? .rightToLeft : nil
            let expectedParagraph = UInt8(fields[2]) ?? 255
            let expectedLevels = fields[3].split(separator: " ").map { UInt8($0) } // nil for "x"
            let expectedOrder = fields[4].split(separator: " ").compactMap { Int($0) }
            total += 1
            guard let resolved = segmenter.bidiLevels(ofParagraph: scalars, direction: direction) else {
                failures.append(n + 1)
                continue
            }
            let kept = expectedLevels.indices.filter { expectedLevels[$0] != nil }
            let levelsMatch = resolved.paragraphLevel == expectedParagraph
                && kept.allSatisfy { resolved.levels[$0] == expectedLevels[$0] }
            let order = BidiReordering.visualOrder(levels: kept.map { resolved.levels[$0] }).map { kept[$0] }
            if levelsMatch && order == expectedOrder { passed += 1 } else { failures.append(n + 1) }
        }
        print("BidiCharacterTest.txt: \(passed) of \(total) pass; first failures at lines \(failures.prefix(10))")
        #expect(total > 90_000)
        #expect(failures.isEmpty)
    }

    @Test func anRTLParagraphIsRightAlignedAndReadsRightToLeft() {
        let text = "שלום abc" // RTL paragraph (first strong is Hebrew) with an LTR word
        let layout = TextLayout(AttributedText(text), maxWidth: 200, alignment: .natural, measurer: BidiMeasurer())
        let line = layout.lines[0]
        #expect(line.rect.maxX == 200)
        // Visual order left to right: "abc", the space, then שלום reversed.
        let drawn = line.fragments.map { ($0.isRightToLeft ? String($0.text.reversed()) : String($0.text)) }.joined()
        #expect(drawn == "abc " + String("שלום".reversed()))
    }

    @Test func aRangeAcrossADirectionChangeGivesSeveralRectsOnOneLine() throws {
        let text = "abc שלום def"
        let layout = TextLayout(AttributedText(text), maxWidth: 400, measurer: BidiMeasurer())
        // "c שׁ": the end of the LTR word, the space and the first Hebrew letter (drawn at the right of its word).
        let lo = text.index(text.startIndex, offsetBy: 2), hi = text.index(text.startIndex, offsetBy: 5)
        let rects = layout.rects(for: lo..<hi)
        #expect(rects.count == 2)
        #expect(rects.map(\.width).reduce(0, +) == 30)
        // Hit testing agrees with the rects: the first Hebrew letter is where its rect is.
        let hebrew = try #require(rects.max { $0.minX < $1.minX })
        let hit = layout.characterIndex(at: Point(x: hebrew.midX, y: 5))
        #expect(hit.map { text.distance(from: text.startIndex, to: $0) } == 4)
    }

    @Test func caretIndexInRightToLeftTextCountsFromTheRightEdge() {
        let text = "שלום"
        let layout = TextLayout(AttributedText(text), measurer: BidiMeasurer())
        // The first letter ש is drawn rightmost (x 30..40): its right half is before it.
        let before = layout.caretIndex(at: Point(x: 38, y: 5))
        #expect(text.distance(from: text.startIndex, to: before.index) == 0)
        let after = layout.caretIndex(at: Point(x: 32, y: 5))
        #expect(text.distance(from: text.startIndex, to: after.index) == 1)
    }

    @Test func anExplicitDirectionOverridesTheFirstStrongCharacter() {
        let layout = TextLayout(AttributedText("abc שלום"), maxWidth: 200, alignment: .natural,
                                direction: .rightToLeft, measurer: BidiMeasurer())
        #expect(layout.lines[0].rect.maxX == 200)
        let ltr = TextLayout(AttributedText("abc שלום"), maxWidth: 200, alignment: .natural, measurer: BidiMeasurer())
        #expect(ltr.lines[0].rect.minX == 0)
    }
}

/// The hit-test fuzzer over Unicode line breaking and bidi (random scripts and direction controls).
@Suite struct BidiFuzzTests {
    @Test func randomBidiTextHitTestsKeepTheirInvariants() {
        var fuzzer = TextHitTestFuzzer(seed: 0xB1D1, segmenter: ICUTextSegmenter())
        switch fuzzer.run(count: 2_000) {
        case .success(let stats): #expect(stats.hits > 1_000)
        case .failure(let failure): Issue.record("\(failure)")
        }
    }
}

/// The caret's x in mixed-direction text (what the text field draws).
@Suite struct BidiCaretTests {
    @Test func theCaretStandsAtTheLeadingEdgeOfTheCharacterItPrecedes() {
        let layout = TextLayout(AttributedText("abשל"), measurer: BidiConformanceTests.BidiMeasurer())
        // Visual: a b ל ש; "ש" (offset 2) is drawn at 30..40, "ל" at 20..30.
        #expect(layout.caretX(beforeCharacter: 0) == 0)
        #expect(layout.caretX(beforeCharacter: 2) == 40) // before ש: its right edge
        #expect(layout.caretX(beforeCharacter: 3) == 30) // before ל
        #expect(layout.caretX(beforeCharacter: 4) == 20) // the end: the trailing (left) edge of ל
    }
}
