import XKit

extension GalleryScene {
    /// A social-media post twice, to show that taps land on what is drawn: left-aligned and centred
    /// vertically in a tall label, then right-aligned. The bold name, the #tags and the link are
    /// tappable, the rest of the text goes to the label's own tap; a status line says what was hit.
    /// Both copies are selectable, so a drag puts the selected text on PRIMARY.
    /// With `avatar`, the poster's round avatar ("avatar1", an image loaded when first drawn) leads the row.
    func postSection(rowHeight: Double = 110, avatar: Bool = false) -> View {
        let status = Label(text: "Tap the post: the name, a #tag, the link or the text", font: .system(size: 13),
                           textColor: .secondaryLabel)
        status.accessibilityIdentifier = "post.status"
        let copies = [("post.left", TextAlignment.left), ("post.right", TextAlignment.right)].map { id, alignment in
            postLabel(id: id, alignment: alignment) { part in
                status.text = "\(id): \(part)"
                // Lets out-of-process tests see label-level taps, which text.tap does not cover.
                Trace.emit("demo.post", [("id", .string(id)), ("part", .string(part))])
            }
        }
        let row = PostRow(copies, avatar: avatar ? avatarView() : nil, height: rowHeight)
        return StackView(spacing: 8, [row, status])
    }

    private func avatarView() -> ImageView {
        let view = ImageView(named: "avatar1")
        view.accessibilityIdentifier = "post.avatar"
        view.contentMode = .aspectFill
        view.isCircular = true
        view.menuItems = [.copyImage]
        return view
    }

    private func postLabel(id: String, alignment: TextAlignment, report: @escaping @MainActor (String) -> Void) -> Label {
        let post = DemoTexts.text("post")
        let name = String(post.prefix { $0 != " " })
        var text = AttributedText(name, font: .system(size: 15, weight: .bold))
        text.append(AttributedText(String(post.dropFirst(name.count)), font: .system(size: 15)))
        let label = Label()
        label.attributedText = text
        label.accessibilityIdentifier = id
        label.numberOfLines = 0
        label.textAlignment = alignment
        label.backgroundColor = Color.sampleBackground
        label.cornerRadius = 6
        label.isSelectable = true
        label.detectors = [.hashtags, .urls]
        label.addTapHandler(for: name, occurrence: .first) { report("name \($0.text)") }
        label.onDetectedTap = { kind, text in report("\(kind == .urls ? "link" : "tag") \(text)") }
        label.onTap { _ in report("text") }
        return label
    }
}

/// Two post labels side by side, taller than their text so the vertical centring shows.
@MainActor
private final class PostRow: View {
    private let labels: [Label]
    private let avatar: View?
    private let avatarSide = 48.0
    /// Taller than the wrapped text, so the vertical centring shows.
    let height: Double
    private let gap = 12.0

    init(_ labels: [Label], avatar: View?, height: Double) {
        self.labels = labels
        self.avatar = avatar
        self.height = height
        super.init()
        labels.forEach(addSubview)
        avatar.map(addSubview)
    }

    override func layoutSubviews() {
        let leading = avatar == nil ? 0 : avatarSide + gap
        avatar?.frame = Rect(x: 0, y: 0, width: avatarSide, height: avatarSide)
        let width = (bounds.width - leading - gap * Double(labels.count - 1)) / Double(labels.count)
        for (i, label) in labels.enumerated() {
            label.frame = Rect(x: leading + Double(i) * (width + gap), y: 0, width: width, height: height)
        }
    }

    override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: height) }
}

/// The post section alone in a window, roomier than the gallery's crowded right column; the X tests
/// click it here so they do not depend on the gallery's layout.
struct PostScene: DemoScene {
    let title = "XKit Post"
    let size = Size(width: 520, height: 250)

    func build(in window: Window, app: Application) {
        let card = SectionCard(title: "Tappable text", body: GalleryScene().postSection(rowHeight: 140, avatar: true))
        card.frame = Rect(x: 16, y: 16, width: size.width - 32, height: size.height - 32)
        card.autoresizingMask = .fill
        window.contentView.backgroundColor = .windowBackground
        window.contentView.addSubview(card)
    }
}
