import XKitCore

/// What the Text and EditableText interfaces need of an editable view: its text, caret and
/// selection as character (grapheme cluster) offsets, so a text field and a text view are served
/// by one implementation (the bridge converts to AT-SPI's scalar offsets at the edge).
@MainActor
protocol AtspiTextEditing: View {
    /// The whole text.
    var atspiText: String { get }
    /// The caret's character offset.
    var atspiCaret: Int { get }
    /// The selected character range (empty at the caret when nothing is selected).
    var atspiSelection: Range<Int> { get }
    /// Selects a character range; an empty one moves the caret there.
    func atspiSelect(_ range: Range<Int>)
    /// Whether EditableText may change the text.
    var atspiIsEditable: Bool { get }
    /// The scalar ranges the Text interface calls lines (nil: the text is one line).
    func atspiLines(scalars: [Unicode.Scalar]) -> [Range<Int>]?
}

extension TextField: AtspiTextEditing {
    var atspiText: String { text }
    var atspiCaret: Int { caretOffset }
    var atspiSelection: Range<Int> { selectedRange }
    func atspiSelect(_ range: Range<Int>) {
        if range.isEmpty { moveCaret(to: range.lowerBound) } else { select(range) }
    }
    var atspiIsEditable: Bool { isEnabled }
    func atspiLines(scalars: [Unicode.Scalar]) -> [Range<Int>]? { nil }
}

extension TextView: AtspiTextEditing {
    var atspiText: String { text }
    var atspiCaret: Int { caret }
    var atspiSelection: Range<Int> { selectedRange }
    func atspiSelect(_ range: Range<Int>) { selectedRange = range }
    var atspiIsEditable: Bool { isEditable }

    /// Paragraphs, each with its line break: what is laid out off screen is not known line by line.
    func atspiLines(scalars: [Unicode.Scalar]) -> [Range<Int>]? {
        var lines: [Range<Int>] = []
        var start = 0, i = 0
        while i < scalars.count {
            let s = scalars[i]
            i += 1
            if s == "\r", i < scalars.count, scalars[i] == "\n" { i += 1 }
            if s == "\n" || s == "\r" || s == "\u{2028}" || s == "\u{2029}" || s == "\u{85}" || s == "\u{0B}" || s == "\u{0C}" {
                lines.append(start..<i)
                start = i
            }
        }
        lines.append(start..<scalars.count)
        return lines
    }
}
