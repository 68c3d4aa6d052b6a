/// Line-break tailoring for URLs: a URL wraps after `/` and `.` in its body, never inside its
/// `https://` or `www.` prefix, and nowhere else (UAX #14 alone would break after `https://` and
/// keep `example.com/path` whole).
enum URLLineBreaks {
    /// Whether the `:` or `.` at byte `p` ends "://"'s colon or "www.": a URL may start nearby.
    @inline(__always)
    static func marksURL(_ bytes: UnsafeBufferPointer<UInt8>, at p: Int) -> Bool {
        if bytes[p] == 0x3A {
            return p + 2 < bytes.count && bytes[p + 1] == 0x2F && bytes[p + 2] == 0x2F
        }
        guard p >= 3 else { return false }
        return (bytes[p - 3] | 0x20) == 0x77 && (bytes[p - 2] | 0x20) == 0x77 && (bytes[p - 1] | 0x20) == 0x77
    }

    /// Marks every cluster inside each URL of `string` as tailored, with an opportunity only after a
    /// `/` or `.` of the URL's body.
    static func apply(to scan: inout TextScan, string: String) {
        for match in TextDetector.matches(in: string, kinds: [.urls]) {
            let start = string.utf8Offset(of: match.range.lowerBound)
            let end = string.utf8Offset(of: match.range.upperBound)
            let bodyStart = start + prefixLength(of: string[match.range])
            var i = firstCluster(atOrAfter: start, in: scan) + 1
            while i < scan.count && scan.offsets[i] < end {
                let previous = scan.offsets[i - 1]
                let byte = string.utf8[string.index(utf8Offset: previous)]
                let breaks = previous >= bodyStart && (byte == 0x2F || byte == 0x2E)
                    && scan.offsets[i] - previous == 1
                scan.flags[i] = scan.flags[i] & ~LineBreakClass.opportunity | LineBreakClass.tailored
                    | (breaks ? LineBreakClass.opportunity : 0)
                i += 1
            }
        }
    }

    /// The UTF-8 length of "scheme://" or "www." at the URL's start.
    private static func prefixLength(of url: Substring) -> Int {
        let bytes = Array(url.utf8.prefix(16))
        for i in 0..<max(0, bytes.count - 2) where bytes[i] == 0x3A && bytes[i + 1] == 0x2F && bytes[i + 2] == 0x2F {
            return i + 3
        }
        return min(4, bytes.count)
    }

    /// The index of the first cluster starting at or after UTF-8 offset `offset` (binary search).
    private static func firstCluster(atOrAfter offset: Int, in scan: TextScan) -> Int {
        var lo = 0, hi = scan.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if scan.offsets[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
