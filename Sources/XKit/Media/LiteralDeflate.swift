/// Deflate (RFC 1951) without string matching: every slice of the input becomes one block of
/// literals under its own Huffman code, and slices are coded in parallel.
///
/// A copied image is encoded while a requestor waits. zlib's fastest level spends most of its
/// time looking for repeats that PNG-filtered photographs rarely have; coding the filtered bytes
/// by their frequencies alone (as fpnge does) is several times faster and, on such pictures,
/// barely larger. Each slice ends byte-aligned with an empty stored block (a sync flush), so the
/// slices' streams simply follow one another.
enum LiteralDeflate {
    /// The longest literal code written: deflate allows 15, but at 14 four codes and the bits
    /// still pending fit one 64-bit word, which is what makes the coding loop fast. The
    /// code-length code's longest is 7.
    private static let maximumLength = 14, maximumCodeLengthLength = 7
    /// The order in which the code-length code's lengths are written (RFC 1951, 3.2.7).
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// One slice as a non-final dynamic block plus a sync flush: whole bytes to append to a stream,
    /// after `front` bytes left for the caller to fill (a chunk's header), with room for 4 more after.
    static func block(_ bytes: UnsafeBufferPointer<UInt8>, histogram: [Int], reservingFront front: Int = 0) -> [UInt8] {
        let lengths = codeLengths(histogram + [1], limit: maximumLength) // 0–255, and 256: end of block
        let codes = canonicalCodes(lengths)
        // The worst case is 15 bits a byte, plus the header; the writer adds slack for its wide stores.
        var writer = BitWriter(capacity: bytes.count * 15 / 8 + 1024, front: front)
        writer.put(0, 1) // not the last block
        writer.put(2, 2) // dynamic Huffman codes
        writeHeader(literalLengths: lengths, to: &writer)
        var table = [UInt32](repeating: 0, count: 256)
        for symbol in 0..<256 { table[symbol] = UInt32(lengths[symbol]) << 16 | UInt32(codes[symbol]) }
        table.withUnsafeBufferPointer { table in writer.putSymbols(bytes, table: table) }
        writer.put(UInt64(codes[256]), Int(lengths[256]))
        writer.put(0, 3) // an empty stored block, not the last: aligns to a byte
        writer.alignToByte()
        writer.appendBytes([0, 0, 0xFF, 0xFF])
        return writer.finish()
    }

    /// The bytes that end a stream of such blocks: an empty, final stored block.
    static let end: [UInt8] = [1, 0, 0, 0xFF, 0xFF]

    /// The lit/len code's 257 lengths, two distance codes of one bit (as zlib writes when no
    /// distance is used: some decoders want a complete distance code), and the code-length code.
    private static func writeHeader(literalLengths: [UInt8], to writer: inout BitWriter) {
        let all = literalLengths + [1, 1]
        var frequencies = [Int](repeating: 0, count: 19)
        for length in all { frequencies[Int(length)] += 1 }
        let lengths = codeLengths(frequencies, limit: maximumCodeLengthLength)
        let codes = canonicalCodes(lengths)
        var count = 19
        while count > 4 && lengths[codeLengthOrder[count - 1]] == 0 { count -= 1 }
        writer.put(UInt64(literalLengths.count - 257), 5)
        writer.put(UInt64(2 - 1), 5)
        writer.put(UInt64(count - 4), 4)
        for i in 0..<count { writer.put(UInt64(lengths[codeLengthOrder[i]]), 3) }
        for length in all { writer.put(UInt64(codes[Int(length)]), Int(lengths[Int(length)])) }
    }

    /// Huffman code lengths for `frequencies`, none longer than `limit`: a too-deep tree is built
    /// again from flattened frequencies (it takes very skewed counts to need that, and it costs
    /// little size when it happens). Symbols never seen get no code.
    static func codeLengths(_ frequencies: [Int], limit: Int) -> [UInt8] {
        var weights = frequencies
        while true {
            let lengths = huffmanLengths(weights)
            if (lengths.max() ?? 0) <= limit { return lengths }
            weights = weights.map { $0 == 0 ? 0 : ($0 >> 1) | 1 }
        }
    }

