/// UTF-8 validation fast enough for 64 MiB pastes.
///
/// The standard library's check and a branchy decoder both run at about 400 MB/s on mixed
/// scripts (the lead byte's kind is unpredictable), which made validation the largest cost of a
/// big paste. The bulk is checked 16 bytes at a time with vector compares (`blockEnd`); the few
/// bytes around it, where a character may be split between two calls, go through a branch-free
/// shift DFA (Per Vognsen's layout): each byte's table entry holds the next state for every
/// state, 6 bits apiece, so one step is a load and a shift. Both follow the well-formed sequences
/// of Unicode Table 3-7: no overlongs, no surrogates, nothing above U+10FFFF.
struct UTF8Check {
    private var state = UTF8Check.accept

    /// Whether the bytes fed so far are valid UTF-8 that ends on a character boundary.
    var isValid: Bool { state & 63 == UTF8Check.accept }
    /// Whether the bytes fed so far already contain an error (more bytes cannot fix it).
    var hasFailed: Bool { state & 63 == UTF8Check.error }

    static func isValid(_ bytes: [UInt8]) -> Bool {
        var check = UTF8Check()
        bytes.withUnsafeBufferPointer { check.feed($0) }
        return check.isValid
    }

    /// Checks the next bytes; a character may be split between two calls (INCR chunks are).
    mutating func feed(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, !hasFailed else { return }
        let count = buffer.count
        // The DFA finishes a character split from the last call and steps until three whole
        // characters' bytes lie behind: the block check reads the three bytes before each block.
        var i = 0
        while i < count && !hasFailed && (i < 3 || state & 63 != UTF8Check.accept) {
            step(base[i])
            i += 1
        }
        guard !hasFailed, i + 16 <= count else { return finish(base, from: i, count: count) }
        let end = UTF8Check.blockEnd(UnsafeRawPointer(base), from: i, count: count)
        guard end >= 0 else { state = UTF8Check.error; return }
        if end == i { return finish(base, from: i, count: count) }
        // The blocks end anywhere in a character: restart the DFA at the start of the last one.
        var start = end - 1
        while start > i && base[start] & 0xC0 == 0x80 { start -= 1 }
        state = UTF8Check.accept
        finish(base, from: start, count: count)
    }

    private mutating func step(_ byte: UInt8) {
        state = UTF8Check.table.withUnsafeBufferPointer { $0[Int(byte)] } &>> state
    }

    /// The DFA over `from..<count`.
    private mutating func finish(_ base: UnsafePointer<UInt8>, from: Int, count: Int) {
        guard from < count, !hasFailed else { return }
        state = UTF8Check.table.withUnsafeBufferPointer { table in
            guard let rows = table.baseAddress else { return UTF8Check.error }
            var state = self.state
            for i in from..<count { state = rows[Int(base[i])] &>> state }
            return state
        }
    }

    /// Checks 16-byte blocks from `from`, a character boundary with three checked bytes before it;
    /// returns where the blocks ended, or -1 at the first ill-formed byte.
    ///
    /// The DFA's dependent load-and-shift per byte ran at about 1 GB/s, 70 ms of CPU for a 64 MiB
    /// paste (more than xclip's whole read). This compares 16 bytes at once with the same rules:
    /// a byte is a continuation exactly when the byte before it is a lead, or the byte two before
    /// leads three or four bytes, or the byte three before leads four; C0, C1 and F5...FF never
    /// occur; and after E0, ED, F0 and F4 the next byte's range is narrower (Table 3-7). Reading
    /// the previous bytes as unaligned loads at -1, -2 and -3 keeps it to plain vector compares.
    private static func blockEnd(_ raw: UnsafeRawPointer, from: Int, count: Int) -> Int {
        typealias Bytes = SIMD16<UInt8>
        // Vector operands throughout: comparing with a scalar compiles to a loop over the lanes.
        let c0 = Bytes(repeating: 0xC0), e0 = Bytes(repeating: 0xE0), f0 = Bytes(repeating: 0xF0)
        let x80 = Bytes(repeating: 0x80), xfe = Bytes(repeating: 0xFE), f5 = Bytes(repeating: 0xF5)
        let ed = Bytes(repeating: 0xED), f4 = Bytes(repeating: 0xF4)
        let a0 = Bytes(repeating: 0xA0), x90 = Bytes(repeating: 0x90)
        var i = from
        while i + 16 <= count {
            let x = raw.loadUnaligned(fromByteOffset: i, as: Bytes.self)
            let p1 = raw.loadUnaligned(fromByteOffset: i - 1, as: Bytes.self)
            let p2 = raw.loadUnaligned(fromByteOffset: i - 2, as: Bytes.self)
            let p3 = raw.loadUnaligned(fromByteOffset: i - 3, as: Bytes.self)
            let continuation = x & c0 .== x80
            let required = p1 .>= c0 .| p2 .>= e0 .| p3 .>= f0
            var bad = continuation .^ required
            bad = bad .| x & xfe .== c0 .| x .>= f5
            let belowA0 = x .< a0, below90 = x .< x90
            bad = bad .| (p1 .== e0 .& belowA0) .| (p1 .== ed .& .!belowA0)
            bad = bad .| (p1 .== f0 .& below90) .| (p1 .== f4 .& .!below90)
            if unsafeBitCast(bad, to: SIMD2<UInt64>.self) != .zero { return -1 }
            i += 16
        }
        return i
    }

    private static let error: UInt64 = 0
    private static let accept: UInt64 = 6

    /// Row per byte value: bits 6s...6s+5 hold the state reached from state 6s.
    private static let table: [UInt64] = {
        // States, in units of 6 bits: 0 error (absorbing: its bits are all zero), 1 accept,
        // 2/3/4 need one/two/three continuation bytes, 5 after E0, 6 after ED, 7 after F0, 8 after F4.
        func next(_ state: Int, _ byte: Int) -> Int {
            let continuation = (0x80...0xBF).contains(byte)
            switch state {
            case 1:
                switch byte {
                case 0x00...0x7F: return 1
                case 0xC2...0xDF: return 2
                case 0xE0: return 5
                case 0xED: return 6
                case 0xE1...0xEF: return 3
                case 0xF0: return 7
                case 0xF4: return 8
                case 0xF1...0xF3: return 4
                default: return 0
                }
            case 2: return continuation ? 1 : 0
            case 3: return continuation ? 2 : 0
            case 4: return continuation ? 3 : 0
            case 5: return (0xA0...0xBF).contains(byte) ? 2 : 0
            case 6: return (0x80...0x9F).contains(byte) ? 2 : 0
            case 7: return (0x90...0xBF).contains(byte) ? 3 : 0
            case 8: return (0x80...0x8F).contains(byte) ? 3 : 0
            default: return 0
            }
        }
        return (0..<256).map { byte in
            (1...8).reduce(UInt64(0)) { row, state in row | UInt64(next(state, byte) * 6) << UInt64(state * 6) }
        }
    }()
}
