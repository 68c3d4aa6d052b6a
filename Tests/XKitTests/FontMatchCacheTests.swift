import CX11
import Testing
@testable import XKit
import XKitTesting

/// A font picked once for all sizes of a request must be exactly what a full `XftFontMatch` gives
/// at each size: the same file, and every rendering property the configuration derives.
@MainActor
@Suite(.serialized)
struct FontMatchCacheTests {
    private let display: OpaquePointer

    init() throws {
        display = try #require(XOpenDisplay(try XvfbServer.shared().display))
    }

    private func request(family: String, pixelSize: Double, weight: Int32 = 80, slant: Int32 = 0) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        FcPatternAddString(pattern, "family", family)
        FcPatternAddDouble(pattern, "pixelsize", pixelSize)
        FcPatternAddInteger(pattern, "weight", weight)
        FcPatternAddInteger(pattern, "slant", slant)
        return pattern
    }

    private func file(_ pattern: OpaquePointer) -> String {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, "file", 0, &value) == FcResultMatch, let value else { return "?" }
        return String(cString: value)
    }

    /// Asks the cache and a full `XftFontMatch` for the same request and expects the same pattern.
    private func expectFullMatch(from cache: FontMatchCache, family: String, pixelSize: Double, weight: Int32,
                                 slant: Int32) throws {
        let pattern = try #require(request(family: family, pixelSize: pixelSize, weight: weight, slant: slant))
        defer { FcPatternDestroy(pattern) }
        var result = FcResultMatch
        let full = try #require(XftFontMatch(display, XDefaultScreen(display), pattern, &result))
        defer { FcPatternDestroy(full) }
        let cached = try #require(cache.match(pattern))
        defer { FcPatternDestroy(cached) }
        #expect(FcPatternEqual(full, cached) != 0,
                "\(family) \(weight)/\(slant) at \(pixelSize) px: \(file(full)) vs \(file(cached))")
    }

    @Test func everySizeGetsExactlyWhatAFullMatchGives() throws {
        let cache = FontMatchCache(display: display, screen: XDefaultScreen(display))
        let families = ["sans-serif", "serif", "monospace", "DejaVu Sans", "Noto Sans CJK JP", "Noto Color Emoji", "no such family"]
        let sizes = [16.0, 9, 10.5, 12, 13, 14, 20, 28, 48, 96, 200]
        for family in families {
            for (weight, slant) in [(Int32(80), Int32(0)), (200, 0), (80, 100)] {
                for size in sizes {
                    try expectFullMatch(from: cache, family: family, pixelSize: size, weight: weight, slant: slant)
                }
            }
        }
        // Most requests were answered from the first size's winner.
        #expect(cache.reuses > families.count * 3 * (sizes.count - 1) / 2, "reuses: \(cache.reuses)")
    }

    /// fontconfig's value of each `Font.Weight` (thin, light, regular, medium, semibold, bold, heavy),
    /// and the ones between.
    private static let weights: [Int32] = [0, 40, 50, 80, 100, 180, 200, 210]

    @Test func everyWeightGetsExactlyWhatAFullMatchGives() throws {
        let cache = FontMatchCache(display: display, screen: XDefaultScreen(display))
        let families = ["sans-serif", "serif", "monospace", "DejaVu Sans", "Noto Sans CJK JP", "no such family"]
        for family in families {
            for slant in [Int32(0), 100] {
                for weight in Self.weights {
                    for size in [16.0, 13, 48] {
                        try expectFullMatch(from: cache, family: family, pixelSize: size, weight: weight, slant: slant)
                    }
                }
            }
        }
    }

    /// A button's medium title beside a regular label: the test fonts have no medium face of the
    /// sans-serif family (DejaVu Sans: book and bold), so the label's winner serves the title.
    @Test func aMediumTitleReusesTheRegularWinnerWhenTheFamilyHasNoNearerWeight() throws {
        let cache = FontMatchCache(display: display, screen: XDefaultScreen(display))
        for (size, weight) in [(16.0, Int32(80)), (13, 100)] {
            let pattern = try #require(request(family: "sans-serif", pixelSize: size, weight: weight))
            defer { FcPatternDestroy(pattern) }
            if let match = cache.match(pattern) { FcPatternDestroy(match) }
        }
        #expect(cache.reuses == 1)
        // Bold is nearer to a bold request than book is: matched afresh, then reused at other sizes.
        for size in [16.0, 13] {
            let pattern = try #require(request(family: "sans-serif", pixelSize: size, weight: 200))
            defer { FcPatternDestroy(pattern) }
            let match = try #require(cache.match(pattern))
            #expect(file(match).hasSuffix("DejaVuSans-Bold.ttf"), "\(file(match))")
            FcPatternDestroy(match)
        }
        #expect(cache.reuses == 2)
    }

    @Test func aFamilyWhoseFontCarriesAPixelSizeIsMatchedAfreshAtEverySize() throws {
        let cache = FontMatchCache(display: display, screen: XDefaultScreen(display))
        for size in [16.0, 32, 109] {
            let pattern = try #require(request(family: "Noto Color Emoji", pixelSize: size))
            defer { FcPatternDestroy(pattern) }
            if let match = cache.match(pattern) { FcPatternDestroy(match) }
        }
        #expect(cache.reuses == 0)
    }
}
