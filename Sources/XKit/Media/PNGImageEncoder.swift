import CX11
import XKitCore

/// Encodes bitmaps as 8-bit RGBA PNGs with zlib, for copying images (`image/png`).
///
/// zlib's fastest level: a pasteboard PNG is made while a requestor waits, and level 1 on
/// unfiltered rows encodes a photo several times faster than level 6 for a file about 10% larger.
public struct PNGImageEncoder: ImageEncoder {
    public let limits: ImageLimits

    /// An encoder refusing images over `limits` (by default a 16384-pixel side and 32 megapixels).
    public init(limits: ImageLimits = ImageLimits()) { self.limits = limits }

    public func pngData(_ bitmap: ImageBitmap) throws -> [UInt8] {
        try checkEncodable(width: bitmap.width, height: bitmap.height)
        let rowBytes = bitmap.width * 4 + 1
        var raw = [UInt8](repeating: 0, count: rowBytes * bitmap.height)
        raw.withUnsafeMutableBufferPointer { out in
            bitmap.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<bitmap.height {
                    var o = y * rowBytes + 1 // the row's filter byte stays 0: none
                    for p in pixels[(y * bitmap.width)..<((y + 1) * bitmap.width)] {
                        let a = p >> 24
                        // Premultiplied in memory, straight in PNG.
                        func straight(_ c: UInt32) -> UInt8 {
                            a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
                        }
                        out[o] = straight((p >> 16) & 0xFF)
                        out[o + 1] = straight((p >> 8) & 0xFF)
                        out[o + 2] = straight(p & 0xFF)
                        out[o + 3] = UInt8(a)
                        o += 4
                    }
                }
            }
        }
        var length = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(length))
        let status = compress2(&compressed, &length, raw, uLong(raw.count), 1)
        guard status == Z_OK else { throw PasteboardError("zlib could not compress the image (status \(status))") }
        compressed.removeSubrange(Int(length)...)
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file.reserveCapacity(compressed.count + 64)
        var header = PNGImageEncoder.bigEndian(UInt32(bitmap.width)) + PNGImageEncoder.bigEndian(UInt32(bitmap.height))
        header += [8, 6, 0, 0, 0] // 8-bit, RGBA, deflate, adaptive filtering, no interlace
        PNGImageEncoder.appendChunk("IHDR", header, to: &file)
        PNGImageEncoder.appendChunk("IDAT", compressed, to: &file)
        PNGImageEncoder.appendChunk("IEND", [], to: &file)
        return file
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
