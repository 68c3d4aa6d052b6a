import Testing
@_spi(Testing) @testable import XKitCore

/// Storage loaded from UTF-8 bytes: one scan validates and splits, paragraphs stay byte ranges until
/// read or edited, and everything seen through the API matches decoding the bytes and splitting the string.
@Suite struct TextStorageLoadingTests {
    /// The loaded storage, checked against the same bytes decoded by Swift and split as a string;
    /// nil when they agree, else what differs.
    static func mismatch(_ bytes: [UInt8]) -> String? {
        let decoded = String(decoding: bytes, as: UTF8.self)
        let loaded = TextStorage(utf8: bytes, source: "sweep")
        let expected = TextStorage(decoded)
        let scanned = TextParagraphScanner.scan(ParagraphSource(bytes))
        let shown = bytes.count <= 64 ? "\(bytes)" : "\(bytes.count) bytes from \(bytes.prefix(4))"
        if scanned.isValid != (String(validating: bytes, as: UTF8.self) != nil) { return "validity of \(shown)" }
        if scanned.invalidSequences != replacements(in: decoded) - literalReplacementCharacters(in: bytes) {
            return "\(scanned.invalidSequences) invalid sequences counted in \(shown)"
        }
        if loaded.string != decoded { return "text of \(shown)" }
        if loaded != expected || loaded.count != decoded.count || loaded.paragraphLengths != expected.paragraphLengths {
            return "paragraphs of \(shown)"
        }
        return nil
    }

    /// Third and fourth bytes that stand for every class UTF-8 decoding tells apart: ASCII, each
    /// break, the edges of each continuation sub-range, the break scalars' last bytes, and each kind of lead.
    static let edges: [UInt8] = [0x00, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x41, 0x7F, 0x80, 0x85, 0x8F, 0x90, 0x9F, 0xA0,
                                 0xA8, 0xA9, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]

