import CX11
import Dispatch
import XKitCore

/// Encodes bitmaps as 8-bit RGBA PNGs, for copying images (`image/png`).
///
/// A pasteboard PNG is made while a requestor waits, so speed comes first: rows get PNG's Up
/// filter (each byte less the one above it, small for photographs and zero for flat alpha), and
/// the filtered bytes are coded by `LiteralDeflate`, slices of about half a MiB at once on every
/// core. On a 4096×4096 photo-like picture that is several times faster than zlib's fastest level.
public struct PNGImageEncoder: ImageEncoder {
    public let limits: ImageLimits

    /// An encoder refusing images over `limits` (by default a 16384-pixel side and 32 megapixels).
    public init(limits: ImageLimits = ImageLimits()) { self.limits = limits }

    /// The raw (filtered) bytes coded as one deflate block: small enough to keep its rows' statistics.
    static let sliceBytes = 512 << 10
    /// Every how many rows of a slice are counted for its code: neighbouring rows of a picture
    /// have the same statistics, and counting is a third of the filtering's time.
    static let countedRowInterval = 4

    /// One slice's share of the stream.
    private struct EncodedSlice {
        var deflated: [UInt8] = []
        /// The CRC-32 of `deflated`, for the chunk's.
        var crc: uLong = 0
        var adler: uLong = 1
        var rawCount = 0
    }

