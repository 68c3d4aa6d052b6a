import CX11
import XKitCore
#if canImport(Glibc)
import Glibc
#endif

/// Resolves font descriptions through fontconfig and measures text exactly as the renderer draws it.
@MainActor
public final class FontRegistry: TextMeasurer {
    private let display: OpaquePointer
    private let screen: Int32
    /// Device pixels per logical point.
    private(set) var scale: Double
    /// The `Xft.*` resources, read on the first font opened.
    private var resourceOptions: FontRenderingOptions?
    /// What the desktop's XSETTINGS manager asks for (unset fields fall back to the resources).
    private var desktopOptions = FontRenderingOptions()
    private var faces: [Font: FontFace] = [:]
    private var lastFont: Font?
    private var lastFace: FontFace?
    private var warnedFamilies: Set<String> = []
    /// Picks each family's font once for all its sizes.
    let matches: FontMatchCache
    /// The largest pixel size opened (see `XRequestLimits.maxFontPixelSize`).
    private let maxPixelSize: Double
    /// Unicode boundaries for the text measured here (ICU, loaded on first use).
    public nonisolated let textSegmenter: TextSegmenter = ICUTextSegmenter()

    /// Looks up an X resource by name and class (the display's RESOURCE_MANAGER).
    private let resource: (_ name: String, _ className: String) -> String?

    init(display: OpaquePointer, scale: Double, limits: XRequestLimits,
         resource: @escaping (_ name: String, _ className: String) -> String?) {
        self.display = display
        self.resource = resource
        screen = XDefaultScreen(display)
        matches = FontMatchCache(display: display, screen: screen)
        self.scale = scale
        maxPixelSize = limits.maxFontPixelSize
        FontRegistry.warnIfNoFonts()
    }

    /// Warns when fontconfig offers no font at all: every text would then be drawn invisibly
    /// (zero advances, nothing on screen) with nothing else saying why. The app's one registry
    /// asks once, at start-up.
    private static func warnIfNoFonts() {
        guard availableFontCount() == 0 else { return }
        let file = getenv("FONTCONFIG_FILE").map { " (FONTCONFIG_FILE=\(String(cString: $0)))" } ?? ""
        Trace.warn("fontconfig offers no fonts\(file), so text shows only as boxes; install one, "
                   + "for example Debian's fonts-dejavu-core, or point FONTCONFIG_FILE at a configuration with font directories")
    }

    /// How many fonts fontconfig offers, system and application ones together.
    private static func availableFontCount() -> Int {
        guard FcInit() != 0, let config = FcConfigGetCurrent() else { return 0 }
        var count = 0
        for set in [FcSetSystem, FcSetApplication] {
            if let fonts = FcConfigGetFonts(config, set) { count += Int(fonts.pointee.nfont) }
        }
        return count
    }

    /// The resolved face for a description, opened on first use.
    func face(for font: Font) -> FontFace? {
        if let lastFont, lastFont == font, let lastFace { return lastFace }
        if let cached = faces[font] {
            lastFont = font; lastFace = cached
            return cached
        }
        guard let face = open(font) ?? open(Font(size: font.size, weight: font.weight, italic: font.italic)) else {
            return nil
        }
        faces[font] = face
        lastFont = font; lastFace = face
        return face
    }

    public nonisolated func metrics(for font: Font) -> FontMetrics {
        MainActor.assumeIsolated {
            guard let face = face(for: font) else { return FontMetrics(ascent: font.size * 0.8, descent: font.size * 0.2) }
            let ascent = Double(face.ascent) / scale, descent = Double(face.descent) / scale
            return FontMetrics(ascent: ascent, descent: descent, leading: max(0, Double(face.height) / scale - ascent - descent))
        }
    }

    public nonisolated func advance(of character: Character, in font: Font) -> Double {
        MainActor.assumeIsolated {
            guard let face = face(for: font) else { return FontRegistry.advanceWithoutFont(of: character, size: font.size) }
            return Double(face.advance(of: character)) / scale
        }
    }

    public nonisolated func shape(word: Substring, in font: Font, rightToLeft: Bool) -> ShapedWord? {
        MainActor.assumeIsolated {
            face(for: font)?.shapedWord(word, rightToLeft: rightToLeft, scale: scale)
        }
    }

