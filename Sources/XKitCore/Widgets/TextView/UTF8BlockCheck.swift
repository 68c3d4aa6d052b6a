/// The paragraph scanner's wide path: 32 bytes at once, with SIMD lanes, accepted only when every
/// scalar in them is well-formed, stands alone (`TextStorage.standsAlone`) and is no break.
///
/// Mixed-script text (Vietnamese between ASCII words, kana next to kanji, Hangul) changes sequence
/// length every few bytes, which costs the byte-at-a-time loop a mispredicted branch per character.
/// Here each lane is checked against its one and two predecessors, so a block costs the same
/// whatever its mix. A block it refuses goes to the exact byte loop, so it may refuse more than it
/// must, never less.
enum UTF8BlockCheck {
    typealias Lanes = SIMD32<UInt8>

    /// How many bytes from `start` are accepted (0 when the block is refused) and how many scalars
    /// they hold. Needs two bytes before `start` and 33 from it; `start` is a sequence boundary and
    /// the two bytes before it end well-formed sequences.
    ///
    /// Accepted are ASCII bytes other than the breaks 0x0A–0x0D, and the sequences with these lead
    /// and second bytes (and, where given, third bytes), a subset of what `standsAlone` admits:
    /// C2 A0–BF, C3–C8 any, D0–D1 any (Latin-1, Latin Extended, Cyrillic); E1 B8–BB (Vietnamese);
    /// E2 80 90–A7 (dashes, quotes, bullets, ellipsis); E3 80–83 without 80 AA–AF, 81 80 and 82 97–9A
    /// (CJK punctuation and kana, less their combining marks); E4 B8–BF and E5–E9 any (CJK
    /// ideographs); EA B0–BF, EB–EC any, ED 80–9D (Hangul syllables); EF BC 81 – BD BF (full-width forms).
    @inline(__always)
    static func accepted(_ base: UnsafeRawPointer, at start: Int) -> (length: Int, scalars: Int) {
        let v = base.loadUnaligned(fromByteOffset: start, as: Lanes.self)
        let breaks = inRange(v, 0x0A, 0x0D)
        if !anyLane(breaks .| (v .>= splat(0x80))) { return (Lanes.scalarCount, Lanes.scalarCount) }

        let p1 = base.loadUnaligned(fromByteOffset: start - 1, as: Lanes.self)
        let p2 = base.loadUnaligned(fromByteOffset: start - 2, as: Lanes.self)
        let lead = v .>= splat(0xC0)
        let knownLead = inRange(v, 0xC2, 0xC8) .| inRange(v, 0xD0, 0xD1) .| inRange(v, 0xE1, 0xED) .| (v .== splat(0xEF))
        // Lanes that must be continuation bytes: after any lead, and two after a three-byte lead
        // (four-byte leads are refused above, so none reaches three back).
        let continuation = inRange(v, 0x80, 0xBF)
        let expected = (p1 .>= splat(0xC0)) .| (p2 .>= splat(0xE0))
        var refused = breaks .| (lead .& .!knownLead) .| (continuation .^ expected)
        // Second bytes that leave the admitted ranges (which also rules out overlong and surrogate forms).
        refused .|= (p1 .== splat(0xC2)) .& (v .< splat(0xA0))
        refused .|= (p1 .== splat(0xE1)) .& .!inRange(v, 0xB8, 0xBB)
        refused .|= (p1 .== splat(0xE2)) .& (v .!= splat(0x80))
        refused .|= (p1 .== splat(0xE3)) .& (v .> splat(0x83))
        refused .|= (p1 .== splat(0xE4)) .& (v .< splat(0xB8))
        refused .|= (p1 .== splat(0xEA)) .& (v .< splat(0xB0))
        refused .|= (p1 .== splat(0xED)) .& (v .> splat(0x9D))
        refused .|= (p1 .== splat(0xEF)) .& .!inRange(v, 0xBC, 0xBD)
        // Third bytes: U+302A–302F and U+3099–309A join what is before them; U+2000–200F (ZWJ among
        // them), U+2028–2029 (breaks), U+202A–202F, and the unassigned U+3040, U+3097–3098 and
        // U+FF00 are left to the byte loop.
        refused .|= (p2 .== splat(0xE3)) .& (p1 .== splat(0x80)) .& inRange(v, 0xAA, 0xAF)
        refused .|= (p2 .== splat(0xE3)) .& (p1 .== splat(0x81)) .& (v .== splat(0x80))
        refused .|= (p2 .== splat(0xE3)) .& (p1 .== splat(0x82)) .& inRange(v, 0x97, 0x9A)
        refused .|= (p2 .== splat(0xEF)) .& (p1 .== splat(0xBC)) .& (v .== splat(0x80))
        refused .|= (p2 .== splat(0xE2)) .& .!inRange(v, 0x90, 0xA7)
        if anyLane(refused) { return (0, 0) }

        // A sequence cut by the block's end is left for the next block, which checks it whole.
        var length = Lanes.scalarCount
        if base.load(fromByteOffset: start + length, as: UInt8.self) & 0xC0 == 0x80 {
            if base.load(fromByteOffset: start + length - 1, as: UInt8.self) >= 0xC0 {
                length -= 1
            } else if base.load(fromByteOffset: start + length - 2, as: UInt8.self) >= 0xE0 {
                length -= 2
            }
        }
        // A true lane of a mask is -1 in its storage, so the sum is minus the continuation count.
        let continuations = -Int(continuation._storage.wrappedSum())
        let cut = length < Lanes.scalarCount ? 1 : 0
        return (length, Lanes.scalarCount - continuations - cut)
    }

    /// All lanes `byte`. Comparisons take two vectors: Swift's vector-and-scalar forms (and its
    /// bitwise operators on vectors) go lane by lane.
    @inline(__always)
    private static func splat(_ byte: UInt8) -> Lanes { Lanes(repeating: byte) }

    /// Whether any lane is true: a true lane is -1 in the mask's storage and 32 of them cannot wrap
    /// the sum to 0. One `psadbw`, where the standard library's `any` is a call and a tree of maxima.
    @inline(__always)
    private static func anyLane(_ mask: SIMDMask<Lanes.MaskStorage>) -> Bool { mask._storage.wrappedSum() != 0 }

    /// The lanes holding a byte from `low` to `high`, as one unsigned comparison.
    @inline(__always)
    private static func inRange(_ v: Lanes, _ low: UInt8, _ high: UInt8) -> SIMDMask<Lanes.MaskStorage> {
        (v &- splat(low)) .<= splat(high &- low)
    }
}
