/// Writes attributed text as an HTML fragment for the pasteboard's `text/html`.
///
/// Each run becomes nested inline elements, outermost first: `<a href>` for a link, then a `<span
/// style>` for what differs from the default look (colour, size, family), then `<b>`, `<i>`, `<u>`.
/// Every element is closed inside its run, so the nesting is always well formed. Newlines become
/// `<br>`. The whole is one `<div dir>` carrying the base direction, as browsers and LibreOffice read
/// it, after a charset `<meta>` (GTK and Firefox send the same), since the bytes are UTF-8.
public enum HTMLWriter {
    /// The HTML for `text`; `direction` nil takes it from the first strong character (left to right if none).
    ///
    ///     HTMLWriter.html(for: AttributedText("bold", font: .bold()))
    ///     // <meta charset="utf-8"><div dir="ltr"><b>bold</b></div>
    public static func html(for text: AttributedText, direction: TextDirection? = nil) -> String {
        let resolved = direction ?? firstStrongDirection(of: text.string) ?? .leftToRight
        var out = "<meta charset=\"utf-8\"><div dir=\"\(resolved == .rightToLeft ? "rtl" : "ltr")\">"
        for run in text.runs {
            appendRun(String(text.string[run.range]), run.attributes, to: &out)
        }
        out += "</div>"
        return out
    }

    private static let defaults = TextAttributes()

    private static func appendRun(_ string: String, _ attributes: TextAttributes, to out: inout String) {
        var closers: [String] = []
        func open(_ tag: String, _ attributes: String = "") {
            out += "<\(tag)\(attributes)>"
            closers.append("</\(tag)>")
        }
        if let link = attributes.link { open("a", " href=\"\(escape(link))\"") }
        var style: [String] = []
        if attributes.color != defaults.color { style.append("color:\(cssColor(attributes.color))") }
        if attributes.font.size != defaults.font.size { style.append("font-size:\(cssNumber(attributes.font.size))px") }
        if attributes.font.family != defaults.font.family { style.append("font-family:\(cssFamily(attributes.font.family))") }
        if !style.isEmpty { open("span", " style=\"\(escape(style.joined(separator: ";")))\"") }
        if attributes.font.weight.rawValue >= Font.Weight.semibold.rawValue { open("b") }
        if attributes.font.italic { open("i") }
        if attributes.underline { open("u") }
        var first = true
        for line in string.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { out += "<br>" }
            first = false
            out += escape(String(line))
        }
        out += closers.reversed().joined()
    }

    /// The text with `&`, `<`, `>`, `"` and `'` replaced by entities (safe in content and in quoted attributes).
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\r": break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `#rrggbb`, or `rgba(…)` for a translucent colour.
    static func cssColor(_ color: Color) -> String {
        func byte(_ c: Double) -> Int { Int((min(1, max(0, c.isNaN ? 0 : c)) * 255).rounded()) }
        let (r, g, b) = (byte(color.redComponent), byte(color.greenComponent), byte(color.blueComponent))
        if color.alpha < 1 {
            return "rgba(\(r),\(g),\(b),\(cssNumber(max(0, color.alpha))))"
        }
        let hex = (r << 16) | (g << 8) | b
        let digits = String(hex, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    private static func cssNumber(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 100).rounded() / 100)
    }

    private static func cssFamily(_ family: String) -> String {
        let generic: Set<String> = ["sans-serif", "serif", "monospace", "cursive", "fantasy", "system-ui"]
        if generic.contains(family) { return family }
        // Quoted for CSS; a quote or backslash in a family name would end the string early.
        let cleaned = family.filter { $0 != "'" && $0 != "\\" && $0 != "\"" }
        return "'\(cleaned)'"
    }

    /// The direction of the first strong character (UAX #9 P2, approximated by script blocks), or nil.
    public static func firstStrongDirection(of text: String) -> TextDirection? {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let rightToLeft = (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v)
                || (0xFE70...0xFEFF).contains(v) || (0x10800...0x10FFF).contains(v) || (0x1E800...0x1EFFF).contains(v)
            if rightToLeft, scalar.properties.isAlphabetic { return .rightToLeft }
            if scalar.properties.isAlphabetic { return .leftToRight }
        }
        return nil
    }
}
