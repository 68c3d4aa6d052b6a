import Testing
@testable import XKitCore

/// The responder chain, typed actions, associated values and the app-wide copyable switch.
@MainActor
struct ResponderTests {
    private final class AppResponder: Responder {
        var performed: [Action] = []
        override func canPerformAction(_ action: Action, sender: Any?) -> Bool { action == Action("save") }
        override func perform(_ action: Action, sender: Any?) -> Bool { performed.append(action); return true }
    }

    /// A window stand-in that is a responder, with the app after it.
    private final class ResponderWindow: Responder, ViewHost {
        let app = AppResponder()
        let measurer: TextMeasurer = MonospaceMeasurer()
        let scale = 1.0
        let screenOrigin = Point.zero
        let rootView: View
        private(set) lazy var eventRouter = EventRouter(root: rootView)
        init(root: View) { rootView = root; super.init(); root.host = self }
        override var nextResponder: Responder? { app }
        func setNeedsDisplay(in rect: Rect) {}
        func setNeedsLayout() {}
        func viewTreeDidChange() {}
    }

    @Test func actionsTravelFromTheViewThroughTheRootAndWindowToTheApp() {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let window = ResponderWindow(root: root)
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(child)
        #expect(child.nextResponder === root)
        #expect(root.nextResponder === window)
        #expect(child.target(for: Action("save"), sender: nil) === window.app)
        #expect(child.sendAction(Action("save"), sender: nil))
        #expect(window.app.performed == [Action("save")])
        var copied = 0
        root.addActionHandler(.copy) { _ in copied += 1 }
        #expect(child.target(for: .copy, sender: nil) === root)
        #expect(child.sendAction(.copy, sender: nil))
        #expect(copied == 1)
        #expect(child.target(for: .paste, sender: nil) == nil)
        #expect(!child.sendAction(.paste, sender: nil))
    }

    @Test func keyCommandsReachTheFirstResponderAndItsAncestors() {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let host = MeasuringHost(root: root)
        let field = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        field.isFocusable = true
        root.addSubview(field)
        var log: [String] = []
        field.addKeyCommand(KeyCommand(.character("c"), modifiers: .control)) { _ in log.append("field"); return true }
        root.addKeyCommand(KeyCommand(.escape)) { _ in log.append("root"); return true }
        #expect(field.becomeFirstResponder())
        host.eventRouter.handle(KeyEvent(key: .character("C"), modifiers: [.control, .shift]))
        host.eventRouter.handle(KeyEvent(key: .escape))
        host.eventRouter.handle(KeyEvent(key: .character("c")))
        #expect(log == ["field", "root"])
    }

    @Test func associatedValuesAreTypedPerKeyAndDefaultWhenUnset() {
        let count = AssociatedKey<Int>("test.count", default: 7)
        let name = AssociatedKey<String?>("test.name", default: nil)
        let view = View()
        #expect(view.associatedValues[count] == 7)
        #expect(!view.associatedValues.contains(count))
        view.associatedValues[count] = 3
        view.associatedValues[name] = "chip"
        #expect(view.associatedValues[count] == 3)
        #expect(view.associatedValues[name] == "chip")
        view.associatedValues.remove(count)
        #expect(view.associatedValues[count] == 7)
    }

    @Test func theAppWideSwitchCoversPlainLabelsButNotControlTitlesOrChips() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let host = MeasuringHost(root: root)
        ViewHosts.register(host)
        let plain = Label(text: "plain")
        let button = Button(title: "OK")
        let tags = TagInputView()
        tags.tags = [XKitCore.Tag(title: "chip")]
        tags.frame = Rect(x: 0, y: 100, width: 300, height: 100)
        root.addSubview(plain)
        root.addSubview(button)
        root.addSubview(tags)
        root.layoutIfNeeded()
        defer { Label.copyableByDefault = false }
        Label.copyableByDefault = true
        #expect(plain.isCopyable)
        #expect(plain.isUserInteractionEnabled)
        #expect(!button.titleLabel.isCopyable)
        #expect(!button.titleLabel.isUserInteractionEnabled)
        var chipLabels: [Label] = []
        tags.forEachDescendant { view in
            if let label = view as? Label, label.isOwnedByControl, label.text == "chip" { chipLabels.append(label) }
        }
        #expect(!chipLabels.isEmpty)
        #expect(chipLabels.allSatisfy { !$0.isCopyable })
        // A label added later is covered too, and the switch turns off again cleanly.
        let late = Label(text: "late")
        root.addSubview(late)
        #expect(late.isCopyable)
        Label.copyableByDefault = false
        #expect(!plain.isCopyable)
        #expect(!plain.isUserInteractionEnabled)
    }
}
