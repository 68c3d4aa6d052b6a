import CX11
import XKitCore

/// How glyphs are rasterised: anti-aliasing, hinting and the LCD's subpixel order.
///
/// Each option is nil until someone sets it. The XSETTINGS manager's `Xft/Antialias`,
/// `Xft/Hinting`, `Xft/HintStyle` and `Xft/RGBA` win: they replace fontconfig's answer after the
/// match, as the desktop's live choice. The `Xft.*` X resources go into the request, where
/// fontconfig's `target="pattern"` defaults yield to them and its `target="font"` rules still
/// override them, as with Xft itself; what neither sets stays with fontconfig.
struct FontRenderingOptions: Hashable {
    /// fontconfig's `FC_HINT_STYLE` values.
    enum HintStyle: Int32 {
        case none = 0, slight, medium, full

        /// A name as XSETTINGS and `Xft.hintstyle` spell it ("hintslight"); plain "slight" is accepted too.
        init?(name: String) {
            let bare = name.hasPrefix("hint") ? String(name.dropFirst(4)) : name
            switch bare {
            case "none": self = .none
            case "slight": self = .slight
            case "medium": self = .medium
            case "full": self = .full
            default: return nil
            }
        }
    }

    /// fontconfig's `FC_RGBA` values: the order of the LCD's subpixels, `none` for greyscale.
    enum SubpixelOrder: Int32 {
        case rgb = 1, bgr, vrgb, vbgr, none

        init?(name: String) {
            switch name {
            case "rgb": self = .rgb
            case "bgr": self = .bgr
            case "vrgb": self = .vrgb
            case "vbgr": self = .vbgr
            case "none": self = .none
            default: return nil
            }
        }
    }

    var antialias: Bool?
    var hinting: Bool?
    var hintStyle: HintStyle?
    var subpixelOrder: SubpixelOrder?

    /// Whether no option is set (fontconfig decides everything).
    var isEmpty: Bool { antialias == nil && hinting == nil && hintStyle == nil && subpixelOrder == nil }

    /// The options an XSETTINGS manager sets; values it spells wrongly are ignored with a warning.
    init(xsettings: [String: XSettingValue]) {
        func int(_ name: String) -> Int32? { if case .integer(let v) = xsettings[name] { v } else { nil } }
        func string(_ name: String) -> String? { if case .string(let v) = xsettings[name] { v } else { nil } }
        // XSETTINGS uses -1 for "the default" in both booleans.
        if let v = int("Xft/Antialias"), v >= 0 { antialias = v != 0 }
        if let v = int("Xft/Hinting"), v >= 0 { hinting = v != 0 }
        if let name = string("Xft/HintStyle") {
            hintStyle = HintStyle(name: name)
            if hintStyle == nil { Trace.warnOnce("xsettings.hintstyle.\(name)", "ignoring Xft/HintStyle \"\(name)\": expected hintnone, hintslight, hintmedium or hintfull") }
        }
        if let name = string("Xft/RGBA") {
            subpixelOrder = SubpixelOrder(name: name)
            if subpixelOrder == nil { Trace.warnOnce("xsettings.rgba.\(name)", "ignoring Xft/RGBA \"\(name)\": expected none, rgb, bgr, vrgb or vbgr") }
        }
    }

    init(antialias: Bool? = nil, hinting: Bool? = nil, hintStyle: HintStyle? = nil, subpixelOrder: SubpixelOrder? = nil) {
        self.antialias = antialias
        self.hinting = hinting
        self.hintStyle = hintStyle
        self.subpixelOrder = subpixelOrder
    }

    /// The `Xft.antialias`, `Xft.hinting`, `Xft.hintstyle` and `Xft.rgba` resources, looked up through `resource`.
    ///
    /// Xft would apply them itself, but only after fontconfig's configuration has had its say, so
    /// a system `hintslight` would hide the user's `Xft.hintstyle`; reading them here keeps the
    /// order XSETTINGS, resources, fontconfig.
    static func resources(_ resource: (_ name: String, _ className: String) -> String?) -> FontRenderingOptions {
        func value(_ name: String) -> String? {
            resource("Xft.\(name)", "Xft.\(name.prefix(1).uppercased() + name.dropFirst())")?.lowercased()
        }
        func bool(_ name: String) -> Bool? {
            switch value(name) {
            case "1", "true", "yes", "on": return true
            case "0", "false", "no", "off": return false
            default: return nil
            }
        }
        var options = FontRenderingOptions(antialias: bool("antialias"), hinting: bool("hinting"))
        if let style = value("hintstyle") {
            options.hintStyle = HintStyle(name: style) ?? Int32(style).flatMap(HintStyle.init(rawValue:))
        }
        if let order = value("rgba") { options.subpixelOrder = SubpixelOrder(name: order) }
        return options
    }

    /// These options, with the ones left unset taken from `fallback`.
    func filling(from fallback: FontRenderingOptions) -> FontRenderingOptions {
        FontRenderingOptions(antialias: antialias ?? fallback.antialias, hinting: hinting ?? fallback.hinting,
                             hintStyle: hintStyle ?? fallback.hintStyle, subpixelOrder: subpixelOrder ?? fallback.subpixelOrder)
    }

    /// Replaces the options that are set in a matched pattern (before the font is opened), so they
    /// win over fontconfig's own `target="font"` rules as well.
    func override(in match: OpaquePointer) {
        for (name, set) in [("antialias", antialias != nil), ("hinting", hinting != nil),
                            ("hintstyle", hintStyle != nil), ("rgba", subpixelOrder != nil)] where set {
            FcPatternDel(match, name)
        }
        apply(to: match)
    }

    /// Adds the options that are set to a fontconfig pattern about to be matched.
    func apply(to pattern: OpaquePointer) {
        if let antialias { FcPatternAddBool(pattern, "antialias", antialias ? 1 : 0) }
        if let hinting { FcPatternAddBool(pattern, "hinting", hinting ? 1 : 0) }
        if let hintStyle { FcPatternAddInteger(pattern, "hintstyle", hintStyle.rawValue) }
        if let subpixelOrder { FcPatternAddInteger(pattern, "rgba", subpixelOrder.rawValue) }
    }

    /// The options for a trace event.
    var traceFields: [(String, JSON)] {
        var fields: [(String, JSON)] = []
        if let antialias { fields.append(("antialias", .bool(antialias))) }
        if let hinting { fields.append(("hinting", .bool(hinting))) }
        if let hintStyle { fields.append(("hintStyle", .int(Int(hintStyle.rawValue)))) }
        if let subpixelOrder { fields.append(("rgba", .int(Int(subpixelOrder.rawValue)))) }
        return fields
    }
}
