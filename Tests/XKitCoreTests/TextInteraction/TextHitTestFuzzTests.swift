import Testing
import XKitCore
import XKitHeadless

/// 5,000 seeded rounds here (a few seconds in a debug build); `xkit-bench fuzz` runs 1,000,000.
@Suite struct TextHitTestFuzzTests {
    @Test func randomTextHitTestsReturnOnlyCharacterBoundaries() {
        var fuzzer = TextHitTestFuzzer(seed: 0x5EED_6)
        switch fuzzer.run(count: 5_000) {
        case .success(let stats):
            #expect(stats.strings == 5_000)
            #expect(stats.hits > 5_000, "the points land on glyphs often enough to matter")
        case .failure(let failure):
            Issue.record("\(failure)")
        }
    }
}
