/// The text an owner serves, kept as UTF-8 with its Latin-1 form made once, on demand.
final class SelectionContent {
    let utf8: [UInt8]
    private var latin1Cache: [UInt8]??

    init(utf8: [UInt8]) { self.utf8 = utf8 }

    /// The STRING form, or nil when the text has characters outside Latin-1.
    var latin1: [UInt8]? {
        if let cached = latin1Cache { return cached }
        let value = Latin1.encode(utf8: utf8)
        latin1Cache = .some(value)
        return value
    }

    /// Whether a STRING conversion would succeed (cheaper than building it for big texts).
    var hasLatin1Form: Bool {
        if let cached = latin1Cache { return cached != nil }
        return Latin1.canEncode(utf8: utf8)
    }
}
