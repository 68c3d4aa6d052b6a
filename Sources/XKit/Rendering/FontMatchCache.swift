import CX11
import Glibc

/// Matches font requests as `XftFontMatch` does, but picks the font once per request that differs
/// only in size (or in a weight that cannot change the choice).
///
/// `FcFontMatch` scores every installed font (430 here) against the request: about 2 M instructions,
/// a sixth of a launch's own work, and an app asks again for every size it uses (a title, the body,
/// a caption). For a scalable winner the size plays no part in the choice unless another font that
/// carries a size (a bitmap strike, an optical-size range) could tie with it, so such requests
/// reuse the winner and only prepare it for the new size (`FcFontRenderPrepare`, which is what
/// `FcFontMatch` ends with). Whatever the configuration's rules derive from the size is kept: the
/// request is substituted anew and must equal the first one in everything but the size.
///
/// A request that differs in weight too (a button's medium title beside a regular label) reuses
/// the winner when no font that could tie with it has a nearer weight (see `weightKeepsWinner`).
@MainActor
final class FontMatchCache {
    /// Whether a request's winner serves its other sizes; decided when a second size first asks.
    private enum Reuse {
        case undecided
        /// The winning font's own pattern, from fontconfig's font set; referenced.
        case font(OpaquePointer)
        case never
    }

    /// The requests that differ only in size and weight, and the fonts they got by weight.
    private struct Entry {
        /// The substituted request without its size objects and its weight; owned.
        let key: OpaquePointer
        /// `FcPatternHash(key)`: most requests differ from most entries, and a pattern compare costs 35 K instructions.
        let hash: FcChar32
        var winners: [Winner]
    }

    /// The font one weight of an entry's request got.
    private struct Winner {
        /// The request's weight (nil when it is not one plain number).
        let weight: Double?
        /// The winner's file and face index.
        let file: String
        let index: Int32
        var reuse = Reuse.undecided
    }

    /// Each installed font by file and face index, and the fonts that carry a size.
    private struct InstalledFonts {
        var fonts: [(file: UnsafeMutablePointer<FcChar8>, index: Int32, font: OpaquePointer)] = []
        var sized: [OpaquePointer] = []
    }

    /// The objects a size is spelled in (the request's and the ones `FcDefaultSubstitute` derives),
    /// and the weight: what a request may differ in and still find its entry's winner.
    private static let objectsLeftOutOfKey = ["size", "pixelsize", "dpi", "scale", "weight"]

    private let display: OpaquePointer
    private let screen: Int32
    private var entries: [Entry] = []
    /// Read when a winner is first reused: an app that asks for one size of each font never pays for it.
    private var installed: InstalledFonts?
    /// How many requests were answered without scoring the fonts (for tests).
    private(set) var reuses = 0

    init(display: OpaquePointer, screen: Int32) {
        self.display = display
        self.screen = screen
    }

    /// The prepared pattern `XftFontMatch` would return for `request`; the caller owns it.
    func match(_ request: OpaquePointer) -> OpaquePointer? {
        guard XftInit(nil) != 0, let pattern = FcPatternDuplicate(request) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        XftDefaultSubstitute(display, screen, pattern)
        guard let key = FcPatternDuplicate(pattern) else { return nil }
        for object in FontMatchCache.objectsLeftOutOfKey { FcPatternDel(key, object) }
        let hash = FcPatternHash(key)
        let weight = FontMatchCache.plainNumber(pattern, "weight")
        guard let e = entries.firstIndex(where: { $0.hash == hash && FcPatternEqual($0.key, key) != 0 }) else {
            guard let (match, winner) = FontMatchCache.fullMatch(pattern, weight: weight) else {
                FcPatternDestroy(key)
                return nil
            }
            entries.append(Entry(key: key, hash: hash, winners: [winner]))
            return match
        }
        FcPatternDestroy(key)
        if let w = entries[e].winners.firstIndex(where: { $0.weight == weight }) {
            if let font = reusableWinner(e, w) {
                reuses += 1
                return FcFontRenderPrepare(nil, pattern, font)
            }
            var result = FcResultMatch
            return FcFontMatch(nil, pattern, &result)
        }
        if let weight {
            for w in entries[e].winners.indices {
                guard let font = reusableWinner(e, w), weightKeepsWinner(font, weight) else { continue }
                reuses += 1
                FcPatternReference(font)
                let reused = entries[e].winners[w]
                entries[e].winners.append(Winner(weight: weight, file: reused.file, index: reused.index, reuse: .font(font)))
                return FcFontRenderPrepare(nil, pattern, font)
            }
        }
        guard let (match, winner) = FontMatchCache.fullMatch(pattern, weight: weight) else { return nil }
        entries[e].winners.append(winner)
        return match
    }

    /// `FcFontMatch` of the substituted `pattern`, and what an entry keeps of its winner.
    private static func fullMatch(_ pattern: OpaquePointer, weight: Double?) -> (OpaquePointer, Winner)? {
        var result = FcResultMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        guard let file = cString(match, "file", 0) else {
            FcPatternDestroy(match)
            return nil
        }
        var index: Int32 = 0
        _ = FcPatternGetInteger(match, "index", 0, &index)
        return (match, Winner(weight: weight, file: String(cString: file), index: index))
    }

    /// Forgets every winner (the font configuration or the options changed).
    func reset() {
        for entry in entries {
            FcPatternDestroy(entry.key)
            for case .font(let font) in entry.winners.map(\.reuse) { FcPatternDestroy(font) }
        }
        entries = []
        installed = nil
    }

