import XKit

/// A white rounded card with a small heading, holding one section of the gallery.
@MainActor
final class SectionCard: View {
    let heading: Label
    let body: View

    init(title: String, body: View) {
        heading = Label(text: title.uppercased(), font: .system(size: 11, weight: .bold), textColor: .secondaryLabel)
        self.body = body
        super.init()
        backgroundColor = .controlBackground
        cornerRadius = 10
        borderColor = .separator
        borderWidth = 1
        addSubview(heading)
        addSubview(body)
    }

    private let padding = 14.0

    override func layoutSubviews() {
        let inner = bounds.insetBy(dx: padding, dy: padding)
        heading.frame = Rect(x: inner.x, y: inner.y, width: inner.width, height: 16)
        body.frame = Rect(x: inner.x, y: inner.y + 24, width: inner.width, height: max(0, inner.height - 24))
    }

    override func sizeThatFits(_ size: Size) -> Size {
        let bodySize = body.sizeThatFits(Size(width: size.width - 2 * padding, height: .infinity))
        return Size(width: size.width, height: (bodySize.height + 24 + 2 * padding).rounded(.up))
    }
}
