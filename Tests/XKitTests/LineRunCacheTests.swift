import Testing
@testable import XKit

/// The kept glyph runs of whole lines: found only for the same bytes, emptied when full, and, moved
/// to a pen, covering every glyph the clipped planner would draw.
@Suite struct LineRunCacheTests {
    private func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var text = text
        return text.withUTF8(body)
    }

    @Test func aLineIsFoundOnlyByItsOwnBytesEvenWhenHashesCollide() {
        var cache = LineRunCache()
        let first = [GlyphRun(font: 0, x: 0, utf8: Array("Chào".utf8), glyphCount: 4, advance: 30)]
        let second = [GlyphRun(font: 1, x: 0, utf8: Array("Привет".utf8), glyphCount: 6, advance: 50)]
        withBytes("Chào") { cache.insert(first, for: $0, hash: 7) }
        // A second line under the same hash, as a collision would put it.
        withBytes("Привет") { cache.insert(second, for: $0, hash: 7) }
        #expect(withBytes("Chào") { cache.runs(for: $0, hash: 7) } == first)
        #expect(withBytes("Привет") { cache.runs(for: $0, hash: 7) } == second)
        #expect(withBytes("Chào!") { cache.runs(for: $0, hash: 7) } == nil)
        #expect(withBytes("Chào") { cache.runs(for: $0, hash: 8) } == nil)
    }

    @Test func aFullCacheStartsAgainRatherThanGrowing() {
        var cache = LineRunCache()
        for n in 0..<LineRunCache.capacity {
            withBytes("line \(n)") { cache.insert([], for: $0, hash: LineRunCache.hash($0)) }
        }
        #expect(withBytes("line 0") { cache.runs(for: $0, hash: LineRunCache.hash($0)) } == [])
        withBytes("one more") { cache.insert([], for: $0, hash: LineRunCache.hash($0)) }
        #expect(withBytes("line 0") { cache.runs(for: $0, hash: LineRunCache.hash($0)) } == nil, "emptied at capacity")
        #expect(withBytes("one more") { cache.runs(for: $0, hash: LineRunCache.hash($0)) } == [])
    }

    @Test func keptRunsMovedToAPenCoverEveryGlyphTheClippedPlannerDraws() {
        let text: Substring = "Giá vé: 250.000 ₫ — Привет — コピー可能 — 복사 and a little more text to cross the clip"
        // Fonts change with the script, advances vary, so runs break in many places.
        let font: (Character) -> Int = { $0.unicodeScalars.first.map { Int($0.value >> 8) % 3 } ?? 0 }
        let advance: (Character) -> Int = { 5 + Int(($0.unicodeScalars.first?.value ?? 0) % 9) }
        var whole: [GlyphRun] = []
        GlyphRunPlanner(minX: Int.min / 4, maxX: Int.max / 4, margin: 0, maxGlyphs: 16)
            .forEachRun(in: text, startX: 0, font: font, advance: advance) { whole.append($0) }
        #expect(whole.reduce(0) { $0 + $1.advance } == text.reduce(0) { $0 + advance($1) })
        for (pen, minX, maxX) in [(0, 0, 600), (-200, 0, 300), (40, 100, 180), (500, 0, 640), (-900, 0, 600)] {
            let clipped = GlyphRunPlanner(minX: minX, maxX: maxX, margin: 8, maxGlyphs: 16)
            var drawn: [GlyphRun] = []
            clipped.forEachRun(in: text, startX: pen, font: font, advance: advance) { drawn.append($0) }
            let kept = whole.map { run -> GlyphRun in var run = run; run.x += pen; return run }.filter(clipped.mayReach)
            // Every span the clipped planner draws, in its font, is covered by kept runs of that font chosen
            // for the clip (budgets split runs at other places, so a span may take two of them).
            for run in drawn {
                var covered = run.x
                for keptRun in kept.sorted(by: { $0.x < $1.x }) where keptRun.font == run.font && keptRun.x <= covered {
                    covered = max(covered, keptRun.x + keptRun.advance)
                }
                #expect(covered >= run.x + run.advance, "pen \(pen), clip \(minX)...\(maxX): the run at \(run.x) is not covered")
            }
            // And no kept run lies wholly outside the clip and its margin.
            #expect(kept.allSatisfy { $0.x <= maxX + 8 && $0.x + $0.advance >= minX - 8 })
        }
    }
}
