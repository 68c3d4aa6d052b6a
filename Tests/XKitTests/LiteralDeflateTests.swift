import CX11
import Testing
@testable import XKit

/// The PNG encoder's literal-only deflate, checked by zlib's own inflate: any byte mix, a single
/// byte value, counts skewed enough to force the length limit, and many slices in one stream.
@Suite struct LiteralDeflateTests {
    /// A zlib stream of `slices` coded one block each, as the PNG encoder writes it.
    private func stream(_ slices: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var adler = uLong(1)
        for slice in slices {
            var histogram = [Int](repeating: 0, count: 256)
            for byte in slice { histogram[Int(byte)] += 1 }
            out += slice.withUnsafeBufferPointer { LiteralDeflate.block($0, histogram: histogram) }
            adler = slice.withUnsafeBufferPointer { adler32(adler, $0.baseAddress, uInt($0.count)) }
        }
        out += LiteralDeflate.end
        let a = UInt32(truncatingIfNeeded: adler)
        return out + [UInt8(a >> 24), UInt8((a >> 16) & 0xFF), UInt8((a >> 8) & 0xFF), UInt8(a & 0xFF)]
    }

    private func inflate(_ data: [UInt8], expecting count: Int) -> [UInt8]? {
        var length = uLong(count + 16)
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = uncompress(&out, &length, data, uLong(data.count))
        return status == Z_OK ? Array(out.prefix(Int(length))) : nil
    }

    private func roundTrips(_ slices: [[UInt8]]) -> Bool {
        let joined = slices.flatMap { $0 }
        return inflate(stream(slices), expecting: joined.count) == joined
    }

    @Test func everyByteMixInflatesBackExactly() {
        var generator = SystemRandomNumberGenerator()
        let uniform = (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        // Small residuals around zero, as filtered photographs give.
        let residuals = (0..<100_000).map { _ in UInt8(bitPattern: Int8.random(in: -6...6, using: &generator)) }
        #expect(roundTrips([uniform]))
        #expect(roundTrips([residuals]))
        #expect(roundTrips([[7]]), "one byte")
        #expect(roundTrips([[UInt8](repeating: 0, count: 70_000)]), "one value: a one-bit code beside the end of block")
        #expect(roundTrips([uniform, residuals, [0, 255], [UInt8](repeating: 9, count: 1000)]), "slices follow one another")
    }

    @Test func skewedCountsStayWithinFourteenBitsAndStillInflate() {
        // Counts doubling from symbol to symbol make a Huffman tree as deep as there are symbols.
        var bytes: [UInt8] = []
        for symbol in 0..<21 { bytes += [UInt8](repeating: UInt8(symbol), count: 1 << symbol) }
        var histogram = [Int](repeating: 0, count: 257)
        for byte in bytes { histogram[Int(byte)] += 1 }
        histogram[256] = 1
        #expect(LiteralDeflate.codeLengths(histogram, limit: 1000).max() == 21, "unlimited, the tree is 21 deep")
        let lengths = LiteralDeflate.codeLengths(histogram, limit: 14)
        #expect((lengths.max() ?? 0) <= 14, "limited to the 14 bits the encoder writes")
        #expect(zip(histogram, lengths).allSatisfy { ($0 > 0) == ($1 > 0) }, "every symbol seen has a code")
        let kraft = lengths.filter { $0 > 0 }.reduce(0.0) { $0 + 1 / Double(1 << Int($1)) }
        #expect(kraft == 1, "the code is complete")
        #expect(roundTrips([bytes.shuffled()]))
    }
}
