import Testing
@testable import XKitCore

/// Shared heads and tails of byte buffers, eight bytes a turn, against a byte-by-byte count.
@Suite struct SharedBytesTests {
    @Test func sharedHeadsAndTailsMatchAByteByByteCount() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<5_000 {
            let base = (0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0...3, using: &rng) }
            var other = base
            // An edit somewhere: bytes replaced, inserted or removed.
            let at = Int.random(in: 0...base.count, using: &rng)
            let cut = Int.random(in: 0...min(3, base.count - at), using: &rng)
            other.replaceSubrange(at..<(at + cut), with: (0..<Int.random(in: 0...3, using: &rng)).map { _ in UInt8.random(in: 0...3, using: &rng) })
            let limit = Int.random(in: 0...45, using: &rng)
            let head = zip(base, other).prefix { $0 == $1 }.count
            let tail = min(limit, zip(base.reversed(), other.reversed()).prefix { $0 == $1 }.count)
            base.withUnsafeBufferPointer { a in
                other.withUnsafeBufferPointer { b in
                    #expect(SharedBytes.prefix(a, b) == head, "\(base) and \(other)")
                    #expect(SharedBytes.suffix(a, b, limit: limit) == tail, "\(base) and \(other), at most \(limit)")
                }
            }
        }
    }
}
