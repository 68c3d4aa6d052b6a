/// Reads pasted `text/html` bytes: their encoding, and the plain text inside the markup.
///
/// Chromium and GTK send UTF-8; Firefox sends UTF-16 (little-endian, with a byte-order mark or,
/// from older versions, without one). Broken bytes are replaced with U+FFFD and reported, never
/// dropped silently and never a crash.
public enum HTMLReader {
    /// Decoded markup and what was wrong with the bytes, if anything.
    public struct Decoded: Sendable, Equatable {
        /// The HTML as a string.
        public var html: String
        /// One sentence per problem found (invalid UTF-8, an odd UTF-16 byte count); empty when clean.
        public var warnings: [String]
        /// Decoded HTML and the warnings its decoding produced.
        public init(html: String, warnings: [String]) { self.html = html; self.warnings = warnings }
    }

    /// Decodes `bytes` as UTF-16 when they start with a byte-order mark or look like UTF-16 (every
    /// other byte zero in an ASCII-heavy document), else as UTF-8.
    public static func decode(_ bytes: [UInt8]) -> Decoded {
        var warnings: [String] = []
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return utf8(bytes.dropFirst(3), warnings: &warnings)
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false, warnings: &warnings) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true, warnings: &warnings) }
        if let bigEndian = guessUTF16(bytes) { return utf16(bytes[...], bigEndian: bigEndian, warnings: &warnings) }
        return utf8(bytes[...], warnings: &warnings)
    }

    private static func utf8(_ bytes: ArraySlice<UInt8>, warnings: inout [String]) -> Decoded {
        if let text = String(validating: bytes, as: UTF8.self) { return Decoded(html: text, warnings: warnings) }
        warnings.append("text/html is not valid UTF-8: broken sequences were replaced with U+FFFD")
        return Decoded(html: String(decoding: bytes, as: UTF8.self), warnings: warnings)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool, warnings: inout [String]) -> Decoded {
        var body = bytes
        if body.count % 2 == 1 {
            warnings.append("text/html in UTF-16 has an odd byte count (\(bytes.count)): the last byte was dropped")
            body = body.dropLast()
        }
        var units: [UInt16] = []
        units.reserveCapacity(body.count / 2)
        var index = body.startIndex
        while index < body.endIndex {
            let a = UInt16(body[index]), b = UInt16(body[index + 1])
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            index += 2
        }
        if let text = String(validating: units, as: UTF16.self) { return Decoded(html: text, warnings: warnings) }
        warnings.append("text/html in UTF-16 has unpaired surrogates: they were replaced with U+FFFD")
        return Decoded(html: String(decoding: units, as: UTF16.self), warnings: warnings)
    }

    /// true for big-endian, false for little-endian UTF-16 without a mark, nil for UTF-8.
    ///
    /// UTF-8 HTML has no NUL bytes; UTF-16 markup has one in nearly every ASCII character (`<`, tags).
    private static func guessUTF16(_ bytes: [UInt8]) -> Bool? {
        let sample = bytes.prefix(512)
        guard sample.count >= 2 else { return nil }
        var evenZeros = 0, oddZeros = 0
        for (i, byte) in sample.enumerated() where byte == 0 {
            if i % 2 == 0 { evenZeros += 1 } else { oddZeros += 1 }
        }
        let pairs = sample.count / 2
        if oddZeros * 2 > pairs && evenZeros * 8 < pairs { return false }
        if evenZeros * 2 > pairs && oddZeros * 8 < pairs { return true }
        return nil
    }

    /// The text a reader sees in `html`: tags removed, `<br>` and block ends as newlines,
    /// entities decoded, `<script>`/`<style>`/`<head>` contents and comments dropped.
    public static func plainText(fromHTML html: String) -> String {
        var out = ""
        var scalars = Array(html.unicodeScalars)[...]
        let blocks: Set<String> = ["p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "table"]
        while let scalar = scalars.first {
            if scalar == "<" {
                if scalars.starts(with: "<!--".unicodeScalars) {
                    guard let end = find("-->", in: scalars) else { break }
                    scalars = scalars[(end + 3)...]
                    continue
                }
                guard let close = scalars.firstIndex(of: ">") else { break }
                let inner = String(String.UnicodeScalarView(scalars[(scalars.startIndex + 1)..<close]))
                scalars = scalars[(close + 1)...]
                let isEnd = inner.hasPrefix("/")
                let name = String(inner.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }).lowercased()
                if !isEnd, ["script", "style", "head", "title"].contains(name), !inner.hasSuffix("/") {
                    // Their content is not markup (a script's `a<b`): jump to the end tag itself.
                    guard let end = find("</\(name)", in: scalars) ?? find("</\(name.uppercased())", in: scalars),
                          let close = scalars[end...].firstIndex(of: ">") else { break }
                    scalars = scalars[(close + 1)...]
                } else if name == "br" {
                    out += "\n"
                } else if isEnd, blocks.contains(name), !out.isEmpty, !out.hasSuffix("\n") {
                    out += "\n"
                }
                continue
            }
            scalars = scalars.dropFirst()
            if scalar == "&", let (decoded, length) = entity(at: scalars) {
                out.unicodeScalars.append(decoded)
                scalars = scalars.dropFirst(length)
            } else if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                if !out.hasSuffix(" ") && !out.hasSuffix("\n") && !out.isEmpty { out += " " }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        while out.hasSuffix("\n") || out.hasSuffix(" ") { out.removeLast() }
        return out
    }

    private static func find(_ needle: String, in scalars: ArraySlice<Unicode.Scalar>) -> Int? {
        let pattern = Array(needle.unicodeScalars)
        var i = scalars.startIndex
        while i + pattern.count <= scalars.endIndex {
            if scalars[i..<(i + pattern.count)].elementsEqual(pattern) { return i }
            i += 1
        }
        return nil
    }

    /// An entity after `&` (`amp;`, `#39;`, `#x1F600;`): the scalar and how many scalars it spans.
    private static func entity(at scalars: ArraySlice<Unicode.Scalar>) -> (Unicode.Scalar, Int)? {
        guard let semicolon = scalars.prefix(12).firstIndex(of: ";") else { return nil }
        let name = String(String.UnicodeScalarView(scalars[scalars.startIndex..<semicolon]))
        let length = name.unicodeScalars.count + 1
        let named: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
        if let scalar = named[name] { return (scalar, length) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// The URIs of a `text/uri-list`: one per line, CR LF or LF, `#` comment lines and blank lines skipped.
    public static func uris(fromURIList text: String) -> [String] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: " \t") }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var s = self
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}
