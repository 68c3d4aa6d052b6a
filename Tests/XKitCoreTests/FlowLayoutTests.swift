import Testing
import XKitCore

/// SplitMix64: a tiny seeded generator so "random" layouts repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct FlowLayoutTests {
    let chip = Size(width: 40, height: 20)

    @Test func itemsGoLeftToRightWithEightPointSpacingByDefault() {
        let r = FlowLayout().layout([chip, chip, chip], width: 200)
        #expect(r.frames == [Rect(x: 0, y: 0, width: 40, height: 20),
                             Rect(x: 48, y: 0, width: 40, height: 20),
                             Rect(x: 96, y: 0, width: 40, height: 20)])
        #expect(r.rows == [0..<3])
        #expect(r.contentSize == Size(width: 136, height: 20))
    }

    @Test func itemsWrapOntoNewRowsWithLineSpacing() {
        // 40 + 8 + 40 + 8 + 40 = 136 fits exactly in 136; the fourth wraps.
        let r = FlowLayout().layout(Array(repeating: chip, count: 5), width: 136)
        #expect(r.rows == [0..<3, 3..<5])
        #expect(r.frames[3] == Rect(x: 0, y: 28, width: 40, height: 20))
        #expect(r.frames[4] == Rect(x: 48, y: 28, width: 40, height: 20))
        #expect(r.contentSize.height == 48)
        let narrower = FlowLayout().layout(Array(repeating: chip, count: 5), width: 135)
        #expect(narrower.rows == [0..<2, 2..<4, 4..<5])
    }

    @Test func customSpacing() {
        let r = FlowLayout(interitemSpacing: 4, lineSpacing: 2).layout([chip, chip, chip], width: 90)
        #expect(r.frames.map(\.origin) == [Point(x: 0, y: 0), Point(x: 44, y: 0), Point(x: 0, y: 22)])
    }

    @Test func rowsCentreItemsVertically() {
        let r = FlowLayout().layout([Size(width: 30, height: 20), Size(width: 30, height: 30)], width: 100)
        #expect(r.frames[0].y == 5)
        #expect(r.frames[1].y == 0)
        #expect(r.contentSize.height == 30)
    }

    @Test func centerAndTrailingAlignment() {
        let sizes = [chip, chip, chip]
        let center = FlowLayout(alignment: .center).layout(sizes, width: 100)
        // Row 1: 40+8+40 = 88 in 100 → shift 6; row 2: 40 → shift 30.
        #expect(center.frames.map(\.x) == [6, 54, 30])
        let trailing = FlowLayout(alignment: .trailing).layout(sizes, width: 100)
        #expect(trailing.frames.map(\.x) == [12, 60, 60])
        let leading = FlowLayout(alignment: .leading).layout(sizes, width: 100)
        #expect(leading.frames.map(\.x) == [0, 48, 0])
    }

    @Test func tooWideItemIsClampedToTheLineOnItsOwnRow() {
        let r = FlowLayout(sectionInsets: EdgeInsets(all: 10)).layout(
            [chip, Size(width: 500, height: 20), chip], width: 200)
        #expect(r.isClamped == [false, true, false])
        #expect(r.frames[1] == Rect(x: 10, y: 38, width: 180, height: 20))
        #expect(r.rows == [0..<1, 1..<2, 2..<3])
    }

    @Test func sectionInsetsSurroundTheRows() {
        let insets = EdgeInsets(top: 5, left: 7, bottom: 11, right: 13)
        let r = FlowLayout(sectionInsets: insets).layout([chip, chip, chip], width: 7 + 88 + 13)
        #expect(r.frames[0].origin == Point(x: 7, y: 5))
        #expect(r.frames[1].origin == Point(x: 55, y: 5))
        #expect(r.frames[2].origin == Point(x: 7, y: 33))
        #expect(r.contentSize == Size(width: 108, height: 5 + 48 + 11))
        #expect(FlowLayout(sectionInsets: insets).layout([], width: 100).contentSize.height == 16)
    }

    @Test func unboundedWidthIsOneRow() {
        let r = FlowLayout(alignment: .center).layout(Array(repeating: chip, count: 10), width: .infinity)
        #expect(r.rows == [0..<10])
        #expect(r.frames[9].x == 9 * 48)
        #expect(r.contentSize.width == 10 * 40 + 9 * 8)
    }

    @Test func trailingFieldTakesTheRestOfTheLastRow() {
        let field = FlowLayout.TrailingItem(minimumWidth: 60, height: 24)
        let r = FlowLayout().layout([chip, chip], width: 200, trailing: field)
        #expect(r.trailingFrame == Rect(x: 96, y: 0, width: 104, height: 24))
        #expect(r.frames[0].y == 2, "chips centre on the taller field")
        #expect(r.rows == [0..<2])
        #expect(r.contentSize.height == 24)
    }

    @Test func trailingFieldWrapsWhenItsMinimumDoesNotFit() {
        let field = FlowLayout.TrailingItem(minimumWidth: 60, height: 24)
        let r = FlowLayout().layout([chip, chip, chip], width: 150, trailing: field)
        #expect(r.rows == [0..<3])
        #expect(r.trailingFrame == Rect(x: 0, y: 28, width: 150, height: 24))
        #expect(r.contentSize.height == 52)
        #expect(FlowLayout().height(forWidth: 150, sizes: [chip, chip, chip], trailing: field) == 52)
        let alone = FlowLayout().layout([], width: 150, trailing: field)
        #expect(alone.trailingFrame == Rect(x: 0, y: 0, width: 150, height: 24))
    }

    @Test func heightForWidthMatchesTheFramesForManyWidths() {
        var rng = SeededGenerator(seed: 2024)
        for round in 0..<4 {
            let count = Int.random(in: 1...60, using: &rng)
            let sizes = (0..<count).map { _ in
                Size(width: Double(Int.random(in: 10...300, using: &rng)) + 0.5 * Double(round),
                     height: Double(Int.random(in: 16...40, using: &rng)))
            }
            let insets = EdgeInsets(top: Double(round * 3), left: 4, bottom: Double(round * 5), right: 6)
            for alignment in [FlowLayout.Alignment.leading, .center, .trailing] {
                let flow = FlowLayout(interitemSpacing: 8, lineSpacing: 8 + Double(round), sectionInsets: insets,
                                      alignment: alignment)
                for width in stride(from: 50.0, through: 1000, by: 7) {
                    let result = flow.layout(sizes, width: width)
                    let maxY = result.frames.map(\.maxY).max() ?? 0
                    #expect(flow.height(forWidth: width, sizes: sizes) == maxY + insets.bottom)
                    let lineEnd = width - insets.right + 1e-6
                    #expect(result.frames.allSatisfy { $0.minX >= insets.left - 1e-6 && $0.maxX <= lineEnd })
                    #expect(result.rows.map(\.count).reduce(0, +) == count)
                }
            }
        }
    }

    @Test func framesNeverOverlapWithinARow() {
        var rng = SeededGenerator(seed: 7)
        let sizes = (0..<200).map { _ in Size(width: Double.random(in: 5...120, using: &rng), height: 20) }
        let result = FlowLayout().layout(sizes, width: 333)
        for row in result.rows {
            for i in row.dropFirst() {
                #expect(result.frames[i].minX - result.frames[i - 1].maxX >= 8 - 1e-9)
            }
        }
    }
}
