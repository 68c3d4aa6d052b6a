extension AttributedText {
    /// The characters in `range` with their attributes (a label's selection, for a rich copy).
    ///
    /// `range` is clamped to the text; indices from another string are rounded by their UTF-8 offsets.
    public func slice(_ range: Range<String.Index>) -> AttributedText {
        let lower = max(range.lowerBound, string.startIndex), upper = min(range.upperBound, string.endIndex)
        guard lower < upper else { return AttributedText() }
        var out = AttributedText()
        for run in runs {
            let lo = max(run.range.lowerBound, lower), hi = min(run.range.upperBound, upper)
            if lo < hi { out.append(String(string[lo..<hi]), attributes: run.attributes) }
        }
        return out
    }
}
