import CXKitICU
import CXKitShaping
import Synchronization
import XKitCore

/// Unicode text boundaries from ICU: UAX #29 graphemes and words, UAX #14 line breaks, and
/// dictionary word breaks for Thai, Lao, Khmer, Burmese and CJK; UAX #9 bidi levels from FriBidi.
///
/// ICU is loaded on first use (see `xkit_icu.c`); where it cannot be loaded, every answer comes
/// from `BasicTextSegmenter`. Iterators are opened once per kind and reused under a lock.
public final class ICUTextSegmenter: TextSegmenter {
    private struct Iterators: ~Copyable {
        var open: [TextBoundaryKind: UnsafeMutableRawPointer] = [:]
        var unavailable = false
        deinit { for iterator in open.values { xkit_icu_close(iterator) } }
    }
    private let iterators = Mutex(Iterators())
    private let fallback = BasicTextSegmenter()

    public init() {}

    /// Whether ICU could be loaded in this process.
    public static var isAvailable: Bool { xkit_icu_available() != 0 }

    public func boundaries(_ kind: TextBoundaryKind, in string: String) -> [Int] {
        guard !string.isEmpty else { return [] }
        let utf16 = Array(string.utf16)
        guard utf16.count < Int(Int32.max) else { return fallback.boundaries(kind, in: string) }
        let found: [Int32]? = iterators.withLock { state in
            guard !state.unavailable else { return nil }
            let iterator: UnsafeMutableRawPointer
            if let open = state.open[kind] {
                iterator = open
            } else {
                guard let opened = xkit_icu_open(Int32(kind.icuType)) else {
                    state.unavailable = true
                    return nil
                }
                state.open[kind] = opened
                iterator = opened
            }
            // A text has at most one boundary per code unit.
            var out = [Int32](repeating: 0, count: utf16.count)
            let n = utf16.withUnsafeBufferPointer { text in
                out.withUnsafeMutableBufferPointer { out in
                    xkit_icu_boundaries(iterator, text.baseAddress, Int32(text.count), out.baseAddress, Int32(out.count))
                }
            }
            guard n >= 0 && Int(n) <= out.count else { return nil }
            out.removeSubrange(Int(n)...)
            return out
        }
        guard let found else { return fallback.boundaries(kind, in: string) }
        return ICUTextSegmenter.utf8Offsets(ofUTF16: found, in: string)
    }

    /// UAX #9 levels from FriBidi (loaded on first use); nil when it cannot be loaded.
    public func bidiLevels(ofParagraph scalars: [UInt32], direction: TextDirection?) -> BidiLevels? {
        guard scalars.count < Int(Int32.max) else { return nil }
        var levels = [UInt8](repeating: 0, count: scalars.count)
        let base: Int32 = direction == nil ? 0 : direction == .leftToRight ? 1 : 2
        let paragraph = scalars.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer { out in
                xkit_bidi_levels(text.baseAddress, Int32(text.count), base, out.baseAddress)
            }
        }
        guard paragraph >= 0 else { return nil }
        return BidiLevels(levels: levels, paragraphLevel: UInt8(paragraph))
    }

    /// Maps ascending UTF-16 offsets to UTF-8 offsets with one walk over the scalars.
    private static func utf8Offsets(ofUTF16 offsets: [Int32], in string: String) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(offsets.count)
        var u16 = 0, u8 = 0, k = 0
        for scalar in string.unicodeScalars {
            while k < offsets.count && Int(offsets[k]) <= u16 {
                if Int(offsets[k]) == u16 { result.append(u8) }
                k += 1
            }
            guard k < offsets.count else { return result }
            u16 += scalar.utf16.count
            u8 += scalar.utf8.count
        }
        while k < offsets.count {
            if Int(offsets[k]) == u16 { result.append(u8) }
            k += 1
        }
        return result
    }
}

private extension TextBoundaryKind {
    /// ICU's UBreakIteratorType.
    var icuType: Int {
        switch self {
        case .grapheme: return Int(XKIT_BREAK_GRAPHEME.rawValue)
        case .word: return Int(XKIT_BREAK_WORD.rawValue)
        case .line: return Int(XKIT_BREAK_LINE.rawValue)
        }
    }
}
