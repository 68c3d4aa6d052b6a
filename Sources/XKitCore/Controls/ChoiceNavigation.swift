/// The keyboard of one-of-many controls (a segmented control, a radio group): arrows move the choice,
/// Home/End go to the ends, skipping disabled items; nil when the key does not move it.
struct ChoiceNavigation {
    var count: Int
    /// Whether the items run from the right: Left then moves to the next one.
    var isRightToLeft = false
    var isEnabled: (Int) -> Bool

    func index(after key: Key, from current: Int) -> Int? {
        guard count > 0 else { return nil }
        switch key {
        case .down: return step(from: current, by: 1)
        case .up: return step(from: current, by: -1)
        case .right: return step(from: current, by: isRightToLeft ? -1 : 1)
        case .left: return step(from: current, by: isRightToLeft ? 1 : -1)
        case .home: return (0..<count).first(where: isEnabled)
        case .end: return (0..<count).last(where: isEnabled)
        default: return nil
        }
    }

    /// The next enabled item in a direction, wrapping round as GTK's radio buttons do.
    private func step(from current: Int, by delta: Int) -> Int? {
        var i = current < 0 ? (delta > 0 ? -1 : count) : current
        for _ in 0..<count {
            i = (i + delta + count) % count
            if isEnabled(i) { return i }
        }
        return nil
    }
}

/// The pointer of one-of-many controls: the choice under a press is held (and drawn pressed) until
/// the release, which chooses it only when it lands on that same choice.
struct ChoicePress {
    /// The choice under the press, while the button is down.
    private(set) var index: Int?

    mutating func begin(at index: Int?) { self.index = index }

    /// Ends the press; returns the choice made, if the release landed on the pressed one.
    mutating func end(at released: Int?) -> Int? {
        defer { index = nil }
        guard let index, index == released else { return nil }
        return index
    }

    mutating func cancel() { index = nil }
}
