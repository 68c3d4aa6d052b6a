import CX11
import Foundation
import Testing
@testable import XKit
import XKitTesting

/// Clusters shaped with HarfBuzz on the Xft font's FreeType face give exactly what `hb-shape`
/// (libharfbuzz-bin) prints for the same font file at the same size.
@Suite(.serialized)
@MainActor
struct ShapingTests {
    private func startApp() throws -> Application {
        _ = try XvfbServer.shared()
        let app = try Application.start()
        app.terminatesAfterLastWindowClosed = false
        return app
    }

    /// Clusters that need shaping: Devanagari conjuncts and a pre-base matra, Thai and Hebrew marks,
    /// Arabic with a mark, and emoji sequences (ZWJ family, flag, keycap, skin tone).
    /// (Strings: the compiler checks Character literals with older grapheme rules than the runtime's.)
    static let clusters: [String] = ["क्ष", "स्ते", "नि", "ति", "กี่", "שָׁ", "בּ", "لِ", "👨‍👩‍👧", "🇻🇳", "1️⃣", "👌🏽"]

    @Test func clusterGlyphsAndAdvancesMatchHBShape() throws {
        let app = try startApp()
        let face = try #require(app.x11!.fonts.face(for: Font(size: 18)))
        for text in Self.clusters {
            #expect(text.count == 1, "\(text) is not one grapheme cluster")
            guard let cluster = text.first else { continue }
            let shaped = try #require(face.shaped(cluster), "\(cluster) was not shaped")
            let font = face.fonts[shaped.font]
            let file = try #require(Self.string(font.pointee.pattern, "file"))
            let pixelSize = try #require(Self.double(font.pointee.pattern, "pixelsize"))
            // hb-shape's --font-size in 26.6 units gives positions in 1/64 pixel, HarfBuzz's FreeType scale.
            let ours = shaped.glyphs.map { "\($0.id)+\($0.advance26_6)" }
            let theirs = try Self.hbShape(file: file, size: Int((pixelSize * 64).rounded()), text: String(cluster))
            #expect(ours == theirs, "\(cluster) in \(file) at \(pixelSize) px")
            #expect(shaped.glyphs.allSatisfy { $0.id != 0 }, "\(cluster) has a missing glyph in \(file)")
        }
    }

    @Test func emojiSequencesAreOneGlyph() throws {
        let app = try startApp()
        let face = try #require(app.x11!.fonts.face(for: Font(size: 18)))
        for cluster in ["👨‍👩‍👧", "🇻🇳", "1️⃣", "👌🏽"] as [Character] {
            let shaped = try #require(face.shaped(cluster))
            #expect(shaped.glyphs.count == 1, "\(cluster) drew \(shaped.glyphs.count) glyphs")
        }
    }

    @Test func aPileOfCombiningMarksIsNotShapedAndMeasuresFast() throws {
        let app = try startApp()
        let face = try #require(app.x11!.fonts.face(for: Font(size: 18)))
        let pile = Character("a" + String(repeating: "\u{301}", count: 1 << 19)) // 1 MiB of marks
        let start = Date()
        #expect(face.shaped(pile) == nil)
        _ = face.advance(of: pile)
        #expect(Date().timeIntervalSince(start) < 5)
    }

    static func hbShape(file: String, size: Int, text: String) throws -> [String] {
        let full = try runProcess(["hb-shape", "--font-funcs=ft", "--font-size=\(size)", "--no-glyph-names",
                                   "--no-clusters", file, text])
        // "[215+324|40@12,0+474]": gid, optional @x,y offset, +advance.
        let body = full.stdoutString.trimmingCharacters(in: CharacterSet(charactersIn: "[] \n"))
        return body.split(separator: "|").map { glyph in
            let id = glyph.prefix { $0.isNumber }
            let advance = glyph.split(separator: "+").last.map(String.init) ?? "?"
            return "\(id)+\(advance)"
        }
    }

    static func string(_ pattern: OpaquePointer?, _ key: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard let pattern, FcPatternGetString(pattern, key, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    static func double(_ pattern: OpaquePointer?, _ key: String) -> Double? {
        var value = 0.0
        guard let pattern, FcPatternGetDouble(pattern, key, 0, &value) == FcResultMatch else { return nil }
        return value
    }
}
