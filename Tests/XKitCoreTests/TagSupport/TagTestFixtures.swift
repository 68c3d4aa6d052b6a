@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// The headless platform's pasteboards seen as the tag tests read them: strings per selection and each set.
@MainActor
final class TagTestClipboard {
    let platform: HeadlessPlatform
    init(platform: HeadlessPlatform) { self.platform = platform }

    /// What a paste from each selection reads; tests may put text there.
    var strings: [ClipboardSelection: String] {
        get {
            var result: [ClipboardSelection: String] = [:]
            result[.clipboard] = platform.clipboard.contents
            result[.primary] = platform.primary.contents
            return result
        }
        set {
            platform.clipboard.contents = newValue[.clipboard]
            platform.primary.contents = newValue[.primary]
        }
    }

    /// Every copy: the text, the selection and the event's time.
    var sets: [(String, ClipboardSelection, UInt32?)] {
        platform.copyLog.map { ($0.text, $0.selection, $0.timestamp?.rawValue) }
    }
}

/// A window-less tag input at a size, hosted so focus and layout work, with the fixed measurer.
@MainActor
struct TagInputFixture {
    let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 600))
    let host: MeasuringHost
    let input: TagInputView

    init(titles: [String] = [], width: Double = 400, height: Double? = nil, suggestions: [String] = []) {
        host = MeasuringHost(root: root)
        input = TagInputView(titles: titles, suggestions: suggestions)
        root.addSubview(input)
        input.frame = Rect(x: 0, y: 0, width: width, height: height ?? 200)
        if height == nil { input.frame.size.height = input.sizeThatFits(Size(width: width, height: .infinity)).height }
        root.layoutIfNeeded()
    }

    var titles: [String] { input.tags.map(\.title) }
    var platform: HeadlessPlatform { host.platform }
    /// The headless pasteboards, as the tag tests read them.
    var clipboard: TagTestClipboard { TagTestClipboard(platform: host.platform) }
    var field: TextField { input.textField }

    /// Sends a key to the first responder as the window would.
    func key(_ key: Key, text: String? = nil, _ modifiers: Modifiers = [], time: UInt32 = 0) {
        host.eventRouter.handle(KeyEvent(key: key, text: text, modifiers: modifiers, timestamp: PlatformTimestamp(time)))
        root.layoutIfNeeded()
    }

    /// Types text one character a key, as XIM delivers it.
    func type(_ text: String) {
        for c in text { key(c == " " ? .space : .character(c), text: String(c)) }
    }

    /// A click at a window point.
    func click(_ point: Point, button: PointerButton = .primary, time: Double = 0) {
        host.eventRouter.handle(PointerEvent(kind: .down, location: point, button: button, buttonsDown: [button], time: time))
        host.eventRouter.handle(PointerEvent(kind: .up, location: point, button: button, time: time + 0.05))
        root.layoutIfNeeded()
    }
}