    public func pngData(_ bitmap: ImageBitmap) throws -> [UInt8] {
        try checkEncodable(width: bitmap.width, height: bitmap.height)
        let width = bitmap.width, height = bitmap.height
        let rowsPerSlice = max(1, PNGImageEncoder.sliceBytes / (width * 4 + 1))
        let count = (height + rowsPerSlice - 1) / rowsPerSlice
        var slices = [EncodedSlice](repeating: EncodedSlice(), count: count)
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            slices.withUnsafeMutableBufferPointer { slices in
                let shared = SharedBuffers(pixels: pixels, slices: slices)
                DispatchQueue.concurrentPerform(iterations: count) { index in
                    let first = index * rowsPerSlice
                    shared.slices[index] = PNGImageEncoder.slice(rows: first..<min(height, first + rowsPerSlice),
                                                                 of: shared.pixels, width: width)
                }
            }
        }
        var adler = uLong(1)
        var deflatedCount = 0
        for slice in slices {
            adler = adler32_combine(adler, slice.adler, numericCast(slice.rawCount))
            deflatedCount += slice.deflated.count
        }
        let idatCount = 2 + deflatedCount + LiteralDeflate.end.count + 4
        var head: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = PNGImageEncoder.bigEndian(UInt32(width)) + PNGImageEncoder.bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0] // 8-bit, RGBA, deflate, adaptive filtering, no interlace
        PNGImageEncoder.appendChunk("IHDR", header, to: &head)
        head += PNGImageEncoder.bigEndian(UInt32(idatCount))
        let idat = Array("IDAT".utf8) + [0x78, 0x01] // zlib: deflate, 32 KiB window, fastest
        head += idat
        // The chunk's CRC from the slices' own (made in parallel), as zlib combines them.
        var crc = idat.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        var offsets: [Int] = []
        var offset = head.count
        for slice in slices {
            offsets.append(offset)
            offset += slice.deflated.count
            crc = crc32_combine(crc, slice.crc, numericCast(slice.deflated.count))
        }
        var tail = LiteralDeflate.end + PNGImageEncoder.bigEndian(UInt32(truncatingIfNeeded: adler))
        crc = tail.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        tail += PNGImageEncoder.bigEndian(UInt32(truncatingIfNeeded: crc))
        PNGImageEncoder.appendChunk("IEND", [], to: &tail)
        let total = offset + tail.count
        // Each byte is written once: the head, the slices (copied on every core: the pages of a
        // fresh 30 MB buffer cost as much as the copy), the tail.
        return [UInt8](unsafeUninitializedCapacity: total) { file, initialized in
            guard let base = file.baseAddress else { return }
            head.withUnsafeBufferPointer { if let start = $0.baseAddress { base.update(from: start, count: $0.count) } }
            slices.withUnsafeBufferPointer { slices in
                let shared = SharedOutput(file: base, slices: slices, offsets: offsets)
                DispatchQueue.concurrentPerform(iterations: slices.count) { index in
                    shared.slices[index].deflated.withUnsafeBufferPointer { part in
                        if let start = part.baseAddress { (shared.file + shared.offsets[index]).update(from: start, count: part.count) }
                    }
                }
            }
            tail.withUnsafeBufferPointer { if let start = $0.baseAddress { (base + offset).update(from: start, count: $0.count) } }
            initialized = total
        }
    }

    /// The file being assembled and the slices copied into it, shared by the parallel copies:
    /// each writes only its own slice's bytes.
    private struct SharedOutput: @unchecked Sendable {
        let file: UnsafeMutablePointer<UInt8>
        let slices: UnsafeBufferPointer<EncodedSlice>
        let offsets: [Int]
    }

    /// Rows `rows` filtered (Up, from the row before the first) and deflated as one block.
    private static func slice(rows: Range<Int>, of pixels: UnsafeBufferPointer<UInt32>, width: Int) -> EncodedSlice {
        let rowBytes = width * 4 + 1
        let count = rowBytes * rows.count
        // Every byte is written below before it is read.
        var raw = [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        // The rows as straight RGBA words (R in the low byte, as the bytes lie in the file).
        var above = [UInt32](repeating: 0, count: width)
        var current = above
        // One table per byte of a pixel, so a run of one value (opaque alpha) does not wait on its own count.
        var histograms = [Int](repeating: 0, count: 4 * 256)
        if rows.lowerBound > 0 {
            above.withUnsafeMutableBufferPointer { row in
                straightRGBA(UnsafeBufferPointer(rebasing: pixels[((rows.lowerBound - 1) * width)..<(rows.lowerBound * width)]), into: row)
            }
        }
        raw.withUnsafeMutableBytes { out in
            histograms.withUnsafeMutableBufferPointer { histogram in
                guard let out = out.baseAddress else { return }
                for (n, y) in rows.enumerated() {
                    current.withUnsafeMutableBufferPointer { row in
                        straightRGBA(UnsafeBufferPointer(rebasing: pixels[(y * width)..<((y + 1) * width)]), into: row)
                        above.withUnsafeBufferPointer { above in
                            let start = n * rowBytes
                            out.storeBytes(of: UInt8(2), toByteOffset: start, as: UInt8.self) // Up: each byte less the one above it
                            guard n % PNGImageEncoder.countedRowInterval == 0 else {
                                for x in 0..<width {
                                    (out + start + 1 + 4 * x).storeBytes(of: bytewiseDifference(row[x], above[x]).littleEndian, as: UInt32.self)
                                }
                                return
                            }
                            histogram[2] += 1
                            for x in 0..<width {
                                let residual = bytewiseDifference(row[x], above[x])
                                (out + start + 1 + 4 * x).storeBytes(of: residual.littleEndian, as: UInt32.self)
                                histogram[Int(residual & 0xFF)] += 1
                                histogram[256 | Int((residual >> 8) & 0xFF)] += 1
                                histogram[512 | Int((residual >> 16) & 0xFF)] += 1
                                histogram[768 | Int(residual >> 24)] += 1
                            }
                        }
                    }
                    swap(&above, &current)
                }
            }
        }
        // One more of each value: a byte seen only in the rows not counted still has a code.
        var histogram = [Int](repeating: 1, count: 256)
        for (i, count) in histograms.enumerated() { histogram[i & 255] += count }
        return raw.withUnsafeBufferPointer { raw in
            let deflated = LiteralDeflate.block(raw, histogram: histogram)
            return EncodedSlice(deflated: deflated, crc: deflated.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) },
                                adler: adler32(1, raw.baseAddress, uInt(raw.count)), rawCount: raw.count)
        }
    }

    /// Each byte of `a` less the same byte of `b`, modulo 256, four at once (Hacker's Delight 2-18).
    @inline(__always)
    static func bytewiseDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let high: UInt32 = 0x8080_8080
        return ((a | high) &- (b & ~high)) ^ ((a ^ ~b) & high)
    }

    /// The bitmap and the slices' results, shared by the parallel iterations: each reads the
    /// pixels and writes only its own slice, and all are done before the buffers go away.
    private struct SharedBuffers: @unchecked Sendable {
        let pixels: UnsafeBufferPointer<UInt32>
        let slices: UnsafeMutableBufferPointer<EncodedSlice>
    }

    /// One row of premultiplied ARGB words as straight RGBA words (R in the low byte); opaque
    /// pixels, the common case, skip the division.
    private static func straightRGBA(_ pixels: UnsafeBufferPointer<UInt32>, into row: UnsafeMutableBufferPointer<UInt32>) {
        for (x, p) in pixels.enumerated() {
            let a = p >> 24
            if a == 255 {
                row[x] = (p >> 16) & 0xFF | p & 0xFF00 | (p & 0xFF) << 16 | 0xFF00_0000
            } else if a == 0 {
                row[x] = 0
            } else {
                let r = min(255, (((p >> 16) & 0xFF) * 255 + a / 2) / a)
                let g = min(255, (((p >> 8) & 0xFF) * 255 + a / 2) / a)
                let b = min(255, ((p & 0xFF) * 255 + a / 2) / a)
                row[x] = r | g << 8 | b << 16 | a << 24
            }
        }
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        out += bigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        out += typeBytes
        out += data
        var crc = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        // crc32 with a null buffer returns the initial value, not `crc`: skip an empty chunk's data.
        if !data.isEmpty { crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) } }
        out += bigEndian(UInt32(truncatingIfNeeded: crc))
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
}
