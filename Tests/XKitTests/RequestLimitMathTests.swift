import Testing
@testable import XKit

/// The request budgets and the glyph-run planner, without a display.
@Suite
struct RequestLimitMathTests {
    private func runs(_ text: String, startX: Int, minX: Int = 0, maxX: Int = 600, maxGlyphs: Int,
                      advance: Int = 7, font: @escaping (Character) -> Int = { _ in 0 }) -> [GlyphRun] {
        var runs: [GlyphRun] = []
        let planner = GlyphRunPlanner(minX: minX, maxX: maxX, margin: 20, maxGlyphs: maxGlyphs)
        planner.forEachRun(in: text, startX: startX, font: font, advance: { _ in advance }) { runs.append($0) }
        return runs
    }

    @Test func aGlyphRequestAtTheBudgetStaysUnderTheCoreLimitForEveryServer() {
        for words in [1024, 4096, 65535] {
            let limits = XRequestLimits(maxRequestBytes: 16 << 20, coreMaxRequestBytes: words * 4)
            let glyphs = limits.glyphsPerRequest
            // CompositeGlyphs32: 28-byte header, 4 bytes a glyph, an 8-byte element every 254 glyphs.
            let worst = 28 + glyphs * 4 + 8 * ((glyphs + 253) / 254)
            #expect(worst <= limits.coreMaxRequestBytes / 2, "\(words) words: \(worst) bytes for \(glyphs) glyphs")
            #expect(glyphs >= 100)
        }
        // Core requests never exceed 65535 words, whatever the server says.
        #expect(XRequestLimits(maxRequestBytes: 0, coreMaxRequestBytes: 1 << 30).coreMaxRequestBytes == 65535 * 4)
    }

    @Test func propertyBudgetsLeaveRoomForTheRequestHeader() {
        let limits = XRequestLimits(maxRequestBytes: 16 << 20, coreMaxRequestBytes: 262140)
        #expect(limits.propertyItems(format: 8) == (16 << 20) - 24)
        #expect(limits.propertyItems(format: 32) * 4 + 24 <= 16 << 20)
        let small = XRequestLimits(maxRequestBytes: 4096, coreMaxRequestBytes: 4096)
        #expect(small.propertyItems(format: 8) == 4072)
        #expect(small.textPropertyBytes == 4072)
        #expect(limits.textPropertyBytes == 65536)
    }

    @Test func theLargestFontsGlyphsFitOneRequest() {
        for bytes in [4096, 262140, 16 << 20] {
            let limits = XRequestLimits(maxRequestBytes: bytes, coreMaxRequestBytes: min(bytes, 262140))
            let side = 2 * limits.maxFontPixelSize
            // A glyph box twice the pixel size, 4 bytes a pixel, plus the request's own fields.
            #expect(side * side * 4 + 1024 <= Double(bytes) || limits.maxFontPixelSize == 8)
        }
        #expect(XRequestLimits(maxRequestBytes: 16 << 20, coreMaxRequestBytes: 262140).maxFontPixelSize >= 1000)
    }

    @Test func aScrolledLongLineSendsOnlyTheGlyphsNearTheVisibleSpan() {
        let count = 300_000
        // Scrolled to the end: the last 600 px of a 2,100,000 px line show.
        let all = runs(String(repeating: "a", count: count), startX: 600 - count * 7, maxGlyphs: 13_107)
        let glyphs = all.reduce(0) { $0 + $1.glyphCount }
        #expect(glyphs > 600 / 7 && glyphs < 600 / 7 + 10, "\(glyphs) glyphs")
        #expect(all.allSatisfy { $0.x >= -20 - 7 && $0.x <= 620 })
        // The last glyph ends exactly at the span's right edge.
        if let last = all.last { #expect(last.x + last.glyphCount * 7 == 600) }
    }

    @Test func zeroWidthGlyphsAreAllDrawnInRunsUnderTheBudget() {
        let text = String(repeating: "\u{200B}", count: 10_000)
        let all = runs(text, startX: 10, maxGlyphs: 512, advance: 0)
        #expect(all.count == (10_000 + 511) / 512)
        #expect(all.allSatisfy { $0.glyphCount <= 512 && $0.x == 10 })
        #expect(all.flatMap(\.utf8) == Array(text.utf8))
    }

    @Test func runsSplitAtFontChangesAndStartWhereTheirFirstCharacterStands() {
        let all = runs("ab東京cd", startX: 0, maxGlyphs: 100, advance: 10) { $0.isASCII ? 0 : 1 }
        #expect(all.map(\.font) == [0, 1, 0])
        #expect(all.map(\.x) == [0, 20, 40])
        #expect(all.map { String(decoding: $0.utf8, as: UTF8.self) } == ["ab", "東京", "cd"])
    }

    @Test func aClusterWithMoreMarksThanOneRequestHoldsIsCut() {
        let pile = "e" + String(repeating: "\u{0301}", count: 5_000)
        let all = runs(pile + "x", startX: 0, maxGlyphs: 100)
        #expect(all.map(\.glyphCount) == [100, 1])
        #expect(all.allSatisfy { $0.glyphCount <= 100 })
    }

    @Test func controlsAdvanceButDrawNothing() {
        let all = runs("a\tb", startX: 0, maxGlyphs: 100)
        #expect(all.flatMap(\.utf8) == Array("ab".utf8))
    }

    @Test func longPolygonsAreThinnedToTheBudgetKeepingBothEnds() {
        let points = (0..<5_000).map { Point(x: Double($0), y: Double($0 % 7)) }
        let thinned = PolygonLimit.thinned(points)
        #expect(thinned.count <= PolygonLimit.maxPoints && thinned.count > PolygonLimit.maxPoints / 2)
        #expect(thinned.first == points.first && thinned.last == points.last)
        #expect(PolygonLimit.thinned(Array(points.prefix(100))) == Array(points.prefix(100)))
    }

    @Test func longTitlesAreCutAtAScalarBoundary() {
        let title = String(repeating: "é", count: 100)  // 2 bytes each
        let cut = XWindowProperty.utf8(title, maxBytes: 51)
        #expect(cut.count == 50)
        #expect(String(validating: cut, as: UTF8.self) == String(repeating: "é", count: 25))
        #expect(XWindowProperty.utf8("short", maxBytes: 51) == Array("short".utf8))
        #expect(XWindowProperty.utf8("😀😀", maxBytes: 7) == Array("😀".utf8))
    }

    @Test func theBackBufferIsTheWindowCutToTheScreen() {
        #expect(BackBuffer.pixelSize(window: (32767, 32767), screen: (1280, 1024)) == (1280, 1024))
        #expect(BackBuffer.pixelSize(window: (600, 700), screen: (1280, 1024)) == (600, 700))
        #expect(BackBuffer.pixelSize(window: (2000, 10), screen: (1280, 1024)) == (1280, 10))
    }
}
