import CX11
import Foundation
import Testing
@_spi(Testing) @testable import XKit
@_spi(Testing) import XKitCore
import XKitTesting

/// Words and clusters shaped with HarfBuzz on the Xft font's FreeType face give exactly what
/// `hb-shape` (libharfbuzz-bin) prints for the same font file at the same size, and layout, caret
/// positions and drawing all come from those glyphs.
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

    /// Whole strings with words that need shaping: Arabic with lam-alef ligatures, Hindi conjuncts,
    /// Thai (split into words by ICU), Hebrew with niqqud, emoji ZWJ, flag, keycap and skin-tone sequences.
    static let strings: [String] = ["لا إله", "السلام عليكم", "नमस्ते दुनिया क्षत्रिय", "สวัสดีชาวโลก",
                                    "שָׁלוֹם עוֹלָם", "👨‍👩‍👧 🇻🇳 1️⃣ 👌🏽"]

    @Test func laidOutWordsHaveTheGlyphsAndAdvancesOfHBShape() throws {
        let app = try startApp()
        let fonts = app.x11!.fonts
        let font = Font(size: 18)
        let face = try #require(fonts.face(for: font))
        for string in Self.strings {
            let layout = TextLayout(AttributedText(string, font: font), measurer: fonts)
            let words = layout.shapedWords
            let spaces = string.split(separator: " ").count - 1
            #expect(words.count >= spaces + 1, "\(string): \(words.count) shaped words")
            #expect(words.map { string[$0.range] }.joined() == string.replacingOccurrences(of: " ", with: ""))
            for (range, word) in words {
                #expect(String(string[range]) == word.text)
                #expect(word.runs.count == 1, "\(word.text) fell back to \(word.runs.count) fonts")
                guard let run = word.runs.first else { continue }
                let xft = face.fonts[run.font]
                let file = try #require(Self.string(xft.pointee.pattern, "file"))
                let pixelSize = try #require(Self.double(xft.pointee.pattern, "pixelsize"))
                let factor = Self.double(xft.pointee.pattern, "pixelsizefixupfactor") ?? 1
                // What layout keeps, in hb-shape's 26.6 units of the unscaled font.
                let ours = run.glyphs.indices.map { "\(run.glyphs[$0])+\(Int((run.glyphAdvances[$0] * 64 / factor).rounded()))" }
                let theirs = try Self.hbShape(file: file, size: Int((pixelSize * 64).rounded()), text: word.text,
                                              direction: word.isRightToLeft ? "rtl" : "ltr")
                #expect(ours == theirs, "\(word.text) in \(file) at \(pixelSize) px")
                #expect(run.glyphs.allSatisfy { $0 != 0 }, "\(word.text) has a missing glyph in \(file)")
                // The clusters' advances in the layout add up to hb-shape's advances, rounded once.
                let total = theirs.compactMap { $0.split(separator: "+").last.flatMap { Double($0) } }.reduce(0, +)
                let laidOut = layout.rects(for: range).reduce(0) { $0 + $1.width }
                #expect(abs(laidOut * fonts.scale - (total * factor / 64).rounded()) < 0.001, "\(word.text)")
            }
        }
        // Arabic is shaped right to left, as its bidi level says.
        let arabic = TextLayout(AttributedText("السلام", font: font), measurer: fonts).shapedWords
        #expect(arabic.first?.word.isRightToLeft == true)
    }

    @Test func aWordSpanningTwoFontsIsShapedInEachWithItsGlyphsFound() throws {
        let app = try startApp()
        let fonts = app.x11!.fonts
        // No break opportunity between Devanagari and Latin letters: one word, Noto Devanagari then DejaVu.
        let layout = TextLayout(AttributedText("नमस्तेabc", font: Font(size: 18)), measurer: fonts)
        let word = try #require(layout.shapedWords.first?.word)
        #expect(layout.shapedWords.count == 1)
        #expect(word.runs.count == 2 && Set(word.runs.map(\.font)).count == 2)
        #expect(word.runs.allSatisfy { $0.glyphs.allSatisfy { $0 != 0 } })
        // Glyph pens run on from one font's part to the next.
        let xs = word.runs.flatMap(\.x)
        #expect(xs == xs.sorted() && (xs.last ?? 0) > 0)
    }

    @Test func lamAlefIsOneGlyphAndItsTwoCharactersKeepTwoCaretPositions() throws {
        let app = try startApp()
        let fonts = app.x11!.fonts
        let text = "لا"
        let layout = TextLayout(AttributedText(text, font: Font(size: 18)), measurer: fonts)
        let word = try #require(layout.shapedWords.first?.word)
        #expect(word.runs.map(\.glyphs.count) == [1], "lam-alef is the ligature glyph")
        #expect(word.clusterCount == 2)
        // The ligature's advance is split evenly: the caret stands right, in the middle, and left.
        let carets = (0...2).map { layout.caretX(beforeCharacter: $0) }
        let width = layout.size.width
        #expect(carets[0] == width && carets[2] == 0, "\(carets) in \(width)")
        #expect(abs(carets[1] - width / 2) <= 1 / fonts.scale, "\(carets) in \(width)")
        let lam = text.startIndex..<text.index(after: text.startIndex)
        let alef = text.index(after: text.startIndex)..<text.endIndex
        #expect(layout.characterIndex(at: Point(x: width * 0.75, y: 5)) == lam.lowerBound)
        #expect(layout.characterIndex(at: Point(x: width * 0.25, y: 5)) == alef.lowerBound)
        #expect(layout.caretIndex(at: Point(x: width * 0.55, y: 5)).index == alef.lowerBound)
        let rects = layout.rects(for: lam) + layout.rects(for: alef)
        #expect(rects.count == 2 && rects[0].minX == rects[1].maxX)
    }

    @Test func relayoutAtANewWidthShapesNoWordAgain() throws {
        let app = try startApp()
        let fonts = app.x11!.fonts
        let text = AttributedText("مرحبا بالعالم هذا نص عربي للنسخ واللصق نमस्ते दुनिया क्षत्रिय สวัสดีชาวโลก 👨‍👩‍👧",
                                  font: Font(size: 17))
        let first = TextLayout(text, maxWidth: 400, measurer: fonts)
        let shaped = fonts.harfBuzzCalls
        #expect(first.shapedWords.count >= 10)
        for width in [300.0, 180, 90, .infinity] {
            let again = TextLayout(text, maxWidth: width, measurer: fonts)
            #expect(again.shapedWords.count == first.shapedWords.count)
        }
        #expect(fonts.harfBuzzCalls == shaped, "relayout shaped \(fonts.harfBuzzCalls - shaped) words again")
        _ = TextLayout(AttributedText("كلمة جديدة", font: Font(size: 17)), measurer: fonts)
        #expect(fonts.harfBuzzCalls > shaped, "a new word is shaped")
    }

    /// The glyphs land where layout says: every word's ink lies inside that word's selection rect,
    /// and the gaps between words (where spaces and the line's ends are) hold no ink.
    @Test func arabicInkLiesInsideEachWordsSelectionRect() throws {
        let app = try startApp()
        let window = Window(title: "ink", size: Size(width: 400, height: 60), app: app)
        defer { window.close() }
        window.contentView.backgroundColor = .white
        let text = "السلام عليكم لا إله"
        let label = Label(text: text, font: .system(size: 20))
        label.textColor = .black
        label.frame = Rect(x: 20, y: 10, width: 360, height: 40)
        window.contentView.addSubview(label)
        let image = try #require(window.snapshot())
        let layout = label.textLayout
        let scale = app.x11!.fonts.scale
        let origin = label.frame.origin + label.textOrigin
        var inkColumns = Set<Int>()
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].r < 160 { inkColumns.insert(x) }
        }
        #expect(!inkColumns.isEmpty)
        var wordColumns = Set<Int>()
        for word in text.split(separator: " ") {
            let range = word.startIndex..<word.endIndex
            let rects = layout.rects(for: range)
            #expect(rects.count == 1)
            guard let rect = rects.first else { continue }
            let lo = Int(((origin.x + rect.minX) * scale).rounded()), hi = Int(((origin.x + rect.maxX) * scale).rounded())
            // Joined Arabic ink runs from edge to edge of its word (less its side bearings): a drawing
            // shifted by two pixels shows at one end.
            let ink = inkColumns.filter { $0 >= lo - 1 && $0 <= hi }
            #expect((ink.min() ?? .max) <= lo + 2 && (ink.max() ?? .min) >= hi - 4,
                    "\(word): ink \(ink.min() ?? -1)...\(ink.max() ?? -1) in its rect \(lo)..<\(hi)")
            // Ink may overhang its advance by a pixel of antialiasing.
            for x in (lo - 1)...hi { wordColumns.insert(x) }
        }
        let stray = inkColumns.subtracting(wordColumns).sorted()
        #expect(stray.isEmpty, "ink outside every word's rect at x = \(stray)")
    }

    static func hbShape(file: String, size: Int, text: String, direction: String? = nil) throws -> [String] {
        let full = try runProcess(["hb-shape", "--font-funcs=ft", "--font-size=\(size)", "--no-glyph-names",
                                   "--no-clusters"] + (direction.map { ["--direction=\($0)"] } ?? []) + [file, text])
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
