/// The server's request-size limits, read once at connect, and the payload budgets every
/// variable-size request XKit sends is held to.
///
/// A request over the limit fails asynchronously with BadLength; worse, one whose length field
/// overflows (libXrender's glyph requests never use BIG-REQUESTS, so their 16-bit length wraps)
/// desynchronises Xlib's sequence numbers and aborts the process.
struct XRequestLimits: Sendable, Equatable {
    /// The longest request in bytes, BIG-REQUESTS included: what Xlib's own requests may use.
    let maxRequestBytes: Int
    /// The longest request in bytes without BIG-REQUESTS (at most 65535 words): the bound for
    /// libXrender's CompositeGlyphs, which writes its length into the 16-bit field whatever the size.
    let coreMaxRequestBytes: Int

    /// The protocol guarantees every server takes requests of at least 4096 bytes.
    static let protocolMinimumBytes = 4096

    init(maxRequestBytes: Int, coreMaxRequestBytes: Int) {
        let core = min(max(coreMaxRequestBytes, XRequestLimits.protocolMinimumBytes), 65535 * 4)
        self.coreMaxRequestBytes = core
        self.maxRequestBytes = max(maxRequestBytes, core)
    }

    /// ChangeProperty's fixed part: 24 bytes before the data.
    static let changePropertyHeaderBytes = 24

    /// How many items of `format` bits (8, 16 or 32) one ChangeProperty may carry.
    func propertyItems(format: Int) -> Int {
        (maxRequestBytes - XRequestLimits.changePropertyHeaderBytes) / max(1, format / 8)
    }

    /// The most glyphs one Xft draw call may send: a quarter of the core limit.
    ///
    /// Worst case per glyph is 4 bytes (32-bit glyph ids) plus an 8-byte element header every
    /// 252 glyphs; 5 bytes a glyph covers both, and the 28-byte request header fits in the rest.
    var glyphsPerRequest: Int { max(1, coreMaxRequestBytes / 4 / 5) }

    /// The largest font pixel size whose glyphs still upload in one request.
    ///
    /// Xft sends each glyph's bitmap in its own AddGlyphs (4 bytes a pixel for subpixel glyphs), and
    /// a glyph's box can reach about twice the pixel size. 1023 px with BIG-REQUESTS at 16 MiB.
    var maxFontPixelSize: Double {
        let pixels = Double(maxRequestBytes - 1024) / 4
        return max(8, (pixels.squareRoot() / 2).rounded(.down))
    }

    /// The longest string (in UTF-8 bytes) a text property such as a title may carry; longer ones are cut.
    ///
    /// Far under the limit: a window manager copies titles around, and nobody reads 64 KiB of one.
    var textPropertyBytes: Int { min(65536, propertyItems(format: 8)) }
}
