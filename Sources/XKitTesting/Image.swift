import Foundation
import CXTest
#if canImport(Glibc)
import Glibc
#endif

/// An 8-bit RGB image, rows top to bottom, 3 bytes per pixel.
public struct RGBImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public struct Pixel: Equatable, Sendable, CustomStringConvertible {
        public var r: UInt8, g: UInt8, b: UInt8
        public init(r: UInt8, g: UInt8, b: UInt8) { self.r = r; self.g = g; self.b = b }
        /// From 0xRRGGBB.
        public init(hex: UInt32) { self.init(r: UInt8(hex >> 16 & 0xff), g: UInt8(hex >> 8 & 0xff), b: UInt8(hex & 0xff)) }
        public var description: String { String(format: "#%02x%02x%02x", r, g, b) }
        public static let black = Pixel(r: 0, g: 0, b: 0)
        public static let white = Pixel(r: 255, g: 255, b: 255)
    }

    public init(width: Int, height: Int, fill: Pixel = .black) {
        precondition(width >= 0 && height >= 0)
        self.width = width; self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 3)
        if fill != .black { for i in 0..<width * height { pixels[3 * i] = fill.r; pixels[3 * i + 1] = fill.g; pixels[3 * i + 2] = fill.b } }
    }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "RGB buffer size mismatch")
        self.width = width; self.height = height; self.pixels = pixels
    }

    public subscript(x: Int, y: Int) -> Pixel {
        get {
            let i = (y * width + x) * 3
            return Pixel(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2])
        }
        set {
            let i = (y * width + x) * 3
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g; pixels[i + 2] = newValue.b
        }
    }

    /// The part inside `x, y, width, height`, clipped to the image.
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> RGBImage {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + w), y1 = min(height, y + h)
        guard x1 > x0, y1 > y0 else { return RGBImage(width: 0, height: 0) }
        var out = [UInt8](); out.reserveCapacity((x1 - x0) * (y1 - y0) * 3)
        for row in y0..<y1 { out.append(contentsOf: pixels[(row * width + x0) * 3 ..< (row * width + x1) * 3]) }
        return RGBImage(width: x1 - x0, height: y1 - y0, pixels: out)
    }

    /// How many pixels equal `pixel` exactly.
    public func count(of pixel: Pixel) -> Int {
        var n = 0
        var i = 0
        while i < pixels.count {
            if pixels[i] == pixel.r && pixels[i + 1] == pixel.g && pixels[i + 2] == pixel.b { n += 1 }
            i += 3
        }
        return n
    }

    /// The bounding box (x, y, w, h) of pixels that differ from `background` by more than `tolerance`
    /// in some channel, or nil if there are none — handy to find drawn text.
    public func boundingBox(ofPixelsDifferingFrom background: Pixel, tolerance: Int = 0) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                if abs(Int(pixels[i]) - Int(background.r)) > tolerance || abs(Int(pixels[i + 1]) - Int(background.g)) > tolerance
                    || abs(Int(pixels[i + 2]) - Int(background.b)) > tolerance {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}

// MARK: - PNG

extension RGBImage {
    /// Encodes as an 8-bit RGB, non-interlaced PNG (zlib deflate; per-row adaptive filters).
    public func pngData() throws -> Data {
        // Hot loops use raw pointers: the harness is compiled -Onone under `swift test`, where Array
        // subscripts and generic helpers are an order of magnitude slower.
        let stride = width * 3
        var raw = [UInt8](repeating: 0, count: height * (1 + stride))
        var candidate = [UInt8](repeating: 0, count: stride)
        let zeroRow = [UInt8](repeating: 0, count: stride)
        pixels.withUnsafeBufferPointer { src in
            raw.withUnsafeMutableBufferPointer { dst in
                candidate.withUnsafeMutableBufferPointer { cand in
                    zeroRow.withUnsafeBufferPointer { zero in
                        for y in 0..<height {
                            let row = src.baseAddress! + y * stride
                            let prev = y == 0 ? zero.baseAddress! : src.baseAddress! + (y - 1) * stride
                            let out = dst.baseAddress! + y * (stride + 1)
                            var bestType: UInt8 = 0, bestScore = Int.max
                            for type in UInt8(0)...4 {
                                let score = PNG.filterRow(type: type, row: row, previous: prev, count: stride, bpp: 3, into: cand.baseAddress!)
                                if score < bestScore {
                                    bestScore = score; bestType = type
                                    (out + 1).update(from: cand.baseAddress!, count: stride)
                                }
                            }
                            out.pointee = bestType
                        }
                    }
                }
            }
        }
        var out = Data(PNG.signature)
        var ihdr = [UInt8]()
        ihdr += PNG.be32(UInt32(width)); ihdr += PNG.be32(UInt32(height))
        ihdr += [8, 2, 0, 0, 0] // depth 8, colour type RGB, deflate, adaptive filtering, no interlace
        PNG.appendChunk("IHDR", ihdr, to: &out)
        PNG.appendChunk("IDAT", try PNG.deflate(raw), to: &out)
        PNG.appendChunk("IEND", [], to: &out)
        return out
    }

