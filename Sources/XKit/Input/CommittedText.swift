import XKitCore

/// What an input method commits, bounded before it reaches a text field.
///
/// One XIM_COMMIT (or reset reply) carries at most 65,535 bytes, so nothing a conforming method
/// sends is ever cut. A broken or hostile one may hand Xlib more: past `maximumLength` characters
/// the rest is dropped with a warning saying how much, so one commit of a megabyte cannot make
/// every later key in the field lay out a megabyte.
enum CommittedText {
    /// The most characters one commit inserts.
    static let maximumLength = 65_536

    /// `text` cut to `maximumLength` characters (never inside one), warning when anything was cut.
    static func bounded(_ text: String) -> String {
        // Characters never outnumber UTF-8 bytes: short commits skip the grapheme walk.
        guard text.utf8.count > maximumLength else { return text }
        let end = text.index(text.startIndex, offsetBy: maximumLength, limitedBy: text.endIndex) ?? text.endIndex
        guard end < text.endIndex else { return text }
        let kept = String(text[..<end])
        Trace.warn("input method committed \(text.utf8.count) bytes; only the first \(maximumLength) characters "
                   + "(\(kept.utf8.count) bytes) are inserted and \(text.utf8.count - kept.utf8.count) bytes are dropped")
        return kept
    }
}