    static func replacements(in text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ($1 == "\u{FFFD}" ? 1 : 0) }
    }

    /// U+FFFD as it was in the bytes (EF BF BD), which decoding keeps rather than makes.
    static func literalReplacementCharacters(in bytes: [UInt8]) -> Int {
        var n = 0
        for i in bytes.indices.dropLast(2) where bytes[i] == 0xEF && bytes[i + 1] == 0xBF && bytes[i + 2] == 0xBD { n += 1 }
        return n
    }

    /// Every lead byte × every second byte × a few third bytes, and every lead × a second and third byte of every class
    /// (each sequence ended by an ASCII letter, which ends any maximal subpart), decoded as
    /// `String(decoding:as:)` does: U+FFFD per maximal subpart, overlong and surrogate forms
    /// (E0 80…9F, ED A0…BF) included. One buffer per lead byte keeps it to 256 loads.
    @Test func everyThreeByteSequenceDecodesAsSwiftDoes() {
        var bytes: [UInt8] = []
        let edges = TextStorageLoadingTests.edges
        for lead in 0x00...0xFF {
            bytes.removeAll(keepingCapacity: true)
            for second in 0x00...0xFF {
                // A letter, a continuation, and the last bytes of U+0085 and U+2028, which an
                // overlong form (E0 82 85) must not turn into a break.
                for third: UInt8 in [0x41, 0x80, 0x85, 0xA8] { bytes += [UInt8(lead), UInt8(second), third, 0x41] }
            }
            for second in edges {
                for third in edges { bytes += [UInt8(lead), second, third, 0x41] }
            }
            if let problem = TextStorageLoadingTests.mismatch(bytes) {
                Issue.record("lead \(lead): \(problem)")
                return
            }
        }
    }

    /// Four-byte leads (and the bytes past F4) with second, third and fourth bytes of every class.
    @Test func fourByteLeadsWithEdgeContinuationsDecodeAsSwiftDoes() {
        let edges: [UInt8] = [0x0A, 0x0D, 0x41, 0x80, 0x85, 0x8F, 0x90, 0x9F, 0xA0, 0xA8, 0xBF, 0xC0, 0xE2, 0xF0, 0xFF]
        var bytes: [UInt8] = []
        for lead in 0xF0...0xFF {
            bytes.removeAll(keepingCapacity: true)
            for second in TextStorageLoadingTests.edges {
                for third in edges { for fourth in edges { bytes += [UInt8(lead), second, third, fourth, 0x41] } }
            }
            if let problem = TextStorageLoadingTests.mismatch(bytes) {
                Issue.record("lead \(lead): \(problem)")
                return
            }
        }
    }

    /// The scanner's fast path takes a lead and second byte at their word: every well-formed
    /// sequence it lets through must be a scalar `standsAlone` accepts and no break.
    @Test func theFastPathTableAdmitsOnlyScalarsThatStandAlone() {
        let table = TextParagraphScanner.fastSecondBytes
        var admitted = 0
        for lead in 0x80...0xFF {
            let (lowest, highest) = (table[(lead - 0x80) * 2], table[(lead - 0x80) * 2 + 1])
            guard lowest <= highest else { continue }
            #expect((0xC2...0xEF).contains(lead) && lowest >= 0x80 && highest <= 0xBF, "lead \(lead)")
            for second in lowest...highest {
                for third: UInt8 in lead < 0xE0 ? [0] : Array(0x80...0xBF) {
                    let bytes = lead < 0xE0 ? [UInt8(lead), second] : [UInt8(lead), second, third]
                    guard let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first else {
                        Issue.record("\(bytes) is not well-formed")
                        return
                    }
                    guard TextStorage.standsAlone(scalar), ![0x85, 0x2028, 0x2029].contains(scalar.value) else {
                        Issue.record("U+\(String(scalar.value, radix: 16)) takes the fast path but does not stand alone")
                        return
                    }
                    admitted += 1
                }
            }
        }
        #expect(admitted > 30_000, "the common scripts take the fast path")
    }

    @Test func breaksInsideAndAfterInvalidSequencesSplitAsTheDecodedText() {
        let cases: [[UInt8]] = [
            [0xE2, 0x80, 0x0A, 0xE2, 0x80, 0xA8], [0xF0, 0xE2, 0x80, 0xA9, 0x41], [0xC2, 0xC2, 0x85],
            [0xE0, 0x80, 0x85, 0x0D, 0x0A], [0xED, 0xA0, 0x80, 0x0D], [0x0D], [], [0xFF, 0x0A, 0xFF],
        ]
        for bytes in cases { #expect(TextStorageLoadingTests.mismatch(bytes) == nil) }
        #expect(TextParagraphScanner.scan(ParagraphSource([0x61, 0xFF])).isValid == false)
        #expect(TextParagraphScanner.scan(ParagraphSource(Array("a\r\nb é 한".utf8))).isValid)
    }

    @Test func mixedLineEndingsComeBackByteForByte() {
        let text = "one\r\ntwo\nthree\rfour\u{2028}five\u{2029}six\u{85}seven\u{0B}eight\u{0C}\r\n\r\r\n\n — ©\u{301}👍🏽 end"
        let bytes = Array(text.utf8)
        let s = TextStorage(utf8: bytes)
        #expect(Array(s.string.utf8) == bytes)
        #expect(s.count == text.count)
        #expect(s.paragraphs == TextStorage(text).paragraphs)
        #expect(s.substring(2..<20) == TextStorage(text).substring(2..<20))
        #expect(s.character(at: 3) == "\r\n")
    }

    @Test func loadedParagraphsStayBytesUntilEdited() {
        let lines = (0..<2_000).map { "line \($0) Привет 日本語" }
        var s = TextStorage(utf8: Array(lines.joined(separator: "\n").utf8))
        func isBytes(_ index: Int) -> Bool {
            let (b, i) = s.locateParagraph(index)
            if case .bytes = s.blocks[b].paragraphs[i].content { return true }
            return false
        }
        #expect((0..<2_000).allSatisfy(isBytes))
        #expect(s.paragraph(1_000) == lines[1_000])
        #expect(s.paragraphLength(1_000) == lines[1_000].count)
        s.insert("X", at: s.paragraphStart(1_000))
        #expect(!isBytes(1_000))
        #expect(isBytes(10) && isBytes(1_990))
        #expect(s.paragraph(1_000) == "X" + lines[1_000])
    }

    /// Random edits on a storage loaded from bytes (mixed breaks, invalid bytes, marks, emoji) agree
    /// with the same edits on a String.
    @Test func editsOnALoadedStorageAgreeWithAPlainStringModel() {
        var rng = SeededGenerator(seed: 2_024)
        let parts: [[UInt8]] = [Array("ab".utf8), [0x0A], [0x0D], [0x0D, 0x0A], Array("é".utf8), [0xFF], Array("\u{301}".utf8),
                                Array("👍🏽".utf8), Array("\u{2028}".utf8), Array("한국".utf8), [0xE2, 0x80], Array("xyz ".utf8)]
        var bytes: [UInt8] = []
        for _ in 0..<3_000 { bytes += parts[Int(rng.next() % UInt64(parts.count))] }
        var storage = TextStorage(utf8: bytes)
        var model = Array(String(decoding: bytes, as: UTF8.self))
        #expect(storage.count == model.count)
        let pieces = ["a", "\n", "\r", "\r\n", "\u{0301}", "👍🏽", "xyz\nq", "é", ""]
        for step in 0..<3_000 {
            let n = model.count
            let lo = n == 0 ? 0 : Int(rng.next() % UInt64(n + 1))
            let len = min(n - lo, Int(rng.next() % 4))
            let insert = pieces[Int(rng.next() % UInt64(pieces.count))]
            model = Array(String(model[..<lo]) + insert + String(model[(lo + len)...]))
            storage.replace(lo..<(lo + len), with: insert)
            if step % 300 == 0 || step == 2_999 {
                guard storage.string == String(model), storage.count == model.count else {
                    Issue.record("diverged at step \(step)")
                    return
                }
                #expect(storage.paragraphCount == model.filter(\.isNewline).count + 1)
            }
        }
    }

    @Test func aSingleFiveMegabyteLineIsOneParagraph() {
        let unit = Array("abcdefghij Привет ".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(5 << 20)
        while bytes.count < 5 << 20 { bytes += unit }
        var s = TextStorage(utf8: bytes)
        let expectedCount = String(decoding: bytes, as: UTF8.self).count
        #expect(s.paragraphCount == 1)
        #expect(s.count == expectedCount)
        #expect(s.paragraphLength(0) == expectedCount)
        s.replace(1_000..<1_001, with: "\n")
        var plain = TextStorage(String(decoding: bytes, as: UTF8.self))
        plain.replace(1_000..<1_001, with: "\n")
        #expect(s.paragraphCount == 2)
        #expect(s.count == expectedCount)
        #expect(s == plain)
    }

    /// "\r\n" pairs on both sides of block boundaries and of 64 KiB file-read chunks: each stays one
    /// break, and an edit between the "\r" and the "\n" of one re-splits it as a String would.
    @Test func crlfAtBlockAndChunkBoundariesStaysOneBreak() {
        var bytes: [UInt8] = []
        var line = 0
        while bytes.count < 3 << 16 {
            let filler = 50 + (line * 37) % 200
            bytes += Array(repeating: 0x61 + UInt8(line % 26), count: filler)
            bytes += [0x0D, 0x0A]
            line += 1
        }
        // Force a pair across each 64 KiB boundary.
        for chunk in 1...2 { bytes[(chunk << 16) - 1] = 0x0D; bytes[chunk << 16] = 0x0A }
        let text = String(decoding: bytes, as: UTF8.self)
        var s = TextStorage(utf8: bytes)
        #expect(s.string == text)
        #expect(s.paragraphCount == text.filter(\.isNewline).count + 1)
        #expect(s.paragraphs == TextStorage(text).paragraphs)
        #expect(s.blockCount > 2)
        var model = Array(text)
        for blockEdge in [TextStorage.blockLimit / 2 - 1, TextStorage.blockLimit / 2, TextStorage.blockLimit - 1] {
            let offset = s.paragraphStart(blockEdge + 1) - 1
            s.replace(offset..<(offset + 1), with: "\r|\n")
            model = Array(String(model[..<offset]) + "\r|\n" + String(model[(offset + 1)...]))
            #expect(s.string == String(model))
            #expect(s.count == model.count)
        }
    }
}
