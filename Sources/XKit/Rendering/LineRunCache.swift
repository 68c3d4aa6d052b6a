/// The glyph runs of lines a face drew lately, by the line's UTF-8, so a line drawn again (the
/// unchanged lines of a paragraph being typed in, a label redrawn) is not cut into runs again.
///
/// Cutting a line walks it by grapheme cluster and looks each one's font and advance up: about 2,700
/// instructions a character, most of a TextView key's redraw. A hit costs one pass of hashing and
/// comparing bytes. Runs are kept with pens relative to the line's start and for the whole line;
/// the caller skips those outside its clip.
struct LineRunCache {
    /// Lines longer than this are cut every time (they are rare, and their runs would crowd the cache).
    static let longestLine = 1_024
    /// When the cache holds this many lines it is emptied (cheaper than tracking the least recent).
    static let capacity = 1_024

    private struct Entry {
        var utf8: [UInt8]
        var runs: [GlyphRun]
    }
    private var entries: [UInt64: [Entry]] = [:]
    private var count = 0

    /// The runs kept for a line with these bytes, or nil.
    func runs(for utf8: UnsafeBufferPointer<UInt8>, hash: UInt64) -> [GlyphRun]? {
        guard let candidates = entries[hash] else { return nil }
        for entry in candidates where entry.utf8.count == utf8.count && entry.utf8.withUnsafeBufferPointer({ kept in
            kept.elementsEqual(utf8)
        }) {
            return entry.runs
        }
        return nil
    }

    mutating func insert(_ runs: [GlyphRun], for utf8: UnsafeBufferPointer<UInt8>, hash: UInt64) {
        if count >= LineRunCache.capacity {
            entries.removeAll(keepingCapacity: true)
            count = 0
        }
        entries[hash, default: []].append(Entry(utf8: Array(utf8), runs: runs))
        count += 1
    }

    /// FNV-1a over the line's bytes.
    static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
