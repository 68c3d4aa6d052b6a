// The paste path's own UTF-8 check: it must agree with the standard library's, however the bytes are split.
import Foundation
import Testing
@testable import XKit

extension SelectionTests {
    @Suite struct UTF8Validation {
        static let edgeCases: [[UInt8]] = [
            [0x41], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xE2, 0x82, 0xAC], [0xED, 0x9F, 0xBF],
            [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            // Overlongs, surrogates, above U+10FFFF, stray continuations, truncations, bytes never used.
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
            [0xFE], [0xFF], [0xC2, 0x41],
        ]

        @Test func agreesWithTheStandardLibraryOnEdgeCases() {
            for bytes in Self.edgeCases {
                // Padding puts each case both inside the 16-byte block loop and in the tail loop.
                for pad in [0, 3, 17, 40] {
                    let padded = [UInt8](repeating: 0x61, count: pad) + bytes + [UInt8](repeating: 0x62, count: pad)
                    #expect(UTF8Check.isValid(padded) == (String(validating: padded, as: UTF8.self) != nil), "\(bytes) padded \(pad)")
                }
            }
        }

        @Test func agreesOnRandomBytesSplitAnywhere() {
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<20_000 {
                let bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ -> UInt8 in
                    switch Int.random(in: 0...3, using: &generator) {
                    case 0: return UInt8.random(in: 0...0x7F, using: &generator)
                    case 1: return UInt8.random(in: 0x80...0xBF, using: &generator)
                    case 2: return UInt8.random(in: 0xC0...0xF7, using: &generator)
                    default: return UInt8.random(in: 0...0xFF, using: &generator)
                    }
                }
                let cut = Int.random(in: 0...bytes.count, using: &generator)
                #expect(Self.isValid(bytes, cutAt: cut) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes) cut at \(cut)")
            }
        }

        @Test func agreesOnEdgeCasesInsideLongTextSplitAnywhere() {
            // Long enough for the 16-byte block check, with the leads whose next byte is narrowed
            // (E0 Devanagari, ED late Hangul, F0 emoji, F4 the last plane) in the valid text too.
            let text = Array("नमस्ते 힣힢 😀🎉 \u{10FFFD} ".utf8) + mixedScriptText(bytes: 200)
            var generator = SystemRandomNumberGenerator()
            for bytes in Self.edgeCases {
                // 48 offsets: every lane of a 16-byte block, three times over.
                for offset in 0..<48 {
                    var at = 20 + offset
                    while text[at] & 0xC0 == 0x80 { at += 1 }
                    let sample = Array(text[..<at]) + bytes + Array(text[at...])
                    let cut = Int.random(in: 0...sample.count, using: &generator)
                    #expect(Self.isValid(sample, cutAt: cut) == (String(validating: sample, as: UTF8.self) != nil),
                            "\(bytes) at \(at) cut at \(cut)")
                }
            }
        }

        /// The check fed in two calls, split at `cut`, as INCR chunks split a paste.
        static func isValid(_ bytes: [UInt8], cutAt cut: Int) -> Bool {
            var check = UTF8Check()
            bytes.withUnsafeBufferPointer { all in
                check.feed(UnsafeBufferPointer(rebasing: all[..<cut]))
                check.feed(UnsafeBufferPointer(rebasing: all[cut...]))
            }
            return check.isValid
        }

        @Test func acceptsBigMixedScriptText() {
            #expect(UTF8Check.isValid(mixedScriptText(bytes: 1 << 20)))
        }
    }
}
