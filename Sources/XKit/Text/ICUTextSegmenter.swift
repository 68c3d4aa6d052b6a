import CXKitICU
import CXKitShaping
import Synchronization
import XKitCore

/// Unicode text boundaries from ICU: UAX #29 graphemes and words, UAX #14 line breaks, and
/// dictionary word breaks for Lao, Khmer, Burmese and CJK; Thai word and line breaks inside runs of
/// Thai from libthai, as Pango does (`ThaiWordBreaks`); UAX #9 bidi levels from FriBidi.
///
/// ICU is loaded on first use (see `xkit_icu.c`), libthai on the first Thai run (`xkit_thai.c`);
/// where ICU cannot be loaded, every answer comes from `BasicTextSegmenter`, and where libthai
/// cannot, Thai keeps ICU's dictionary breaks. Iterators and the Thai breaker are opened once and
/// reused under a lock (neither is safe to share between threads).
public final class ICUTextSegmenter: TextSegmenter {
    private struct Iterators: ~Copyable {
        var open: [TextBoundaryKind: UnsafeMutableRawPointer] = [:]
        var unavailable = false
        var thai: UnsafeMutableRawPointer?
        var thaiUnavailable = false
        deinit {
            for iterator in open.values { xkit_icu_close(iterator) }
            if let thai { xkit_thai_close(thai) }
        }

        /// libthai's breaker, opened on first use; nil when libthai or its dictionary is missing.
        mutating func thaiBreaker() -> UnsafeMutableRawPointer? {
            if let thai { return thai }
            guard !thaiUnavailable else { return nil }
            thai = xkit_thai_open()
            thaiUnavailable = thai == nil
            return thai
        }
    }
    private let iterators: Mutex<Iterators>
    private let fallback = BasicTextSegmenter()

    /// A segmenter; with `thaiFromLibthai` false, Thai keeps ICU's dictionary breaks.
    public init(thaiFromLibthai: Bool = true) {
        iterators = Mutex(Iterators(thaiUnavailable: !thaiFromLibthai))
    }

    /// Whether ICU could be loaded in this process.
    public static var isAvailable: Bool { xkit_icu_available() != 0 }

    /// Whether Thai breaks come from libthai: asked for, and libthai and its dictionary load.
    public var thaiFromLibthai: Bool { iterators.withLock { $0.thaiBreaker() != nil } }

    public func boundaries(_ kind: TextBoundaryKind, in string: String) -> [Int] {
        guard !string.isEmpty else { return [] }
        var string = string
        string.makeContiguousUTF8() // a no-op for native strings
        let utf16 = ICUTextSegmenter.utf16Units(of: string)
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
            // Inside runs of Thai, libthai decides (for words and lines), so ICU need not run its dictionary there.
            var thai: (runs: [Range<Int>], breaker: UnsafeMutableRawPointer)?
            if kind != .grapheme, let first = ThaiWordBreaks.firstThai(in: utf16), let breaker = state.thaiBreaker() {
                thai = (ThaiWordBreaks.runs(in: utf16, from: first), breaker)
            }
            let icuText = thai.map { ThaiWordBreaks.maskingRunInteriors(utf16, runs: $0.runs) } ?? utf16
            // A text has at most one boundary per code unit.
            var out = [Int32](repeating: 0, count: utf16.count)
            let n = icuText.withUnsafeBufferPointer { text in
                out.withUnsafeMutableBufferPointer { out in
                    xkit_icu_boundaries(iterator, text.baseAddress, Int32(text.count), out.baseAddress, Int32(out.count))
                }
            }
            guard n >= 0 && Int(n) <= out.count else { return nil }
            out.removeSubrange(Int(n)...)
            if let thai { return ThaiWordBreaks.tailor(out, utf16: utf16, runs: thai.runs, breaker: thai.breaker) }
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

    /// The string's UTF-16, transcoded from its UTF-8 bytes in one pass (several times faster
    /// than `Array(string.utf16)`, which goes through the generic collection copy).
    private static func utf16Units(of string: String) -> [UInt16] {
        string.utf8.withContiguousStorageIfAvailable { bytes -> [UInt16] in
            [UInt16](unsafeUninitializedCapacity: bytes.count) { out, count in
                var i = 0, o = 0
                while i < bytes.count {
                    let b0 = UInt32(bytes[i])
                    if b0 < 0x80 {
                        out[o] = UInt16(b0); o &+= 1; i &+= 1
                    } else if b0 < 0xE0 {
                        out[o] = UInt16((b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)); o &+= 1; i &+= 2
                    } else if b0 < 0xF0 {
                        out[o] = UInt16((b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F))
                        o &+= 1; i &+= 3
                    } else {
                        let v = ((b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
                                 | UInt32(bytes[i + 3] & 0x3F)) - 0x10000
                        out[o] = UInt16(0xD800 | v >> 10); out[o + 1] = UInt16(0xDC00 | v & 0x3FF); o &+= 2; i &+= 4
                    }
                }
                count = o
            }
        } ?? Array(string.utf16)
    }

    /// Maps ascending UTF-16 offsets to UTF-8 offsets with one walk over the UTF-8 lead bytes (a
    /// scalar of four UTF-8 bytes is two UTF-16 units, any other one).
    private static func utf8Offsets(ofUTF16 offsets: [Int32], in string: String) -> [Int] {
        string.utf8.withContiguousStorageIfAvailable { bytes -> [Int] in
            var result: [Int] = []
            result.reserveCapacity(offsets.count)
            var u16 = 0, u8 = 0
            for offset in offsets {
                let target = Int(offset)
                while u16 < target && u8 < bytes.count {
                    let b = bytes[u8]
                    let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
                    u16 &+= length == 4 ? 2 : 1
                    u8 &+= length
                }
                if u16 == target { result.append(u8) }
            }
            return result
        } ?? []
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
