import Testing
@testable import XKitCore
import XKitHeadless

/// The responder chain, typed actions, associated values and the app-wide copyable switch.
@MainActor
struct ResponderTests {
    /// An application that answers "save" itself.
    private final class SavingApp: Application {
        var performed: [Action] = []
        override func canPerformAction(_ action: Action, sender: Any?) -> Bool { action == Action("save") }
        override func perform(_ action: Action, sender: Any?, event: InputEvent?) -> Bool { performed.append(action); return true }
    }

    @Test func actionsTravelFromTheViewThroughTheRootAndWindowToTheApp() {
        let platform = HeadlessPlatform()
        let app = SavingApp(platform: platform)
        let window = Window(title: "chain", size: Size(width: 200, height: 100), app: app)
        let root = window.contentView
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(child)
        #expect(child.nextResponder === root)
        #expect(root.nextResponder === window)
        #expect(window.nextResponder === app)
        #expect(child.target(for: Action("save"), sender: nil) === app)
        #expect(child.sendAction(Action("save"), sender: nil))
        #expect(app.performed == [Action("save")])
        var copied = 0
        root.addActionHandler(.copy) { _, _ in copied += 1 }
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
        let plain = Label(text: "plain")
        let button = Button(title: "OK")
        let tags = TagInputView()
        tags.tags = [XKitCore.Tag(title: "chip")]
        tags.frame = Rect(x: 0, y: 100, width: 300, height: 100)
        root.addSubview(plain)
        root.addSubview(button)
        root.addSubview(tags)
        root.layoutIfNeeded()
        host.app.copyableLabelsByDefault = true
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
        host.app.copyableLabelsByDefault = false
        #expect(!plain.isCopyable)
        #expect(!plain.isUserInteractionEnabled)
    }
}