    public nonisolated func inkReach(of font: Font) -> InkReach? {
        MainActor.assumeIsolated {
            guard let face = face(for: font) else { return nil }
            return InkReach(above: Double(face.inkAbove) / scale, below: Double(face.inkBelow) / scale)
        }
    }

    /// How many HarfBuzz calls the faces opened here have made: the word cache keeps it still across relayouts.
    @_spi(Testing) public var harfBuzzCalls: Int { faces.values.reduce(0) { $0 + $1.harfBuzzCalls } }

    private static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy"]

    private func open(_ font: Font) -> FontFace? {
        guard let request = FcPatternCreate() else { return nil }
        FcPatternAddString(request, "family", font.family)
        FcPatternAddDouble(request, "pixelsize", min(font.size * scale, maxPixelSize))
        FcPatternAddInteger(request, "weight", FontRegistry.fontconfigWeight(font.weight))
        FcPatternAddInteger(request, "slant", font.italic ? 100 : 0)
        // Most sessions set none of these; then the request is exactly what it was before options existed.
        let fromResources = resources()
        if !fromResources.isEmpty { fromResources.apply(to: request) }
        guard let match = matches.match(request) else {
            FcPatternDestroy(request)
            return nil
        }
        let requested = font.family.lowercased()
        if !FontRegistry.genericFamilies.contains(requested), let matched = FontRegistry.family(of: match),
           matched.lowercased() != requested {
            FcPatternDestroy(match)
            FcPatternDestroy(request)
            if warnedFamilies.insert(font.family).inserted {
                Trace.warn("font family \"\(font.family)\" is not installed; using sans-serif")
            }
            return nil
        }
        if !desktopOptions.isEmpty { desktopOptions.override(in: match) }
        guard let xft = XftFontOpenPattern(display, match) else {
            FcPatternDestroy(match)
            FcPatternDestroy(request)
            return nil
        }
        let face = FontFace(display: display, request: request, primary: xft)
        face.renderingOverride = desktopOptions
        face.onMissing = { character, file, damaged in FontRegistry.warnMissing(character, file: file, damaged: damaged) }
        return face
    }

    /// One warning per script no installed font draws, and per font file that draws nothing.
    private static func warnMissing(_ character: Character, file: String?, damaged: Bool) {
        let scalar = character.unicodeScalars.first { !FontFace.isIgnorable($0) } ?? character.unicodeScalars.first ?? " "
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if damaged {
            let name = file ?? "?"
            Trace.warnOnce("font.damaged|\(name)", "the font file \(name) draws no glyphs (it may be damaged); "
                           + "its text is drawn as boxes")
            return
        }
        let script = UnicodeScriptName.of(scalar)
        Trace.warnOnce("font.missing|\(script)", "no installed font draws some \(script) characters (first seen: \(code) "
                       + "\(String(character))); they are drawn as boxes. Install a font for them, for example "
                       + "Debian's fonts-noto-core or fonts-noto-cjk")
    }

    /// The `Xft.*` resources, read once.
    private func resources() -> FontRenderingOptions {
        let options = resourceOptions ?? FontRenderingOptions.resources(resource)
        resourceOptions = options
        return options
    }

    /// The desktop's options over the resources' (what fonts are asked for; fontconfig fills the rest).
    func effectiveOptions() -> FontRenderingOptions { desktopOptions.filling(from: resources()) }

    /// Takes a new scale and the desktop's rendering options; when either changed, every open font
    /// is closed so the next use opens it at the new pixel size with the new options. Returns
    /// whether anything changed (views must then measure again).
    func reconfigure(scale newScale: Double, desktopOptions newOptions: FontRenderingOptions) -> Bool {
        guard newScale != scale || newOptions != desktopOptions else { return false }
        scale = newScale
        desktopOptions = newOptions
        for face in faces.values { face.close() }
        faces = [:]
        matches.reset()
        lastFont = nil
        lastFace = nil
        return true
    }

    private static func family(of pattern: OpaquePointer) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, "family", 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    private static func fontconfigWeight(_ weight: Font.Weight) -> Int32 {
        switch weight {
        case .thin: return 0
        case .light: return 50
        case .regular: return 80
        case .medium: return 100
        case .semibold: return 180
        case .bold: return 200
        case .heavy: return 210
        }
    }
}
