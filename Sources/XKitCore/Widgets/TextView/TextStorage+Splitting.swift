/// Cutting text into paragraphs at its line breaks, for an edit or a string given whole.
extension TextStorage {
    /// The text of an edit as paragraphs: a big one (a paste) kept as byte ranges of one shared
    /// copy, found by the file loader's one-pass scan, so a 50 MB paste is not cut into a million
    /// strings and counted by grapheme while the UI waits.
    static func paragraphs(of string: String) -> [Paragraph] {
        guard string.utf8.count >= TextStorage.scannedEditThreshold else { return split(string) }
        return TextParagraphScanner.scan(ParagraphSource(Array(string.utf8))).paragraphs
    }

    /// The edit size from which `paragraphs(of:)` scans rather than splits (small edits, typing,
    /// keep plain strings that need no source).
    static let scannedEditThreshold = 64 * 1024

    /// Splits text into paragraphs at each line break character; always at least one paragraph,
    /// the last one without a break.
    static func split(_ string: String) -> [Paragraph] {
        var contiguous = string
        contiguous.makeContiguousUTF8()
        if let fast = contiguous.utf8.withContiguousStorageIfAvailable({ splitBytes($0) }) { return fast }
        var result: [Paragraph] = []
        var text = "", n = 0
        for c in string {
            if c.isNewline {
                result.append(Paragraph(text: text, terminator: String(c), count: n))
                text = ""; n = 0
            } else {
                text.append(c); n += 1
            }
        }
        result.append(Paragraph(text: text, terminator: "", count: n))
        return result
    }

    /// The byte scan behind `split`: every line break is a control character (a grapheme boundary on
    /// both sides), so breaks are found in the UTF-8 bytes, and an ASCII paragraph's length is its
    /// byte count; only paragraphs with other characters are walked by grapheme to count them.
    private static func splitBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> [Paragraph] {
        var result: [Paragraph] = []
        var start = 0, i = 0, ascii = true
        let n = bytes.count
        func paragraph(to end: Int, breakLength: Int) {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            let terminator = breakLength == 0 ? ""
                : String(decoding: UnsafeBufferPointer(rebasing: bytes[end..<(end + breakLength)]), as: UTF8.self)
            result.append(Paragraph(text: text, terminator: terminator, count: ascii ? end - start : characterCount(text)))
        }
        while i < n {
            let byte = bytes[i]
            var length = 0
            switch byte {
            case 0x0A, 0x0B, 0x0C: length = 1
            case 0x0D: length = i + 1 < n && bytes[i + 1] == 0x0A ? 2 : 1
            case 0xC2 where i + 1 < n && bytes[i + 1] == 0x85: length = 2
            case 0xE2 where i + 2 < n && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9): length = 3
            default: break
            }
            if length > 0 {
                paragraph(to: i, breakLength: length)
                i += length
                start = i
                ascii = true
            } else {
                if byte >= 0x80 { ascii = false }
                i += 1
            }
        }
        paragraph(to: n, breakLength: 0)
        return result
    }
}
