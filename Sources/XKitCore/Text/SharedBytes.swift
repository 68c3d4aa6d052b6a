/// How many bytes two buffers share at their start or at their end, compared eight at a time: an
/// edited paragraph shares nearly all its bytes with its text before the edit, and a byte a turn
/// was a tenth of a key's layout.
enum SharedBytes {
    /// The length of the longest common prefix.
    static func prefix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let n = min(a.count, b.count)
        var i = 0
        if let p = a.baseAddress, let q = b.baseAddress {
            let p = UnsafeRawPointer(p), q = UnsafeRawPointer(q)
            while i + 8 <= n,
                  p.loadUnaligned(fromByteOffset: i, as: UInt64.self) == q.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                i += 8
            }
        }
        while i < n, a[i] == b[i] { i += 1 }
        return i
    }

    /// The length of the longest common suffix, at most `limit` bytes (so that it leaves a shared
    /// prefix alone).
    static func suffix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        let n = a.count, m = b.count, limit = max(0, min(limit, n, m))
        var k = 0
        if let p = a.baseAddress, let q = b.baseAddress {
            let p = UnsafeRawPointer(p), q = UnsafeRawPointer(q)
            while k + 8 <= limit,
                  p.loadUnaligned(fromByteOffset: n - k - 8, as: UInt64.self)
                    == q.loadUnaligned(fromByteOffset: m - k - 8, as: UInt64.self) {
                k += 8
            }
        }
        while k < limit, a[n - 1 - k] == b[m - 1 - k] { k += 1 }
        return k
    }
}
