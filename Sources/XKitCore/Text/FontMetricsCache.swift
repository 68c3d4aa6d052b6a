/// One font's metrics, kept for the measurer that gave them.
///
/// A text view asks for its font's metrics several times a key (the caret, the text's origin, the
/// input method's spot), and each ask of the X font registry passes a main-actor check. The owner
/// forgets them when its font or the text metrics change; another measurer (a view moved to another
/// app's window) is asked again.
struct FontMetricsCache {
    private var kept: (measurer: ObjectIdentifier, metrics: FontMetrics)?

    /// `font`'s metrics from `measurer`, asked only when not kept for it.
    mutating func metrics(of font: Font, from measurer: TextMeasurer) -> FontMetrics {
        if let kept, kept.measurer == ObjectIdentifier(measurer) { return kept.metrics }
        let metrics = measurer.metrics(for: font)
        kept = (ObjectIdentifier(measurer), metrics)
        return metrics
    }

    /// Forgets the kept metrics (the font or the text metrics changed).
    mutating func forget() { kept = nil }
}
