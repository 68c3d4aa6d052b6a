import XKit

extension GalleryScene {
    /// Copyable labels: a price, a paragraph per script, a centred one, and the app-wide switch.
    func copyableSection(app: Application) -> View {
        let status = Label(text: "Long-press, right-click or press Menu on a label", font: .system(size: 12),
                           textColor: .secondaryLabel)
        status.accessibilityIdentifier = "copyable.status"

        let share = MenuItem(title: "Share…") { context in
            status.text = "Shared: \((context.target as? Label)?.text ?? "")"
        }
        app.menuController.menuItems = [share]

        let top = copyable("price.en", id: "copyable.top", font: .system(size: 15, weight: .semibold))
        top.copyText = "$19.99"
        let price = copyable("price.vi", id: "copyable.price", font: .system(size: 15))
        var paragraphs: [View] = []
        for script in ["vi", "ru", "ja", "ko"] {
            let label = copyable("long.\(script)", id: "copyable.\(script)", font: .system(size: 13))
            label.numberOfLines = 0
            paragraphs.append(label)
        }
        paragraphs.first?.menuItems = paragraphMenuItems(share: share)
        let centred = copyable("hello", id: "copyable.centered", font: .system(size: 14))
        centred.textAlignment = .center
        centred.backgroundColor = Color.sampleBackground
        centred.cornerRadius = 4

        let toggle = Button(title: "Every label copyable: off")
        toggle.accessibilityIdentifier = "copyable.toggle"
        toggle.setBackgroundColor(.systemGray, for: .normal)
        toggle.addAction { button in
            app.copyableLabelsByDefault.toggle()
            button.title = "Every label copyable: \(app.copyableLabelsByDefault ? "on" : "off")"
            button.setBackgroundColor(app.copyableLabelsByDefault ? .systemGreen : .systemGray, for: .normal)
        }
        let row = StackView(axis: .horizontal, spacing: 10, alignment: .center, [toggle])
        return StackView(spacing: 8, [top, price] + paragraphs + [FixedHeight(centred, height: 36), row, status])
    }

    /// The Vietnamese paragraph's own items: a submenu that copies the text in other forms, a
    /// disabled item, and the app's Share….
    private func paragraphMenuItems(share: MenuItem) -> [MenuItem] {
        func copy(_ transform: @escaping @MainActor @Sendable (String) -> String) -> @MainActor @Sendable (MenuItem.Context) -> Void {
            { context in
                guard let label = context.target as? Label, let app = label.application else { return }
                app.platform.pasteboard(.clipboard).setString(transform(label.textToCopy), event: context.event)
                Trace.emit("copied", [("id", .string(label.accessibilityIdentifier ?? "")), ("bytes", .int(transform(label.textToCopy).utf8.count))])
            }
        }
        return [
            MenuItem(title: "Copy As", submenu: [
                MenuItem(title: "Quoted", handler: copy { "“\($0)”" }),
                MenuItem(title: "Upper Case", handler: copy { $0.uppercased() }),
            ]),
            MenuItem(title: "Translate…") { _ in }.enabled(false),
            .separator,
            share,
        ]
    }

    private func copyable(_ key: String, id: String, font: Font) -> Label {
        let label = Label(text: DemoTexts.text(key), font: font)
        label.accessibilityIdentifier = id
        label.isCopyable = true
        return label
    }
}
