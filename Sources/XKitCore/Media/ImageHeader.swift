/// What an encoded image's header says about the cost of decoding it, read without decoding.
///
/// The cost of a decode follows the pixels it produces (and, for a progressive JPEG, how many
/// times the decoder passes over them), not the size of the file: a 130 KB PNG may hold
/// 16384×2048 pixels, a 140 KB JPEG 704 scans. `ImageCache` asks this before decoding on the
/// main actor.
public struct ImageHeader: Sendable, Hashable {
    /// The file's format.
    public var format: ImageFormat
    /// The width in pixels, as the header states it.
    public var width: Int
    /// The height in pixels, as the header states it.
    public var height: Int
    /// Whether the JPEG is progressive (SOF2, SOF6, SOF10 or SOF14); false for PNG.
    public var isProgressive: Bool
    /// A progressive JPEG's scans (SOS markers), up to `scanCountLimit`; 1 for PNG and a sequential JPEG
    /// (whose cost the pixels tell, so its scans are not walked).
    public var scanCount: Int

    /// Scans are counted up to this many; past it the count stops, as the decision is made.
    public static let scanCountLimit = 4096

    /// The bytes `width × height` pixels take once decoded (4 per pixel).
    public var decodedBytes: Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow else { return .max }
        let (bytes, overflowBytes) = product.multipliedReportingOverflow(by: 4)
        return overflowBytes ? .max : bytes
    }

    /// The header of a PNG or JPEG, or nil when `data` is neither or its header is cut short or invalid.
    public init?(parsing data: [UInt8]) {
        switch ImageFormat(sniffing: data) {
        case .png?:
            guard let header = Self.png(data) else { return nil }
            self = header
        case .jpeg?:
            guard let header = Self.jpeg(data) else { return nil }
            self = header
        case nil:
            return nil
        }
    }

    private init(format: ImageFormat, width: Int, height: Int, isProgressive: Bool, scanCount: Int) {
        self.format = format
        self.width = width
        self.height = height
        self.isProgressive = isProgressive
        self.scanCount = scanCount
    }

    private static func bigEndian32(_ data: [UInt8], _ at: Int) -> Int {
        Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
    }

    private static func bigEndian16(_ data: [UInt8], _ at: Int) -> Int {
        Int(data[at]) << 8 | Int(data[at + 1])
    }

    /// PNG: the IHDR chunk must come first, right after the 8-byte signature.
    private static func png(_ data: [UInt8]) -> ImageHeader? {
        guard data.count >= 24, bigEndian32(data, 8) == 13, Array(data[12..<16]) == Array("IHDR".utf8) else { return nil }
        let width = bigEndian32(data, 16), height = bigEndian32(data, 20)
        // The PNG specification caps both at 2^31 - 1; zero is invalid.
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else { return nil }
        return ImageHeader(format: .png, width: width, height: height, isProgressive: false, scanCount: 1)
    }

    /// JPEG: walks the marker segments to the frame header, and for a progressive frame counts
    /// the scans, skipping each scan's entropy-coded data (where 0xFF is stuffed as FF 00 and the
    /// restart markers FF D0–D7 do not end the data).
    private static func jpeg(_ data: [UInt8]) -> ImageHeader? {
        var frame: (width: Int, height: Int, progressive: Bool)?
        var scans = 0
        var at = 2
        while at + 1 < data.count {
            guard data[at] == 0xFF else {
                // Inside entropy-coded data after a scan header: find the next real marker.
                at += 1
                continue
            }
            let marker = data[at + 1]
            if marker == 0xFF { at += 1; continue }                       // fill byte
            if marker == 0x00 || (0xD0...0xD7).contains(marker) { at += 2; continue }  // stuffed byte, restart
            if marker == 0xD9 { break }                                   // end of image
            if marker == 0x01 { at += 2; continue }                       // TEM has no length
            guard at + 3 < data.count else { break }
            let length = bigEndian16(data, at + 2)
            guard length >= 2 else { return nil }
            let body = at + 4
            switch marker {
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                guard frame == nil, length >= 8, body + 5 <= data.count else { return nil }
                let height = bigEndian16(data, body + 1), width = bigEndian16(data, body + 3)
                // A zero height (DNL defines it later) is legal but rare; it cannot be costed, so refuse it.
                guard width > 0, height > 0 else { return nil }
                frame = (width, height, [0xC2, 0xC6, 0xCA, 0xCE].contains(marker))
            case 0xDA:
                scans += 1
                if frame.map({ !$0.progressive }) ?? false || scans >= scanCountLimit {
                    // A baseline frame's cost is known at its first scan; a progressive one past the limit is over any limit.
                    at = data.count
                    continue
                }
            default:
                break
            }
            at += 2 + length
        }
        guard let frame, scans > 0 else { return nil }
        return ImageHeader(format: .jpeg, width: frame.width, height: frame.height,
                           isProgressive: frame.progressive, scanCount: scans)
    }
}
