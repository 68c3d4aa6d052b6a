extension LabelInteraction {
    /// The `views` trace fields: tappable ranges with their rects in root coordinates, and `selectable`.
    func traceFields() -> [(String, JSON)] {
        var fields: [(String, JSON)] = []
        if !ranges.isEmpty {
            let layout = label.textLayout
            let origin = label.textOrigin
            fields.append(("ranges", .array(ranges.map { r in
                let rects = layout.rects(for: r.info.range).map {
                    label.traceRect($0.offsetBy(dx: origin.x, dy: origin.y))
                }
                return .object([("text", .string(r.info.text)), ("kind", .string(LabelInteraction.traceName(of: r.info.kind))),
                                ("rects", .array(rects))])
            })))
        }
        if isSelectable { fields.append(("selectable", true)) }
        if let selection, let text = label.text, selection.upperBound <= text.endIndex {
            fields.append(("selection", .string(String(text[selection]))))
        }
        return fields
    }

    /// The kind's name in trace events: `handler`, `link` or the detector's name.
    static func traceName(of kind: TappableRange.Kind) -> String {
        switch kind {
        case .handler: "handler"
        case .link: "link"
        case .detected(let detector): detector.rawValue
        }
    }

    /// Whether a point (bounds coordinates) is the label's: everywhere once something else listens
    /// (its own recognizers, selection) or when nothing that makes ranges is on (a plain label),
    /// otherwise only over a range, so clicks elsewhere go to whatever lies beneath.
    func claims(_ point: Point) -> Bool {
        if isSelectable || !wantsInput || label.gestureRecognizers.contains(where: { $0 !== recognizer }) { return true }
        return label.tappableRange(at: point) != nil
    }
}
