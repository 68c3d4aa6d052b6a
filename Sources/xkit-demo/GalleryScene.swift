import XKit

/// Every widget, in several scripts: the README's screenshot and the demo users see first.
struct GalleryScene: DemoScene {
    let title = "XKit Gallery"
    let size = Size(width: 1240, height: 800)

    func build(in window: Window, app: Application) {
        let left = StackView(spacing: 12, [
            SectionCard(title: "Scripts", body: scriptsSection()),
            SectionCard(title: "Fonts and weights", body: fontsSection()),
            SectionCard(title: "Alignment", body: alignmentSection()),
            SectionCard(title: "Wrapping and truncation", body: wrappingSection()),
        ])
        let middle = StackView(spacing: 12, [
            SectionCard(title: "Copyable labels", body: copyableSection(app: app)),
            SectionCard(title: "Controls", body: controlsSection()),
        ])
        let right = StackView(spacing: 12, [
            SectionCard(title: "Tags", body: tagSection()),
            SectionCard(title: "Tappable text", body: postSection()),
        ])
        let header = Label(text: "XKit Gallery — press and hold any text marked copyable, or right-click it",
                           font: .system(size: 13, weight: .medium), textColor: .secondaryLabel)
        header.accessibilityIdentifier = "gallery.header"
        header.isCopyable = true
        header.frame = Rect(x: 16, y: 8, width: size.width - 32, height: 20)
        header.autoresizingMask = .flexibleWidth
        let columns = ColumnsView([left, middle, right])
        columns.accessibilityIdentifier = "gallery"
        window.contentView.addSubview(header)
        window.contentView.addSubview(columns)
        window.contentView.backgroundColor = .windowBackground
        columns.frame = Rect(x: 0, y: 28, width: size.width, height: size.height - 28)
        columns.autoresizingMask = .fill
    }

    private func labeled(_ key: String, _ id: String) -> Label {
        let label = Label(text: DemoTexts.text(key), font: .system(size: 15))
        label.accessibilityIdentifier = id
        return label
    }

    /// The prices say "press and hold to copy", so they are copyable.
    private func scriptsSection() -> View {
        let labels = ["vi", "ru", "ja", "ko"].map { labeled("price.\($0)", "scripts.\($0)") }
        for label in labels { label.isCopyable = true }
        return StackView(spacing: 6, labels)
    }

    private func fontsSection() -> View {
        let sample = "Sphinx of black quartz — Съешь же ещё — いろは"
        let rows: [(String, Font)] = [
            ("fonts.light", Font(size: 15, weight: .light)),
            ("fonts.regular", Font(size: 15)),
            ("fonts.bold", Font(size: 15, weight: .bold)),
            ("fonts.serif", Font(family: "serif", size: 15)),
            ("fonts.mono", Font.monospaced(size: 14)),
        ]
        var views: [View] = rows.map { id, font in
            let label = Label(text: sample, font: font)
            label.accessibilityIdentifier = id
            return label
        }
        var styled = AttributedText("Attributed: ", font: .system(size: 15))
        styled.append(AttributedText("bold ", font: .system(size: 15, weight: .bold), color: .systemPurple))
        styled.append(AttributedText("large ", font: .system(size: 20), color: .systemOrange))
        styled.append(AttributedText("underlined ", font: .system(size: 15), color: .accent, underline: true))
        styled.append(AttributedText("và tiếng Việt", font: Font(family: "serif", size: 15, italic: true), color: .systemGreen))
        let attributed = Label()
        attributed.attributedText = styled
        attributed.accessibilityIdentifier = "fonts.attributed"
        // Copy puts text/html beside the text, so the styling survives a paste into a rich editor.
        attributed.isCopyable = true
        views.append(attributed)
        return StackView(spacing: 4, views)
    }

    private func alignmentSection() -> View {
        let rows: [(TextAlignment, String)] = [(.left, "left"), (.center, "center"), (.right, "right")]
        return StackView(spacing: 6, rows.map { alignment, name in
            let label = Label(text: "Aligned \(name) — căn \(name == "left" ? "trái" : name == "center" ? "giữa" : "phải")",
                              font: .system(size: 14))
            label.textAlignment = alignment
            label.backgroundColor = Color.sampleBackground
            label.cornerRadius = 4
            label.accessibilityIdentifier = "align.\(name)"
            return FixedHeight(label, height: 26)
        })
    }

    private func wrappingSection() -> View {
        let wrapped = Label(text: DemoTexts.text("long.vi"), font: .system(size: 14))
        wrapped.numberOfLines = 0
        wrapped.accessibilityIdentifier = "wrap.multiline"
        let cjk = Label(text: DemoTexts.text("long.ja"), font: .system(size: 14))
        cjk.numberOfLines = 0
        cjk.accessibilityIdentifier = "wrap.ja"
        let truncated = Label(text: DemoTexts.text("long.ru"), font: .system(size: 14), textColor: .secondaryLabel)
        truncated.numberOfLines = 1
        truncated.accessibilityIdentifier = "wrap.truncated"
        return StackView(spacing: 8, [wrapped, cjk, truncated])
    }
}

/// Columns of equal width side by side, with margins.
@MainActor
final class ColumnsView: View {
    let columns: [View]
    init(_ columns: [View]) {
        self.columns = columns
        super.init()
        columns.forEach(addSubview)
    }
    override func layoutSubviews() {
        let margin = 16.0, gap = 16.0
        let count = Double(columns.count)
        let width = ((bounds.width - 2 * margin - gap * (count - 1)) / count).rounded(.down)
        for (i, column) in columns.enumerated() {
            column.frame = Rect(x: margin + Double(i) * (width + gap), y: margin, width: width, height: bounds.height - 2 * margin)
        }
    }
}

/// Wraps a view to give it a fixed height in a stack.
@MainActor
final class FixedHeight: View {
    let content: View
    let height: Double
    init(_ content: View, height: Double) {
        self.content = content
        self.height = height
        super.init()
        addSubview(content)
    }
    override func layoutSubviews() { content.frame = bounds }
    override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: height) }
}
