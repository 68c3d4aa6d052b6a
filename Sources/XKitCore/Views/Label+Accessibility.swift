/// A label's tappable ranges (links, detected text, ranges with handlers) as link elements.
extension Label: AccessibilityElementProviding {
    public var accessibilityElements: [AccessibilityElement] {
        tappableRanges.map { range in
            let rects = rects(for: range.range)
            let frame = rects.dropFirst().reduce(rects.first ?? .zero) { $0.union($1) }
            return AccessibilityElement(role: .link, name: range.text, frame: frame, actionName: "jump")
        }
    }

    /// Taps the range as a click on it would.
    public func performAccessibilityAction(ofElementAt index: Int) -> Bool {
        guard let interaction else { return false }
        let ranges = interaction.ranges
        guard index >= 0, index < ranges.count else { return false }
        fireTap(ranges[index])
        return true
    }
}
