import XKitCore

/// Words, sentences and lines for the Text interface, from the layout the view draws.
extension AtspiBridge {
    /// The units of a node's text: a label's lines are its drawn lines; a field is one line; a text
    /// view's lines are its paragraphs.
    func textUnits(of node: AtspiNode, content: String) -> TextUnits {
        if let editing = node.view as? AtspiTextEditing, node.element == nil,
           let lines = editing.atspiLines(scalars: Array(content.unicodeScalars)) {
            return TextUnits(text: content, lines: lines, segmenter: node.view?.textMeasurer.textSegmenter ?? BasicTextSegmenter.shared)
        }
        guard let label = node.view as? Label, node.element == nil else { return TextUnits(text: content) }
        let layout = label.textLayout
        let string = layout.attributedText.string
        guard string == content else { return TextUnits(text: content, segmenter: layout.segmenter) }
        var lines: [Range<Int>] = []
        var offset = 0, index = string.startIndex
        for line in layout.lines {
            let lo = offset + string.unicodeScalars[index..<line.range.lowerBound].count
            let hi = lo + string.unicodeScalars[line.range].count
            lines.append(lo..<hi)
            offset = hi
            index = line.range.upperBound
        }
        // Text a truncated last line hides is read as part of that line.
        if let last = lines.last, last.upperBound < content.unicodeScalars.count {
            lines[lines.count - 1] = last.lowerBound..<content.unicodeScalars.count
        }
        return TextUnits(text: content, lines: lines, segmenter: layout.segmenter)
    }

    /// The range `GetTextAtOffset` and its Before/After forms answer for an `AtspiTextBoundaryType`.
    func boundaryRange(_ member: String, boundary: Int, offset: Int, units: TextUnits) -> Range<Int> {
        let kinds: [(TextUnits.Kind, TextUnits.Edge)] = [(.character, .start), (.word, .start), (.word, .end),
                                                         (.sentence, .start), (.sentence, .end), (.line, .start), (.line, .end)]
        let (kind, edge) = kinds.indices.contains(boundary) ? kinds[boundary] : (.character, .start)
        switch member {
        case "GetTextBeforeOffset": return units.segment(kind, edge: edge, before: offset)
        case "GetTextAfterOffset": return units.segment(kind, edge: edge, after: offset)
        default: return units.segment(kind, edge: edge, at: offset)
        }
    }

    /// The range `GetStringAtOffset` answers for an `AtspiTextGranularity`.
    func granularityRange(_ granularity: Int, offset: Int, units: TextUnits) -> Range<Int> {
        let kinds: [TextUnits.Kind] = [.character, .word, .sentence, .line, .paragraph]
        return units.unit(kinds.indices.contains(granularity) ? kinds[granularity] : .character, at: offset)
    }
}
