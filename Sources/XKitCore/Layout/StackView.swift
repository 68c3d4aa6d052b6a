/// Lays out its arranged subviews in a row or column, each at its fitting size.
///
/// In a right-to-left interface it is mirrored, as UIStackView is: a row runs from the right, and a
/// column's leading edge is its right.
@MainActor
open class StackView: View {
    /// The direction views are placed in.
    public enum Axis: Sendable {
        /// A `horizontal` stack is a row, leading to trailing; a `vertical` one a column, top to bottom.
        case horizontal, vertical
    }
    /// How views sit across the axis.
    public enum Alignment: Sendable {
        /// Views are stretched across the stack (`fill`), or keep their fitting size and sit at its
        /// `leading` edge (the top of a row, the left of a column, the right in a right-to-left
        /// interface), its `center`, or its `trailing` edge.
        case fill, leading, center, trailing
    }

    /// Row or column.
    open var axis: Axis = .vertical { didSet { setNeedsLayout() } }
    /// The gap between neighbouring views.
    open var spacing: Double = 8 { didSet { setNeedsLayout() } }
    /// How views sit across the axis.
    open var alignment: Alignment = .fill { didSet { setNeedsLayout() } }
    /// Padding around the arranged views.
    open var insets: EdgeInsets = .zero { didSet { setNeedsLayout() } }

    /// A stack of views.
    public convenience init(axis: Axis = .vertical, spacing: Double = 8, alignment: Alignment = .fill, _ views: [View]) {
        self.init()
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        views.forEach(addSubview)
    }

    open override func layoutSubviews() {
        let content = bounds.inset(by: insets)
        var cursor = axis == .vertical ? content.minY : content.minX
        for view in subviews where !view.isHidden {
            let fit = fittingSize(of: view, in: content.size)
            switch axis {
            case .vertical:
                let width = alignment == .fill ? content.width : min(fit.width, content.width)
                view.frame = flippedForLayoutDirection(Rect(x: crossOrigin(content.minX, content.width, width), y: cursor,
                                                            width: width, height: fit.height))
                cursor += fit.height + spacing
            case .horizontal:
                let height = alignment == .fill ? content.height : min(fit.height, content.height)
                view.frame = flippedForLayoutDirection(Rect(x: cursor, y: crossOrigin(content.minY, content.height, height),
                                                            width: fit.width, height: height))
                cursor += fit.width + spacing
            }
        }
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let inner = Size(width: size.width - insets.horizontal, height: size.height - insets.vertical)
        var main = 0.0, cross = 0.0, count = 0
        for view in subviews where !view.isHidden {
            let fit = fittingSize(of: view, in: inner)
            main += axis == .vertical ? fit.height : fit.width
            cross = max(cross, axis == .vertical ? fit.width : fit.height)
            count += 1
        }
        main += Double(max(0, count - 1)) * spacing
        return axis == .vertical
            ? Size(width: cross + insets.horizontal, height: main + insets.vertical)
            : Size(width: main + insets.horizontal, height: cross + insets.vertical)
    }

    private func fittingSize(of view: View, in size: Size) -> Size {
        axis == .vertical
            ? view.sizeThatFits(Size(width: size.width, height: .infinity))
            : view.sizeThatFits(Size(width: .infinity, height: size.height))
    }

    private func crossOrigin(_ start: Double, _ available: Double, _ length: Double) -> Double {
        switch alignment {
        case .fill, .leading: return start
        case .center: return start + ((available - length) / 2).rounded()
        case .trailing: return start + available - length
        }
    }
}
