import CX11
import XKitCore

/// The composition as an on-the-spot input method edits it: PreeditDraw replaces a span of
/// characters (code points, as XIM counts them in a UTF-8 locale) and sets the caret.
///
/// Bad input is clamped, never trusted: spans outside the text, carets past its end, and text
/// beyond `maximumLength` (the rest is dropped with one warning, so 1 MiB of preedit cannot stall typing).
struct PreeditBuffer {
    /// The most code points kept; XIM sends at most 65,535 per draw but may keep appending.
    static let maximumLength = 4096

    private(set) var scalars: [Unicode.Scalar] = []
    private(set) var feedback: [UInt] = []
    private(set) var caret = 0
    private var warnedOverflow = false

    var isEmpty: Bool { scalars.isEmpty }

    /// Applies one PreeditDraw: `text` (nil: deletion) replaces `length` code points at `first`.
    /// `attributes` alone (text nil but attributes given) restyles the span without changing it.
    mutating func draw(caret newCaret: Int, first: Int, length: Int, text: [Unicode.Scalar]?, attributes: [UInt]?) {
        let lo = max(0, min(scalars.count, first))
        let hi = max(lo, min(scalars.count, lo + max(0, length)))
        if text == nil, let attributes, !attributes.isEmpty {
            for (i, value) in attributes.prefix(scalars.count - lo).enumerated() { feedback[lo + i] = value }
        } else {
            var inserted = text ?? []
            let room = PreeditBuffer.maximumLength - (scalars.count - (hi - lo))
            if inserted.count > room {
                if !warnedOverflow {
                    Trace.warn("input method preedit longer than \(PreeditBuffer.maximumLength) characters; the rest is not shown")
                    warnedOverflow = true
                }
                inserted = Array(inserted.prefix(max(0, room)))
            }
            var styles = Array((attributes ?? []).prefix(inserted.count))
            styles += Array(repeating: UInt(XIMUnderline), count: inserted.count - styles.count)
            scalars.replaceSubrange(lo..<hi, with: inserted)
            feedback.replaceSubrange(lo..<hi, with: styles)
        }
        caret = max(0, min(scalars.count, newCaret))
    }

    /// Applies PreeditCaret; returns the new position, which the client reports back to the IM.
    mutating func moveCaret(_ direction: XIMCaretDirection, position: Int) -> Int {
        switch direction {
        case XIMForwardChar: caret += 1
        case XIMBackwardChar: caret -= 1
        case XIMLineStart: caret = 0
        case XIMLineEnd: caret = scalars.count
        case XIMAbsolutePosition: caret = position
        default: break  // word moves and XIMDontChange: keep it (a single line has no up/down)
        }
        caret = max(0, min(scalars.count, caret))
        return caret
    }

    /// Forgets the composition (PreeditStart, PreeditDone, a reset or a lost IM).
    mutating func clear() {
        scalars.removeAll()
        feedback.removeAll()
        caret = 0
        warnedOverflow = false
    }

    /// The composition for the view, in character offsets; nil when empty.
    var preedit: Preedit? {
        guard !scalars.isEmpty else { return nil }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        let text = String(view)
        let highlight = UInt(XIMReverse | XIMHighlight)
        var ranges: [Range<Int>] = []
        var i = 0
        while i < feedback.count {
            guard feedback[i] & highlight != 0 else { i += 1; continue }
            var j = i
            while j < feedback.count && feedback[j] & highlight != 0 { j += 1 }
            ranges.append(characterOffset(i)..<characterOffset(j))
            i = j
        }
        return Preedit(text: text, caret: characterOffset(caret), highlights: ranges)
    }

    /// The character (grapheme cluster) offset of code point `index`.
    private func characterOffset(_ index: Int) -> Int {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars.prefix(index))
        return String(view).count
    }
}
