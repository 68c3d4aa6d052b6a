import Testing
@_spi(Testing) @testable import XKitCore

/// The paragraph scanner's 32-byte path: it may refuse what it need not, but every block it takes
/// must hold only well-formed scalars that stand alone, counted right.
@Suite struct UTF8BlockCheckTests {
    /// `sequence` repeated after "ab" (the two bytes the check looks back at) and what the check
    /// makes of the first block.
    static func check(_ sequence: [UInt8]) -> (length: Int, scalars: Int) {
        var bytes = Array("ab".utf8)
        while bytes.count < 2 + 40 { bytes += sequence }
        bytes += Array("\n".utf8)
        return bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return (0, 0) }
            return UTF8BlockCheck.accepted(base, at: 2)
        }
    }

    /// Every one-, two- and three-byte sequence, and every four-byte lead: a block taken holds a
    /// scalar `standsAlone` admits, no break, and as many scalars as whole sequences fit; and the
    /// common scripts are all taken.
    @Test func everyBlockTakenHoldsOnlyScalarsThatStandAlone() {
        var taken = 0
        var sequences: [[UInt8]] = (0x00...0x7F).map { [UInt8($0)] }
        for lead in 0xC0...0xDF { for second in 0x00...0xFF { sequences.append([UInt8(lead), UInt8(second)]) } }
        for lead in 0xE0...0xEF {
            for second in 0x80...0xBF { for third in 0x00...0xFF { sequences.append([UInt8(lead), UInt8(second), UInt8(third)]) } }
            sequences.append([UInt8(lead), 0x41, 0x80])
        }
        for lead in 0xF0...0xFF { sequences.append([UInt8(lead), 0x9F, 0x98, 0x80]) }
        for sequence in sequences {
            let block = UTF8BlockCheckTests.check(sequence)
            guard block.length > 0 else { continue }
            taken += 1
            guard let scalar = String(validating: sequence, as: UTF8.self)?.unicodeScalars.first,
                  String(validating: sequence, as: UTF8.self)?.unicodeScalars.count == 1 else {
                Issue.record("\(sequence) is taken but is not one well-formed scalar")
                return
            }
            let isBreak = (0x0A...0x0D).contains(scalar.value) || [0x85, 0x2028, 0x2029].contains(scalar.value)
            guard (scalar.isASCII || TextStorage.standsAlone(scalar)), !isBreak else {
                Issue.record("U+\(String(scalar.value, radix: 16)) is taken but does not stand alone")
                return
            }
            // From "ab" on, the block is whole sequences: none is cut, and each is one scalar.
            #expect(block.length % sequence.count == 0, "\(sequence)")
            #expect(block.scalars == block.length / sequence.count, "\(sequence)")
        }
        let expected: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x23F, 0x400...0x47F, 0x1EA0...0x1EF9, 0x2013...0x2026,
                                                0x3001...0x3029, 0x3041...0x3096, 0x30A0...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD77F, 0xFF01...0xFF5F]
        for range in expected {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                guard UTF8BlockCheckTests.check(Array(String(Character(scalar)).utf8)).length > 0 else {
                    Issue.record("U+\(String(value, radix: 16)) of a common script is refused")
                    return
                }
            }
        }
        #expect(taken > 30_000)
    }

    /// Mixed-script text with what the wide path must leave to the byte loop slipped in at random
    /// (marks, joiners, jamo, emoji, each break, stray and cut sequences, overlong forms): the
    /// loaded storage always matches the decoded string, paragraph by paragraph.
    @Test func textWithHazardsAtRandomPlacesLoadsAsTheDecodedString() {
        var rng = SeededGenerator(seed: 36)
        let plain = Array("Tiếng Việt có dấu, русский текст, 日本語のかなとカタカナ。한국어 문장 — “quotes” … ".utf8)
        let hazards: [[UInt8]] = [
            Array("\u{301}".utf8), Array("\u{200D}".utf8), Array("\u{1100}\u{1161}".utf8), Array("👍🏽".utf8), Array("\u{3099}".utf8),
            Array("\u{302A}".utf8), Array("\u{2028}".utf8), Array("\u{85}".utf8), [0x0D], [0x0A], [0x0D, 0x0A], [0x80], [0xBF],
            [0xE3, 0x81], [0xED, 0xA0, 0x80], [0xE0, 0x80, 0xAF], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xFF],
            Array("\u{FE0F}".utf8), Array("\u{FF9E}".utf8), Array("\u{20DD}".utf8), Array("\u{0483}".utf8),
        ]
        for round in 0..<2_000 {
            var bytes: [UInt8] = []
            while bytes.count < 600 {
                let cut = Int(rng.next() % UInt64(plain.count))
                bytes += plain[cut...]
                if rng.next() % 3 == 0 { bytes += hazards[Int(rng.next() % UInt64(hazards.count))] }
            }
            if let problem = TextStorageLoadingTests.mismatch(bytes) {
                Issue.record("round \(round): \(problem)")
                return
            }
        }
    }
}