    private static func huffmanLengths(_ weights: [Int]) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: weights.count)
        let used = weights.indices.filter { weights[$0] > 0 }
        guard used.count > 1 else {
            // One symbol still needs a one-bit code.
            for symbol in used { lengths[symbol] = 1 }
            return lengths
        }
        // Two queues (van Leeuwen): the leaves by weight, and the merged nodes, which come out in
        // order of weight by themselves; the two lightest fronts merge. Nodes: leaves, then merged.
        let leaves = used.indices.sorted { weights[used[$0]] < weights[used[$1]] }
        var weight = used.map { weights[$0] }
        var parent = [Int](repeating: -1, count: used.count)
        var nextLeaf = 0, nextMerged = used.count
        func lightest() -> Int {
            if nextLeaf < leaves.count && (nextMerged >= weight.count || weight[leaves[nextLeaf]] <= weight[nextMerged]) {
                nextLeaf += 1
                return leaves[nextLeaf - 1]
            }
            nextMerged += 1
            return nextMerged - 1
        }
        for _ in 1..<used.count {
            let a = lightest(), b = lightest()
            let node = weight.count
            weight.append(weight[a] + weight[b])
            parent.append(-1)
            parent[a] = node
            parent[b] = node
        }
        for (leaf, symbol) in used.enumerated() {
            var depth = 0
            var node = leaf
            while parent[node] >= 0 { node = parent[node]; depth += 1 }
            lengths[symbol] = UInt8(min(depth, 255))
        }
        return lengths
    }

    /// Canonical codes for `lengths` (RFC 1951, 3.2.2), bit-reversed for writing least bit first.
    static func canonicalCodes(_ lengths: [UInt8]) -> [UInt16] {
        let longest = Int(lengths.max() ?? 0)
        var perLength = [Int](repeating: 0, count: longest + 1)
        for length in lengths where length > 0 { perLength[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: longest + 2)
        var code = 0
        for bits in 1...max(1, longest) {
            code = (code + (bits - 1 < perLength.count ? perLength[bits - 1] : 0)) << 1
            next[bits] = code
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let value = next[Int(length)]
            next[Int(length)] += 1
            var reversed = 0
            for bit in 0..<Int(length) where value & (1 << bit) != 0 { reversed |= 1 << (Int(length) - 1 - bit) }
            codes[symbol] = UInt16(reversed)
        }
        return codes
    }
}

/// Bits written least significant first into a byte buffer, as deflate packs them.
private struct BitWriter {
    private var buffer: [UInt8]
    private var position = 0
    private var accumulator: UInt64 = 0
    private var pending = 0

    /// A writer starting after `front` zero bytes.
    init(capacity: Int, front: Int = 0) {
        // Uninitialized: every byte up to `position` is written before it is read.
        buffer = [UInt8](unsafeUninitializedCapacity: front + capacity + 8) { bytes, count in
            bytes.baseAddress?.update(repeating: 0, count: front)
            count = front + capacity + 8
        }
        position = front
    }

    mutating func put(_ bits: UInt64, _ count: Int) {
        accumulator |= bits << UInt64(pending)
        pending += count
        while pending >= 8 {
            buffer[position] = UInt8(truncatingIfNeeded: accumulator)
            position += 1
            accumulator >>= 8
            pending -= 8
        }
    }

    /// Each byte of `bytes` as its code from `table` (length << 16 | reversed code, lengths of at
    /// most 14 bits): the hot loop. Four codes are joined apart from the pending bits, then added
    /// at once and every whole byte stored, so the loop's chain through `acc` is short.
    mutating func putSymbols(_ bytes: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt32>) {
        put(0, 0) // fewer than 8 bits pending
        var acc = accumulator, bits = UInt64(pending), out = position
        buffer.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress, let input = UnsafeRawPointer(bytes.baseAddress) else { return }
            var i = 0
            let n = bytes.count
            while i + 4 <= n {
                let word = input.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                let a = table[Int(word & 0xFF)], b = table[Int((word >> 8) & 0xFF)]
                let c = table[Int((word >> 16) & 0xFF)], d = table[Int(word >> 24)]
                var code = UInt64(a & 0xFFFF), length = UInt64(a >> 16)
                code |= UInt64(b & 0xFFFF) &<< length
                length += UInt64(b >> 16)
                code |= UInt64(c & 0xFFFF) &<< length
                length += UInt64(c >> 16)
                code |= UInt64(d & 0xFFFF) &<< length
                length += UInt64(d >> 16)
                // At most 7 pending plus 56 new bits: one word holds them all.
                acc |= code &<< bits
                bits += length
                (base + out).storeBytes(of: acc.littleEndian, as: UInt64.self)
                out += Int(bits >> 3)
                acc &>>= bits & 56
                bits &= 7
                i += 4
            }
            while i < n {
                let a = table[Int(bytes[i])]
                acc |= UInt64(a & 0xFFFF) &<< bits
                bits += UInt64(a >> 16)
                (base + out).storeBytes(of: acc.littleEndian, as: UInt64.self)
                out += Int(bits >> 3)
                acc &>>= bits & 56
                bits &= 7
                i += 1
            }
        }
        accumulator = acc
        pending = Int(bits)
        position = out
    }

    mutating func alignToByte() {
        if pending > 0 { put(0, 8 - pending) }
    }

    mutating func appendBytes(_ bytes: [UInt8]) {
        for byte in bytes { put(UInt64(byte), 8) }
    }

    /// The bytes written. The buffer keeps the worst case's capacity, but pages never written are
    /// never touched, and copying 30 MB of slices to trim them cost more than it saved.
    consuming func finish() -> [UInt8] {
        buffer.removeLast(buffer.count - position)
        return buffer
    }
}
