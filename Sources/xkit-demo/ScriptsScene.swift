import XKit

/// One row per script: a caption and a selectable sample, to check shaping, breaking and fallback.
struct ScriptsScene: DemoScene {
    let title = "XKit Scripts"
    let size = Size(width: 560, height: 420)

    /// The rows: caption and the sample's key (`scripts.<code>` in texts.txt and as the identifier).
    static let rows: [(caption: String, code: String)] = [
        ("Arabic", "ar"), ("Hebrew", "he"), ("Hindi", "hi"), ("Thai", "th"), ("Emoji", "emoji"),
        ("Vietnamese", "vi"), ("Russian", "ru"), ("Japanese", "ja"), ("Korean", "ko"),
    ]

    func build(in window: Window, app: Application) {
        var y = 14.0
        for row in Self.rows {
            let caption = Label(text: row.caption, font: .system(size: 12), textColor: .secondaryLabel)
            caption.frame = Rect(x: 16, y: y + 5, width: 90, height: 20)
            let content = Label(text: DemoTexts.text("scripts." + row.code), font: .system(size: 18))
            content.accessibilityIdentifier = "scripts." + row.code
            content.textAlignment = .natural
            content.isSelectable = true
            content.frame = Rect(x: 110, y: y, width: 430, height: 32)
            window.contentView.addSubview(caption)
            window.contentView.addSubview(content)
            y += 44
        }
    }
}
