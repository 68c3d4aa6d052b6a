import Testing
@_spi(Platform) import XKitCore
import XKitHeadless

/// What assistive technologies see of views, with no display: names, roles, the exposed tree, hooks.
@MainActor
@Suite struct AccessibilityTests {
    /// Records what the toolkit tells an active bridge.
    final class RecordingBridge: AccessibilityBridge {
        var log: [String] = []
        var isActive: Bool { true }
        func treeDidChange(in window: Window) { log.append("tree \(window.title)") }
        func focusDidChange(to view: View?, in window: Window) { log.append("focus \(view?.identifier ?? "nil")") }
        func windowDidClose(_ window: Window) { log.append("closed \(window.title)") }
    }

    @Test func namesDefaultToTheTextAndTheAppCanReplaceThem() {
        let label = Label(text: "Цена")
        let button = Button(title: "Send")
        let field = TextField(placeholder: "Search")
        #expect(AccessibilityNode(view: label).name == "Цена")
        #expect(AccessibilityNode(view: button).name == "Send")
        #expect(AccessibilityNode(view: field).name == "Search")
        #expect(AccessibilityNode(view: field).states.isSuperset(of: [.editable, .singleLine]))

        button.accessibilityLabel = "Send message"
        button.accessibilityHint = "Sends the draft to everyone on the thread"
        #expect(AccessibilityNode(view: button).name == "Send message")
        #expect(AccessibilityNode(view: button).hint == "Sends the draft to everyone on the thread")
        button.accessibilityLabel = nil
        #expect(AccessibilityNode(view: button).name == "Send", "nil goes back to the title")
    }

    @Test func aRoleOverrideReplacesTheClassRole() {
        let view = View()
        view.backgroundColor = .white
        #expect(AccessibilityNode(view: view).role == .panel)
        view.accessibilityRoleOverride = .pushButton
        #expect(AccessibilityNode(view: view).role == .pushButton)
        #expect(view.accessibilityRole == .panel, "the class's role stays what subclasses override")
    }

    @Test func theExposedTreeSkipsHiddenViewsControlPartsAndLiftsNonElements() {
        let root = View()
        let wrapper = View()
        wrapper.isAccessibilityElement = false
        let inner = Label(text: "inside")
        let hidden = Label(text: "hidden")
        hidden.isHidden = true
        let button = Button(title: "OK")
        root.addSubview(wrapper)
        wrapper.addSubview(inner)
        root.addSubview(hidden)
        root.addSubview(button)
        let children = AccessibilityNode.exposedChildren(of: root)
        #expect(children.count == 2)
        #expect(children.first === inner && children.last === button)
        #expect(AccessibilityNode.exposedChildren(of: button).isEmpty, "the title label is the button's name, not a child")
    }

    @Test func aMenuExposesItsItemsAndChoosingOneCopies() throws {
        let scene = HeadlessScene()
        let label = Label(text: "Giá vé")
        label.frame = Rect(x: 20, y: 40, width: 200, height: 24)
        label.isCopyable = true
        scene.root.addSubview(label)
        scene.platform.displayPass()
        scene.longPress(at: Point(x: 40, y: 50))
        let menu = try #require(scene.app.menuController.menuView)
        let elements = menu.accessibilityElements
        #expect(elements.map(\.name) == ["Copy"])
        #expect(elements.allSatisfy { $0.role == .menuItem && $0.actionName == "click" && !$0.frame.isEmpty })
        #expect(!menu.performAccessibilityAction(ofElementAt: 5), "an index out of range does nothing")
        #expect(menu.performAccessibilityAction(ofElementAt: 0))
        #expect(scene.platform.clipboard.contents == "Giá vé")
        #expect(scene.menuWindow == nil)
    }

    @Test func anActiveBridgeHearsFocusTreeChangesAndClosedWindows() {
        let scene = HeadlessScene()
        let bridge = RecordingBridge()
        scene.platform.accessibility = bridge
        let button = Button(title: "OK")
        button.identifier = "ok"
        button.frame = Rect(x: 10, y: 10, width: 80, height: 30)
        scene.root.addSubview(button)
        scene.platform.displayPass()
        scene.eventRouter.makeFirstResponder(button)
        scene.window.close()
        #expect(bridge.log.contains("focus ok"))
        #expect(bridge.log.contains { $0.hasPrefix("tree ") })
        #expect(bridge.log.last == "closed \(scene.window.title)")
    }
}
