import Foundation
import Testing
import XKit

/// XKit's segmenter (ICU) against the Unicode Consortium's own break tests, read at test time from
/// Debian's unicode-data (`/usr/share/unicode/auxiliary`), never copied into the repository.
@Suite struct UnicodeBreakConformanceTests {
    /// One test line: the text and where its boundaries are (UTF-8 offsets, 0 left out).
    struct Case {
        var line: Int
        var text: String
        var boundaries: [Int]
        var source: String
    }

    static let directory = "/usr/share/unicode/auxiliary"

    /// Parses a `*BreakTest.txt` file: `÷ 0041 × 0308 ÷ …  # comment`.
    static func cases(_ name: String) throws -> [Case] {
        let path = "\(directory)/\(name)"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConformanceError.missing(path)
        }
        var cases: [Case] = []
        for (n, raw) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars = String.UnicodeScalarView()
            var boundaries: [Int] = []
            var offset = 0
            var valid = true
            for token in tokens {
                if token == "÷" {
                    if offset > 0 { boundaries.append(offset) }
                } else if token == "×" {
                    continue
                } else if let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
                    scalars.append(scalar)
                    offset += String(scalar).utf8.count
                } else {
                    valid = false // a surrogate code point cannot be in a Swift string
                }
            }
            if valid { cases.append(Case(line: n + 1, text: String(scalars), boundaries: boundaries, source: String(body))) }
        }
        return cases
    }

    enum ConformanceError: Error, CustomStringConvertible {
        case missing(String)
        var description: String {
            switch self {
            case .missing(let path): return "\(path) is missing: apt-get install -y unicode-data"
            }
        }
    }

    /// Runs every case of a file; returns the failing ones and prints the pass count.
    static func run(_ file: String, _ kind: TextBoundaryKind) throws -> (total: Int, failures: [Case]) {
        let segmenter = ICUTextSegmenter()
        let all = try cases(file)
        let failures = all.filter { segmenter.boundaries(kind, in: $0.text) != $0.boundaries }
        print("\(file): \(all.count - failures.count) of \(all.count) pass")
        return (all.count, failures)
    }

    @Test func icuLoads() {
        #expect(ICUTextSegmenter.isAvailable)
    }

    @Test func graphemeBreakTestPasses() throws {
        let result = try Self.run("GraphemeBreakTest.txt", .grapheme)
        #expect(result.total > 600)
        #expect(result.failures.isEmpty)
    }

    /// ICU's word rules follow CLDR's root tailoring, which takes U+003A COLON out of MidLetter
    /// (ICU's word.txt: `$MidLetter = [\p{Word_Break = MidLetter} - [\: \uFE55 \uFF1A]]`), so
    /// "a:b" is three words. Those cases, and only those, may differ.
    static func isTailoredWordCase(_ c: Case) -> Bool {
        c.text.unicodeScalars.contains { $0 == ":" || $0 == "\u{FE55}" || $0 == "\u{FF1A}" }
    }

    /// ICU's line rules carry two documented tailorings (ICU line.txt):
    /// - LB 20.09 (from CLDR, in root since ICU 63): no break between a hyphen that starts the text
    ///   (or follows a space) and a letter, so "-#" stays together;
    /// - LB 25 as the regular expression UAX #14 suggests for numbers, so ",0" and "a.2" keep together
    ///   where the pairwise rule would break.
    static func isTailoredLineCase(_ c: Case) -> Bool {
        let scalars = Array(c.text.unicodeScalars)
        if scalars.first == "-" { return true }
        for i in scalars.indices where scalars[i] == "." || scalars[i] == "," {
            // Combining marks attach to the punctuation (LB9).
            let next = scalars[(i + 1)...].first { $0.properties.generalCategory != .nonspacingMark }
            if next?.properties.numericType == .decimal { return true }
        }
        return false
    }

    @Test func wordBreakTestPassesExceptICUsDocumentedTailoring() throws {
        let result = try Self.run("WordBreakTest.txt", .word)
        #expect(result.total > 1800)
        let untailored = result.failures.filter { !Self.isTailoredWordCase($0) }
        #expect(untailored.isEmpty, "failures outside ICU's colon tailoring: \(untailored.map(\.line))")
        #expect(result.failures.count <= 15)
    }

    @Test func lineBreakTestPassesExceptICUsDocumentedTailoring() throws {
        let result = try Self.run("LineBreakTest.txt", .line)
        #expect(result.total > 7000)
        let untailored = result.failures.filter { !Self.isTailoredLineCase($0) }
        #expect(untailored.isEmpty, "failures outside ICU's LB 20.09 and LB 25 tailoring: \(untailored.map(\.line))")
        #expect(result.failures.count <= 22)
    }
}
