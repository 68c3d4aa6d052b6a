/// How a view follows its superview's size changes, as in UIKit.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The space to the left of the view grows and shrinks with the superview's width.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The view's width grows and shrinks with the superview's.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The space to the right of the view grows and shrinks with the superview's width.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The space above the view grows and shrinks with the superview's height.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The view's height grows and shrinks with the superview's.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The space below the view grows and shrinks with the superview's height.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    /// Keeps the margins and stretches with the superview.
    public static let fill: AutoresizingMask = [.flexibleWidth, .flexibleHeight]

    /// The frame after the superview went from `old` to `new` size.
    public func resize(_ frame: Rect, from old: Size, to new: Size) -> Rect {
        var f = frame
        f.origin.x += share(new.width - old.width, lead: .flexibleLeftMargin, size: .flexibleWidth, trail: .flexibleRightMargin,
                            part: .lead)
        f.size.width += share(new.width - old.width, lead: .flexibleLeftMargin, size: .flexibleWidth, trail: .flexibleRightMargin,
                              part: .size)
        f.origin.y += share(new.height - old.height, lead: .flexibleTopMargin, size: .flexibleHeight, trail: .flexibleBottomMargin,
                            part: .lead)
        f.size.height += share(new.height - old.height, lead: .flexibleTopMargin, size: .flexibleHeight,
                               trail: .flexibleBottomMargin, part: .size)
        f.size.width = max(0, f.size.width)
        f.size.height = max(0, f.size.height)
        return f
    }

    private enum Part { case lead, size }

    /// Splits a change evenly among the flexible parts of one axis.
    private func share(_ delta: Double, lead: AutoresizingMask, size: AutoresizingMask, trail: AutoresizingMask,
                       part: Part) -> Double {
        let flexible = [lead, size, trail].filter { contains($0) }.count
        guard flexible > 0 else { return 0 }
        let mine = part == .lead ? lead : size
        return contains(mine) ? delta / Double(flexible) : 0
    }
}
