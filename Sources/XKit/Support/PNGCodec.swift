import CX11
import XKitCore

/// Encodes the 8-bit RGB PNGs XKit writes (screenshots); the test support decodes them.
package enum PNGCodec {
    /// The PNG file bytes for an image.
    package static func encode(_ image: RGBImage) -> [UInt8] {
        var raw = [UInt8]()
        raw.reserveCapacity((image.width * 3 + 1) * image.height)
        for y in 0..<image.height {
            raw.append(0) // filter: none
            let start = y * image.width * 3
            raw.append(contentsOf: image.pixels[start..<(start + image.width * 3)])
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height))
        header += [8, 2, 0, 0, 0] // 8-bit, truecolour, deflate, adaptive filter, no interlace
        appendChunk("IHDR", header, to: &out)
        appendChunk("IDAT", deflate(raw), to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    private static func deflate(_ data: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = compress2(&out, &length, data, uLong(data.count), 6)
        return status == Z_OK ? Array(out.prefix(Int(length))) : []
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out += bigEndian(UInt32(data.count))
        let body = typeBytes + data
        out += body
        let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        out += bigEndian(UInt32(truncatingIfNeeded: crc))
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

}
