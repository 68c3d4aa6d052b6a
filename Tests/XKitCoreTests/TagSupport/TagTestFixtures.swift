import XKitCore

/// A clipboard that keeps strings per selection and records each set, with its time.
@MainActor
final class TagTestClipboard: ClipboardService {
    var strings: [ClipboardSelection: String] = [:]
    var sets: [(String, ClipboardSelection, UInt32?)] = []
    func setString(_ string: String, selection: ClipboardSelection, time: UInt32?) {
        strings[selection] = string
        sets.append((string, selection, time))
    }
    func string(selection: ClipboardSelection) async throws -> String? { strings[selection] }
}

/// A scheduler that holds work until the test runs it.
@MainActor
final class TagTestScheduler {
    var pending: [(Double, @MainActor () -> Void)] = []
    func install() {
        Scheduler.schedule = { [self] delay, body in
            self.pending.append((delay, body))
            return {}
        }
    }
    func runAll() {
        let work = pending
        pending.removeAll()
        for (_, body) in work { body() }
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
    var field: TextField { input.textField }

    /// Sends a key to the first responder as the window would.
    func key(_ key: Key, text: String? = nil, _ modifiers: Modifiers = [], time: UInt32 = 0) {
        host.eventRouter.handle(KeyEvent(key: key, text: text, modifiers: modifiers, serverTime: time))
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
