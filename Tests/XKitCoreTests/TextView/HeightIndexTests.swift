import Testing
@testable import XKitCore

/// The text view's height index against a plain array summed from the start: tops, the paragraph
/// at an offset, and edits that keep or change the paragraph count.
@Suite struct HeightIndexTests {
    /// The paragraph holding an offset, found the slow way the index replaces.
    static func linearParagraph(_ heights: [Double], at offset: Double) -> (index: Int, top: Double) {
        var top = 0.0
        for (i, h) in heights.enumerated() {
            if top + h > offset || i == heights.count - 1 { return (i, top) }
            top += h
        }
        return (0, 0)
    }

    static func linearTop(_ heights: [Double], of index: Int) -> Double { heights.prefix(index).reduce(0, +) }

    @Test func topsAndLookupsMatchALinearScanThroughRandomEdits() {
        var rng = SeededGenerator(seed: 77)
        func height() -> Double { Double(rng.next() % 6) * 8.5 }   // zero heights included; sums stay exact
        var model = (0..<500).map { _ in height() }
        var index = HeightIndex(model)
        for step in 0..<2_000 {
            switch rng.next() % 3 {
            case 0:
                let i = Int(rng.next() % UInt64(model.count))
                let h = height()
                model[i] = h; index[i] = h
            case 1:
                let lo = Int(rng.next() % UInt64(model.count))
                let hi = min(model.count, lo + Int(rng.next() % 4))
                let new = (0..<(hi - lo)).map { _ in height() }
                model.replaceSubrange(lo..<hi, with: new); index.replaceSubrange(lo..<hi, with: new)
            default:
                let lo = Int(rng.next() % UInt64(model.count))
                let hi = min(model.count, lo + Int(rng.next() % 3))
                var new = (0..<Int(rng.next() % 4)).map { _ in height() }
                if model.count - (hi - lo) + new.count == 0 { new = [height()] }
                model.replaceSubrange(lo..<hi, with: new); index.replaceSubrange(lo..<hi, with: new)
            }
            guard index.heights == model, index.total == model.reduce(0, +) else {
                Issue.record("step \(step): heights or total diverged")
                return
            }
            for _ in 0..<5 {
                let i = Int(rng.next() % UInt64(model.count + 1))
                #expect(index.top(of: i) == HeightIndexTests.linearTop(model, of: i))
                let offset = Double(Int(rng.next() % UInt64(Int(model.reduce(0, +)) + 40))) - 20
                let found = index.paragraph(at: offset), expected = HeightIndexTests.linearParagraph(model, at: offset)
                if found != expected {
                    Issue.record("step \(step): paragraph at \(offset) is \(found), not \(expected)")
                    return
                }
            }
        }
    }

    @Test func offsetsOnBoundariesBelongToTheParagraphBelow() {
        let index = HeightIndex([10, 0, 20, 5])
        #expect(index.paragraph(at: -3) == (0, 0))
        #expect(index.paragraph(at: 9.5) == (0, 0))
        #expect(index.paragraph(at: 10) == (2, 10), "the empty paragraph holds no offset")
        #expect(index.paragraph(at: 30) == (3, 30))
        #expect(index.paragraph(at: 1_000) == (3, 30), "past the end: the last")
        #expect(index.top(of: 4) == 35 && index.total == 35)
        #expect(HeightIndex([]).paragraph(at: 5) == (0, 0))
    }
}
