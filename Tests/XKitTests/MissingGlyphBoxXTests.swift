import Foundation
import Testing
import XKitTesting
@testable import XKit

/// Text no installed font can draw shows as boxes, with one warning per script or damaged font:
/// the hello scene under a Type 1-only configuration (Nimbus Sans: Latin and Cyrillic, no Vietnamese
/// ạ, kana, ideographs or Hangul) and under one whose only font has its glyph data overwritten.
@Suite(.serialized)
struct MissingGlyphBoxXTests {
    /// A font folder with `files` in it and a fonts.conf that sees only that folder.
    private func configuration(_ name: String, files: [String: Data]) throws -> (conf: String, folder: String) {
        let folder = NSTemporaryDirectory() + "xkit-fonts-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: true)
        for (file, data) in files { try data.write(to: URL(fileURLWithPath: folder + "/fonts/" + file)) }
        let conf = folder + "/fonts.conf"
        try """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig><dir>\(folder)/fonts</dir><cachedir>\(folder)/cache</cachedir></fontconfig>
        """.write(toFile: conf, atomically: true, encoding: .utf8)
        return (conf, folder)
    }

    /// DejaVu Sans with its `glyf` table overwritten: fontconfig still lists it (cmap and names are
    /// intact), but every glyph comes back without ink.
    private func damagedDejaVu() throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")))
        func be(_ at: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
        let tables = be(4, 2)
        for i in 0..<tables where Array(bytes[12 + 16 * i..<16 + 16 * i]) == Array("glyf".utf8) {
            let offset = be(12 + 16 * i + 8, 4), length = be(12 + 16 * i + 12, 4)
            for j in offset..<offset + length { bytes[j] = 0xA5 }
        }
        return Data(bytes)
    }

    /// Runs the hello scene's screenshot under `conf`; returns the pixels and the trace's warnings.
    private func hello(fontconfig conf: String, folder: String) throws -> (image: ImageBitmap, warnings: [String]) {
        let server = try XvfbServer.shared()
        let demo = try AppProcess.executableURL(named: "xkit-demo").path
        let shot = folder + "/hello.png", trace = folder + "/trace.jsonl"
        var environment = server.environment
        environment["FONTCONFIG_FILE"] = conf
        environment["XKIT_TRACE"] = trace
        let run = try runProcess([demo, "--scene", "hello", "--screenshot", shot], timeout: 60,
                                 environment: ChildEnvironment.make(environment))
        try #require(run.succeeded, "\(run)")
        let image = try CodecImageDecoder().decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: shot))), limits: ImageLimits())
        let warnings = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["event"] as? String == "warning" else { return nil }
            return object["message"] as? String
        }
        return (image, warnings)
    }

    /// Whether the pixel at (x, y) is ink: dark in every channel, as the label's text is on the light
    /// background (the blue button is not).
    private func ink(_ image: ImageBitmap, _ x: Int, _ y: Int) -> Bool {
        let p = image.pixels[y * image.width + x]
        return max(p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF) < 110
    }

    /// The columns of the label's line (rows 10 to 50) that hold ink, with each one's ink height.
    private func inkColumns(_ image: ImageBitmap) -> [(x: Int, height: Int)] {
        (0..<image.width).compactMap { x in
            let rows = (10..<min(50, image.height)).filter { ink(image, x, $0) }
            guard let top = rows.first, let bottom = rows.last else { return nil }
            return (x, bottom - top + 1)
        }
    }

    @Test func aType1LatinOnlyFontShowsBoxesForWhatItCannotDrawAndWarnsOncePerScript() throws {
        let source = "/usr/share/fonts/type1/urw-base35/NimbusSans-Regular"
        let files = ["NimbusSans-Regular.t1": try Data(contentsOf: URL(fileURLWithPath: source + ".t1")),
                     "NimbusSans-Regular.afm": try Data(contentsOf: URL(fileURLWithPath: source + ".afm"))]
        let (conf, folder) = try configuration("type1", files: files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (image, warnings) = try hello(fontconfig: conf, folder: folder)

        let missing = warnings.filter { $0.hasPrefix("no installed font draws") }
        for script in ["Japanese kana", "CJK ideographs", "Hangul", "Latin"] {
            #expect(missing.filter { $0.contains("some \(script) characters") }.count == 1, "\(script): \(missing)")
        }
        #expect(missing.count == 4, "one warning per script: \(missing)")
        #expect(missing.contains { $0.contains("U+1EA1") }, "the Vietnamese ạ is named")

        // "… — コピー可能 — 복사": the last ink on the line is 사's box, as tall as a letter, not the
        // dash before it (which is all that showed when nothing was drawn for Hangul).
        let columns = inkColumns(image)
        let last = try #require(columns.last)
        #expect(last.height >= 7, "the last ink is \(last.height) px tall: no box for 사")
        let tall = columns.filter { $0.x > image.width / 2 && $0.height >= 7 }.count
        #expect(tall >= 8, "box sides right of the middle: \(tall)")
    }

    @Test func aDamagedFontFileShowsBoxesAndOneWarningNamingTheFile() throws {
        let (conf, folder) = try configuration("damaged", files: ["DejaVuSans.ttf": try damagedDejaVu()])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let listed = try runProcess(["fc-list"], timeout: 20, environment: ["FONTCONFIG_FILE": conf])
        try #require(listed.stdoutString.contains("DejaVuSans.ttf"), "fontconfig must still list the damaged file: \(listed)")
        let (image, warnings) = try hello(fontconfig: conf, folder: folder)

        let damaged = warnings.filter { $0.contains("draws no glyphs") }
        #expect(damaged.count == 1, "\(warnings)")
        #expect(damaged.first?.contains(folder + "/fonts/DejaVuSans.ttf") == true)
        // The whole line was blank before (and the Copy button shrank to nothing): now every cluster is a box.
        let columns = inkColumns(image)
        #expect(columns.count > 60, "ink columns on the line: \(columns.count)")
        #expect(columns.filter { $0.height >= 7 }.count > 30)
    }
}

/// Which clusters may ever become a box, without a display.
@Suite struct MissingGlyphRulesTests {
    @Test func invisibleCharactersAreNeverBoxesAndVisibleOnesMustHaveInk() {
        for s: Unicode.Scalar in ["\u{2067}", "\u{2069}", "\u{202E}", "\u{200D}", "\u{AD}", "\u{E0001}", "\u{3000}", "\u{2028}", "\n"] {
            #expect(FontFace.needsNoGlyph(s), "U+\(String(s.value, radix: 16)) is invisible")
        }
        for s: Unicode.Scalar in ["a", "ạ", "₫", "₽", "コ", "복", "—", "\u{378}"] {
            #expect(!FontFace.needsNoGlyph(s), "U+\(String(s.value, radix: 16)) must be drawn")
        }
        #expect(FontFace.mustHaveInk("A") && FontFace.mustHaveInk("—") && FontFace.mustHaveInk("₽"))
        #expect(!FontFace.mustHaveInk(" ") && !FontFace.mustHaveInk("\u{301}"))
    }
}
