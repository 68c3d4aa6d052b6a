import CX11
import CXKitChecksums
import Testing
@testable import XKit

/// The PNG encoder's SIMD Adler-32 and CRC-32 give zlib's values: every length up to a few
/// blocks, long runs across the modulo reductions, odd offsets, several start values, and the
/// all-0xFF input whose sums grow fastest.
@Suite struct ChecksumTests {
    private static let bytes: [UInt8] = {
        var state: UInt32 = 12345
        return (0..<70_000).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
    }()

    /// Lengths 0–300 one by one (every tail and every partial block), then growing to 70,000.
    private static let lengths: [Int] = {
        var lengths = Array(0...300)
        var length = 301
        while length < 70_000 { lengths.append(length); length = length * 3 / 2 + 7 }
        return lengths + [69_997]
    }()

    /// The lengths, offsets and start values where `fast` and zlib's `reference` disagree.
    private func mismatches(starts: [UInt32], _ fast: (UInt32, UnsafePointer<UInt8>?, Int) -> UInt32,
                            _ reference: (UInt32, UnsafePointer<UInt8>?, Int) -> UInt32) -> [String] {
        var found: [String] = []
        Self.bytes.withUnsafeBufferPointer { all in
            for length in Self.lengths {
                for offset in 0..<3 where offset + length <= all.count {
                    let base = all.baseAddress.map { $0 + offset }
                    for start in starts where fast(start, base, length) != reference(start, base, length) {
                        found.append("\(length)+\(offset) from \(start)")
                    }
                }
            }
        }
        return found
    }

    @Test func adlerMatchesZlibAtEveryLengthOffsetAndStart() {
        let found = mismatches(starts: [1, 0x0309_1234, 0xFFF0_FFF0], { xkit_adler32($0, $1, $2) },
                               { UInt32(adler32(uLong($0), $1, uInt($2))) })
        #expect(found.isEmpty, "\(found.prefix(5))")
    }

    @Test func crcMatchesZlibAtEveryLengthOffsetAndStart() {
        let found = mismatches(starts: [0, 0xDEAD_BEEF, 0xFFFF_FFFF], { xkit_crc32($0, $1, $2) },
                               { UInt32(crc32(uLong($0), $1, uInt($2))) })
        #expect(found.isEmpty, "\(found.prefix(5))")
    }

    @Test func adlerSumsNeverOverflowOnTheLargestBytes() {
        let ones = [UInt8](repeating: 0xFF, count: 1 << 20)
        ones.withUnsafeBufferPointer { all in
            for start: UInt32 in [1, 0xFFF0_FFF0] {
                #expect(xkit_adler32(start, all.baseAddress, all.count) == UInt32(adler32(uLong(start), all.baseAddress, uInt(all.count))))
            }
        }
    }
}

/// The pieces a streamed representation arrives in, read back as one run of bytes.
@Suite struct PieceListTests {
    @Test func rangesInsideAPieceAndAcrossPiecesReadTheJoinedBytes() {
        let pieces = [Array(0..<10), Array(10..<13), Array(13..<40), [UInt8](), Array(40..<41), Array(41..<60)].map { $0.map { UInt8($0) } }
        var list = PieceList()
        for piece in pieces { list.append(piece) }
        let joined = pieces.flatMap { $0 }
        #expect(list.count == joined.count)
        #expect(list.joined == joined)
        var scratch: [UInt8] = []
        for lower in 0..<joined.count {
            for upper in lower...joined.count {
                #expect(Array(list.bytes(lower..<upper, scratch: &scratch)) == Array(joined[lower..<upper]), "\(lower)..<\(upper)")
            }
        }
    }
}