    /// Writes a PNG file, creating parent directories.
    public func writePNG(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try pngData().write(to: url)
    }

    public func writePNG(to path: String) throws { try writePNG(to: URL(fileURLWithPath: path)) }

    /// Reads an 8-bit RGB or RGBA (alpha dropped), gray or gray+alpha, non-interlaced PNG — the kind
    /// this library writes. Checks CRCs.
    public static func readPNG(from url: URL) throws -> RGBImage {
        try decodePNG(Data(contentsOf: url), name: url.path)
    }

    public static func readPNG(from path: String) throws -> RGBImage { try readPNG(from: URL(fileURLWithPath: path)) }

    public static func decodePNG(_ data: Data, name: String = "PNG data") throws -> RGBImage {
        let bytes = [UInt8](data)
        func fail(_ why: String) -> XKitTestingError { XKitTestingError("\(name): \(why)") }
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNG.signature else { throw fail("not a PNG file") }
        var pos = 8
        var width = 0, height = 0, colorType: UInt8 = 0
        var idat = [UInt8]()
        var sawEnd = false
        while pos + 12 <= bytes.count {
            let length = Int(PNG.readBE32(bytes, pos))
            guard pos + 12 + length <= bytes.count else { throw fail("truncated chunk") }
            let type = String(decoding: bytes[pos + 4 ..< pos + 8], as: UTF8.self)
            let body = Array(bytes[pos + 8 ..< pos + 8 + length])
            let crc = PNG.readBE32(bytes, pos + 8 + length)
            guard PNG.crc(Array(bytes[pos + 4 ..< pos + 8]) + body) == crc else { throw fail("bad CRC in \(type)") }
            switch type {
            case "IHDR":
                guard length == 13 else { throw fail("bad IHDR") }
                width = Int(PNG.readBE32(body, 0)); height = Int(PNG.readBE32(body, 4))
                let depth = body[8]; colorType = body[9]
                guard depth == 8 else { throw fail("bit depth \(depth) unsupported (8 only)") }
                guard [0, 2, 4, 6].contains(colorType) else { throw fail("colour type \(colorType) unsupported") }
                guard body[10] == 0, body[11] == 0 else { throw fail("unknown compression/filter method") }
                guard body[12] == 0 else { throw fail("interlaced PNGs are unsupported") }
            case "IDAT": idat += body
            case "IEND": sawEnd = true
            default: break
            }
            pos += 12 + length
            if sawEnd { break }
        }
        guard width > 0, height > 0 else { throw fail("missing IHDR") }
        let channels = [0: 1, 2: 3, 4: 2, 6: 4][Int(colorType)]!
        let stride = width * channels
        let raw = try PNG.inflate(idat, expectedSize: height * (stride + 1))
        guard raw.count == height * (stride + 1) else { throw fail("image data is \(raw.count) bytes, expected \(height * (stride + 1))") }
        var rows = [UInt8](repeating: 0, count: height * stride)
        var out = [UInt8](repeating: 0, count: width * height * 3)
        try raw.withUnsafeBufferPointer { rawBuf in
            try rows.withUnsafeMutableBufferPointer { rowsBuf in
                let zero = [UInt8](repeating: 0, count: stride)
                try zero.withUnsafeBufferPointer { zeroBuf in
                    for y in 0..<height {
                        let filter = rawBuf[y * (stride + 1)]
                        guard filter <= 4 else { throw fail("bad filter type \(filter) on row \(y)") }
                        let cur = rowsBuf.baseAddress! + y * stride
                        let prev = y == 0 ? zeroBuf.baseAddress! : UnsafePointer(rowsBuf.baseAddress! + (y - 1) * stride)
                        PNG.unfilterRow(type: filter, row: rawBuf.baseAddress! + y * (stride + 1) + 1, previous: prev,
                                        count: stride, bpp: channels, into: cur)
                    }
                }
            }
        }
        if channels == 3 { out = rows } else {
            rows.withUnsafeBufferPointer { r in
                out.withUnsafeMutableBufferPointer { o in
                    for i in 0..<(width * height) {
                        let p = r.baseAddress! + i * channels, q = o.baseAddress! + i * 3
                        if channels >= 3 { q[0] = p[0]; q[1] = p[1]; q[2] = p[2] } else { q[0] = p[0]; q[1] = p[0]; q[2] = p[0] }
                    }
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: out)
    }
}

enum PNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
    static func readBE32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    static func crc(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(crc32(crc32(0, nil, 0), $0.baseAddress, uInt($0.count))) }
    }

