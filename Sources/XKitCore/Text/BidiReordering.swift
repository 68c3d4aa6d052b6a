/// Bidi in a layout: per-cluster levels from the platform's segmenter, and the visual order of lines.
public enum BidiReordering {
    /// The visual order (UAX #9 rule L2) of items with these levels: the item shown at each slot,
    /// left to right. From the highest level down to the lowest odd one, every maximal run at that
    /// level or above is reversed.
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0 else { return order }
        let lowestOdd = levels.filter { $0 & 1 == 1 }.min() ?? highest + 1
        var level = highest
        while level >= lowestOdd && level > 0 {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }

    /// Whether a scalar is strongly right to left or a control that can start right-to-left text.
    @inline(__always)
    static func isRightToLeft(_ v: UInt32) -> Bool {
        switch v {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        case 0x200F, 0x202B, 0x202E, 0x2067, 0x061C: return true
        default: return false
        }
    }

    /// Whether the UTF-8 bytes `lo..<hi` hold a scalar that `isRightToLeft`; every such scalar's
    /// lead byte is 0xD6 or above, so ASCII and most Latin are skipped without decoding.
    private static func holdsRightToLeft(_ bytes: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hi: Int) -> Bool {
        var p = lo
        while p < hi {
            let b = bytes[p]
            if b < 0xD6 { p &+= 1; continue }
            let s = UTF8Decoding.scalar(in: bytes, at: p)
            if isRightToLeft(s.value) { return true }
            p &+= s.length
        }
        return false
    }

    /// Per-cluster levels and paragraph levels for a scanned text, or nil when every paragraph is
    /// plain left to right (the common case, which keeps today's path).
    static func resolve(_ string: String, scan: TextScan, segmenter: TextSegmenter,
                        direction: TextDirection?) -> (levels: [UInt8], paragraphLevels: [UInt8])? {
        let n = scan.count
        guard n > 0 else { return nil }
        var levels = [UInt8](repeating: 0, count: n)
        var paragraphLevels = [UInt8](repeating: direction == .rightToLeft ? 1 : 0, count: n)
        var anyRTL = direction == .rightToLeft
        var text = string
        text.makeContiguousUTF8() // a no-op for native strings
        let utf8 = text.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(text.utf8)
        var start = 0
        while start < n {
            var end = start
            while end < n && scan.flags[end] & LineBreakClass.newline == 0 { end += 1 }
            let paragraphEnd = min(end + 1, n) // the break belongs to its paragraph
            let lo = scan.offsets[start], hi = scan.offsets[paragraphEnd]
            // Most paragraphs hold nothing right to left: find that out before collecting scalars.
            guard direction != nil || utf8.withUnsafeBufferPointer({ holdsRightToLeft($0, lo, hi) }) else {
                start = paragraphEnd
                continue
            }
            // The paragraph's scalars, and the index of each cluster's first scalar among them.
            var scalars: [UInt32] = []
            scalars.reserveCapacity(hi - lo)
            var firstScalar = [Int](repeating: 0, count: paragraphEnd - start)
            utf8.withUnsafeBufferPointer { bytes in
                scan.offsets.withUnsafeBufferPointer { offsets in
                    for c in start..<paragraphEnd {
                        firstScalar[c - start] = scalars.count
                        var p = offsets[c]
                        let clusterEnd = offsets[c + 1]
                        while p < clusterEnd {
                            let s = UTF8Decoding.scalar(in: bytes, at: p)
                            scalars.append(s.value)
                            p &+= s.length
                        }
                    }
                }
            }
            if let resolved = segmenter.bidiLevels(ofParagraph: scalars, direction: direction),
               resolved.levels.count == scalars.count {
                // A cluster takes the level of its first scalar.
                for c in start..<paragraphEnd {
                    let level = resolved.levels[firstScalar[c - start]]
                    levels[c] = level
                    if level & 1 == 1 { anyRTL = true }
                }
                for i in start..<paragraphEnd { paragraphLevels[i] = resolved.paragraphLevel }
                if resolved.paragraphLevel == 1 { anyRTL = true }
            }
            start = paragraphEnd
        }
        return anyRTL ? (levels, paragraphLevels) : nil
    }
}
