/// The immutable UTF-8 bytes a `TextStorage` was loaded from, shared by the paragraphs that are
/// still byte ranges into it, so opening a file decodes nothing until a paragraph is read.
final class ParagraphSource: Sendable {
    /// The file's bytes as read, possibly with invalid UTF-8.
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The text of a byte range, invalid sequences replaced by U+FFFD as `String(decoding:as:)` does.
    func string(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }
}