    static func appendChunk(_ type: String, _ body: [UInt8], to out: inout Data) {
        let typeBytes = Array(type.utf8)
        out.append(contentsOf: be32(UInt32(body.count)))
        out.append(contentsOf: typeBytes)
        out.append(contentsOf: body)
        out.append(contentsOf: be32(crc(typeBytes + body)))
    }

    static func deflate(_ input: [UInt8]) throws -> [UInt8] {
        var destLen = compressBound(uLong(input.count))
        var out = [UInt8](repeating: 0, count: Int(destLen))
        let rc = input.withUnsafeBufferPointer { src in
            compress2(&out, &destLen, src.baseAddress, uLong(src.count), 6)
        }
        guard rc == Z_OK else { throw XKitTestingError("zlib compress2 failed (\(rc))") }
        return Array(out[0..<Int(destLen)])
    }

    static func inflate(_ input: [UInt8], expectedSize: Int) throws -> [UInt8] {
        var destLen = uLongf(expectedSize)
        var out = [UInt8](repeating: 0, count: max(expectedSize, 1))
        let rc = input.withUnsafeBufferPointer { src in
            uncompress(&out, &destLen, src.baseAddress, uLong(src.count))
        }
        guard rc == Z_OK else { throw XKitTestingError("zlib uncompress failed (\(rc)): corrupt or oversized image data") }
        return Array(out[0..<Int(destLen)])
    }

    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        var pa = p - Int(a), pb = p - Int(b), pc = p - Int(c)
        if pa < 0 { pa = -pa }; if pb < 0 { pb = -pb }; if pc < 0 { pc = -pc }
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Filters one row into `out`; returns the sum-of-absolute-values score used to pick the filter.
    /// One loop per filter type: under -Onone a switch inside the byte loop costs several times more.
    static func filterRow(type: UInt8, row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bpp: Int,
                          into out: UnsafeMutablePointer<UInt8>) -> Int {
        switch type {
        case 0: out.update(from: row, count: count)
        case 1:
            for i in 0..<min(bpp, count) { out[i] = row[i] }
            var i = bpp
            while i < count { out[i] = row[i] &- row[i - bpp]; i += 1 }
        case 2:
            var i = 0
            while i < count { out[i] = row[i] &- previous[i]; i += 1 }
        case 3:
            var i = 0
            while i < count {
                let a = i >= bpp ? Int(row[i - bpp]) : 0
                out[i] = row[i] &- UInt8(truncatingIfNeeded: (a + Int(previous[i])) >> 1)
                i += 1
            }
        default:
            var i = 0
            while i < count {
                let a: UInt8 = i >= bpp ? row[i - bpp] : 0
                let c: UInt8 = i >= bpp ? previous[i - bpp] : 0
                out[i] = row[i] &- paeth(a, previous[i], c)
                i += 1
            }
        }
        var score = 0
        var i = 0
        while i < count {
            let v = Int(out[i])
            score += v < 128 ? v : 256 - v
            i += 1
        }
        return score
    }

    static func unfilterRow(type: UInt8, row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bpp: Int,
                            into out: UnsafeMutablePointer<UInt8>) {
        var i = 0
        while i < count {
            let a: UInt8 = i >= bpp ? out[i - bpp] : 0
            let b = previous[i]
            let predictor: UInt8
            switch type {
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = UInt8(truncatingIfNeeded: (Int(a) + Int(b)) >> 1)
            case 4: predictor = paeth(a, b, i >= bpp ? previous[i - bpp] : 0)
            default: predictor = 0
            }
            out[i] = row[i] &+ predictor
            i += 1
        }
    }
}