    /// Entry `e`'s winner `w` when it serves every size of its request (decided on first use).
    private func reusableWinner(_ e: Int, _ w: Int) -> OpaquePointer? {
        if case .undecided = entries[e].winners[w].reuse {
            entries[e].winners[w].reuse = decideReuse(entries[e].winners[w], request: entries[e].key)
        }
        if case .font(let font) = entries[e].winners[w].reuse { return font }
        return nil
    }

    /// Whether `winner`, which won a request of another weight, also wins at `weight`.
    ///
    /// fontconfig scores the other criteria the same whatever weight is asked for, and ranks the
    /// family above the weight. The winner won on a family of the request, so only a font sharing
    /// a family with it can tie with it down to the weight: it keeps winning if every such font
    /// of another weight is strictly farther from `weight` than it is. A font whose weight is a
    /// range (a variable font) or missing could score anything there, so then it is matched afresh.
    private func weightKeepsWinner(_ winner: OpaquePointer, _ weight: Double) -> Bool {
        guard let own = FontMatchCache.plainNumber(winner, "weight") else { return false }
        let ownDistance = abs(weight - own)
        for (_, _, font) in installedFonts().fonts where FontMatchCache.sharesFamily(winner, font) {
            guard let other = FontMatchCache.plainNumber(font, "weight") else { return false }
            if other != own && abs(weight - other) <= ownDistance { return false }
        }
        return true
    }

    private func decideReuse(_ winner: Winner, request: OpaquePointer) -> Reuse {
        guard let font = reusableFont(file: winner.file, index: winner.index, request: request) else { return .never }
        FcPatternReference(font)
        return .font(font)
    }

    /// The installed font that won `request`, if the choice cannot depend on the size: the font
    /// carries no size itself, it won on a family the request names, and no font that does carry
    /// a size shares a family with it (only such a font could tie with it on every criterion
    /// fontconfig ranks above the size). Strings are compared as fontconfig's C strings: making
    /// Swift strings of 430 fonts' files and families would cost more than the match saves.
    private func reusableFont(file: String, index: Int32, request: OpaquePointer) -> OpaquePointer? {
        let fonts = installedFonts()
        let found = file.withCString { file in fonts.fonts.first { $0.index == index && strcmp($0.file, file) == 0 } }
        guard let winner = found?.font,
              !FontMatchCache.carriesSize(winner),
              FontMatchCache.sharesFamily(winner, request),
              !fonts.sized.contains(where: { FontMatchCache.sharesFamily(winner, $0) }) else { return nil }
        return winner
    }

    private func installedFonts() -> InstalledFonts {
        if let installed { return installed }
        var found = InstalledFonts()
        FontMatchCache.forEachInstalledFont { font in
            if FontMatchCache.carriesSize(font) { found.sized.append(font) }
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, "index", 0, &index)
            if let file = FontMatchCache.cString(font, "file", 0) { found.fonts.append((file, index, font)) }
        }
        installed = found
        return found
    }

    /// Calls `body` with each font of the system and application sets.
    private static func forEachInstalledFont(_ body: (OpaquePointer) -> Void) {
        guard let config = FcConfigGetCurrent() else { return }
        for set in [FcSetSystem, FcSetApplication] {
            guard let fonts = FcConfigGetFonts(config, set), let list = fonts.pointee.fonts else { continue }
            for i in 0..<Int(fonts.pointee.nfont) {
                if let font = list[i] { body(font) }
            }
        }
    }

    private static func carriesSize(_ font: OpaquePointer) -> Bool {
        var value = FcValue()
        return FcPatternGet(font, "pixelsize", 0, &value) == FcResultMatch
            || FcPatternGet(font, "size", 0, &value) == FcResultMatch
    }

    /// Whether the two patterns name a family in common, compared as fontconfig compares families
    /// (ignoring case and blanks).
    private static func sharesFamily(_ a: OpaquePointer, _ b: OpaquePointer) -> Bool {
        var i: Int32 = 0
        while let left = cString(a, "family", i) {
            var j: Int32 = 0
            while let right = cString(b, "family", j) {
                if equalIgnoringBlanksAndCase(left, right) { return true }
                j += 1
            }
            i += 1
        }
        return false
    }

    /// fontconfig's family comparison: ASCII case and spaces do not count.
    private static func equalIgnoringBlanksAndCase(_ a: UnsafePointer<FcChar8>, _ b: UnsafePointer<FcChar8>) -> Bool {
        var i = 0, j = 0
        while true {
            while a[i] == 0x20 { i += 1 }
            while b[j] == 0x20 { j += 1 }
            let x = a[i], y = b[j]
            let lowerX = (0x41...0x5A).contains(x) ? x | 0x20 : x
            let lowerY = (0x41...0x5A).contains(y) ? y | 0x20 : y
            guard lowerX == lowerY else { return false }
            if x == 0 { return true }
            i += 1
            j += 1
        }
    }

    /// The object's value when the pattern holds exactly one, an integer or a double.
    private static func plainNumber(_ pattern: OpaquePointer, _ object: String) -> Double? {
        var value = FcValue()
        guard FcPatternGet(pattern, object, 1, &value) != FcResultMatch,
              FcPatternGet(pattern, object, 0, &value) == FcResultMatch else { return nil }
        switch value.type {
        case FcTypeInteger: return Double(value.u.i)
        case FcTypeDouble: return value.u.d
        default: return nil
        }
    }

    /// The pattern's own string (valid while the pattern lives).
    private static func cString(_ pattern: OpaquePointer, _ object: String, _ index: Int32) -> UnsafeMutablePointer<FcChar8>? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, index, &value) == FcResultMatch else { return nil }
        return value
    }
}
