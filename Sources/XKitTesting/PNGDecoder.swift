import CX11
import XKitCore

/// Decodes the 8-bit, non-interlaced RGB(A) PNGs the tests compare (screenshots, goldens).
public enum PNGDecoder {
    /// Errors reading a PNG.
    public enum DecodeError: Error, Equatable { case notPNG, unsupported(String), corrupt }

    /// Decodes an 8-bit RGB or RGBA non-interlaced PNG (alpha is dropped).
    public static func decode(_ bytes: [UInt8]) throws -> RGBImage {
        guard bytes.count > 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw DecodeError.notPNG
        }
        var offset = 8
        var width = 0, height = 0, channels = 0
        var idat: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = Int(readUInt32(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let dataStart = offset + 8
            guard dataStart + length + 4 <= bytes.count else { throw DecodeError.corrupt }
            let data = bytes[dataStart..<(dataStart + length)]
            switch type {
            case "IHDR":
                guard length >= 13 else { throw DecodeError.corrupt }
                width = Int(readUInt32(bytes, dataStart))
                height = Int(readUInt32(bytes, dataStart + 4))
                let depth = bytes[dataStart + 8], color = bytes[dataStart + 9], interlace = bytes[dataStart + 12]
                guard depth == 8, interlace == 0 else { throw DecodeError.unsupported("depth \(depth), interlace \(interlace)") }
                switch color {
                case 2: channels = 3
                case 6: channels = 4
                default: throw DecodeError.unsupported("colour type \(color)")
                }
            case "IDAT": idat.append(contentsOf: data)
            case "IEND": offset = bytes.count
            default: break
            }
            offset = dataStart + length + 4
        }
        guard width > 0, height > 0, channels > 0 else { throw DecodeError.corrupt }
        let stride = width * channels
        guard let raw = inflate(idat, expected: (stride + 1) * height) else { throw DecodeError.corrupt }
        var previous = [UInt8](repeating: 0, count: stride)
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            let start = y * (stride + 1)
            let filter = raw[start]
            var line = Array(raw[(start + 1)..<(start + 1 + stride)])
            unfilter(&line, previous: previous, filter: filter, bpp: channels)
            for x in 0..<width {
                pixels.append(line[x * channels]); pixels.append(line[x * channels + 1]); pixels.append(line[x * channels + 2])
            }
            previous = line
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    private static func unfilter(_ line: inout [UInt8], previous: [UInt8], filter: UInt8, bpp: Int) {
        for i in 0..<line.count {
            let a = i >= bpp ? Int(line[i - bpp]) : 0
            let b = Int(previous[i])
            let c = i >= bpp ? Int(previous[i - bpp]) : 0
            let x = Int(line[i])
            let value: Int
            switch filter {
            case 1: value = x + a
            case 2: value = x + b
            case 3: value = x + (a + b) / 2
            case 4:
                let p = a + b - c
                let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                value = x + (pa <= pb && pa <= pc ? a : (pb <= pc ? b : c))
            default: value = x
            }
            line[i] = UInt8(truncatingIfNeeded: value)
        }
    }

    private static func inflate(_ data: [UInt8], expected: Int) -> [UInt8]? {
        var length = uLongf(expected)
        var out = [UInt8](repeating: 0, count: expected)
        let status = uncompress(&out, &length, data, uLong(data.count))
        return status == Z_OK && Int(length) == expected ? out : nil
    }

    private static func readUInt32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
}
