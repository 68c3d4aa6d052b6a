import CXKitICU

/// Thai word breaks from libthai, as Pango takes them (`break-thai.c`): inside each run of Thai
/// characters libthai's dictionary decides where words end; ICU decides at the run's edges and
/// everywhere else.
///
/// libthai is the Thai word breaker of the Linux desktop (Pango, hence GTK and Firefox on Linux),
/// with a dictionary maintained for Thai alone; ICU's is a different one, and the two disagree on
/// compounds and on words missing from one of them. Using libthai makes a double-click, Ctrl+arrows
/// and wrapping in XKit split Thai where GTK apps on the same desktop do.
enum ThaiWordBreaks {
    /// Whether a UTF-16 unit is an assigned Thai character (U+0E01–U+0E3A, U+0E3F–U+0E5B), the
    /// range libthai's TIS-620 conversion covers.
    @inline(__always)
    static func isThai(_ u: UInt16) -> Bool {
        u &- 0x0E01 <= 0x0E3A - 0x0E01 || u &- 0x0E3F <= 0x0E5B - 0x0E3F
    }

    /// Whether a boundary may stand before this unit: never before a Thai combining mark or sara am,
    /// which extend the grapheme before them (graphemes stay ICU's).
    @inline(__always)
    static func mayBreak(before u: UInt16) -> Bool {
        !(u == 0x0E31 || (0x0E33...0x0E3A).contains(u) || (0x0E47...0x0E4E).contains(u))
    }

    /// The offset of the first Thai unit, or nil when the text has none (the common case: one pass).
    static func firstThai(in utf16: [UInt16]) -> Int? {
        utf16.withUnsafeBufferPointer { text in
            for i in text.indices where isThai(text[i]) { return i }
            return nil
        }
    }

    /// The runs of two or more Thai units from `first` on: the stretches libthai breaks.
    static func runs(in utf16: [UInt16], from first: Int) -> [Range<Int>] {
        utf16.withUnsafeBufferPointer { text in
            var runs: [Range<Int>] = []
            var i = first
            while i < text.count {
                guard isThai(text[i]) else { i += 1; continue }
                var end = i + 1
                while end < text.count && isThai(text[end]) { end += 1 }
                if end - i >= 2 { runs.append(i..<end) }
                i = end
            }
            return runs
        }
    }

    /// The text ICU should see when libthai breaks the Thai runs: the inside of each run (all but its
    /// first and last unit) becomes "a". ICU's rules treat Thai letters as alphabetic (SA resolves to
    /// AL; ALetter for words) and find no boundary between letters, so the run's edges come out as
    /// before, while ICU's own Thai dictionary, whose breaks inside the run would be dropped anyway,
    /// never runs (about a quarter of ICU's time on text with much Thai).
    static func maskingRunInteriors(_ utf16: [UInt16], runs: [Range<Int>]) -> [UInt16] {
        var masked = utf16
        for run in runs where run.count >= 3 {
            for k in (run.lowerBound + 1)..<(run.upperBound - 1) { masked[k] = 0x61 }
        }
        return masked
    }

    /// `boundaries` (ascending UTF-16 offsets, from ICU) with those strictly inside each of `runs`
    /// replaced by libthai's breaks of the run; a run libthai cannot break keeps ICU's. `breaker` is
    /// an `xkit_thai_open` breaker, used by one thread at a time.
    static func tailor(_ boundaries: [Int32], utf16: [UInt16], runs: [Range<Int>],
                       breaker: UnsafeMutableRawPointer) -> [Int32] {
        utf16.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return boundaries }
            var result: [Int32] = []
            result.reserveCapacity(boundaries.count + 16)
            var found = [Int32](repeating: 0, count: 64)
            var k = 0 // the next of `boundaries` not yet copied or dropped
            for run in runs {
                if found.count < run.count { found = [Int32](repeating: 0, count: run.count) }
                let count = found.withUnsafeMutableBufferPointer { out in
                    xkit_thai_breaks(breaker, base + run.lowerBound, Int32(run.count), out.baseAddress, Int32(out.count))
                }
                guard count >= 0 && Int(count) <= found.count else { continue }
                while k < boundaries.count && Int(boundaries[k]) <= run.lowerBound { result.append(boundaries[k]); k += 1 }
                while k < boundaries.count && Int(boundaries[k]) < run.upperBound { k += 1 }
                for b in found[0..<Int(count)] where mayBreak(before: text[run.lowerBound + Int(b)]) {
                    result.append(Int32(run.lowerBound) + b)
                }
            }
            result.append(contentsOf: boundaries[k...])
            return result
        }
    }
}
