import Testing
@_spi(Platform) import XKitCore
import XKitHeadless

/// A controller that writes every callback it hears into a shared log, prefixed with its name.
@MainActor
private final class LoggingController: ViewController {
    let name: String
    let log: Log
    var customView: View?

    final class Log { var lines: [String] = [] }

    init(_ name: String, log: Log, view: View? = nil) {
        self.name = name; self.log = log; customView = view
        super.init()
    }

    private func note(_ line: String) { log.lines.append("\(name).\(line)") }

    override func loadView() {
        note("loadView")
        if let customView { view = customView } else { super.loadView() }
    }
    override func viewDidLoad() { note("viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { note("willAppear") }
    override func viewDidAppear(_ animated: Bool) { note("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { note("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { note("didDisappear") }
    override func viewWillLayoutSubviews() { note("willLayout") }
    override func viewDidLayoutSubviews() { note("didLayout") }
    override func willMove(toParent parent: ViewController?) { note("willMove(\(parent.map { ($0 as? LoggingController)?.name ?? "?" } ?? "nil"))") }
    override func didMove(toParent parent: ViewController?) { note("didMove(\(parent.map { ($0 as? LoggingController)?.name ?? "?" } ?? "nil"))") }
}

/// A view that logs its own layout pass, to place it between the controller's layout callbacks.
@MainActor
private final class LoggingView: View {
    let log: LoggingController.Log
    init(log: LoggingController.Log) { self.log = log; super.init() }
    override func layoutSubviews() { log.lines.append("view.layoutSubviews") }
}

@MainActor
@Suite struct ViewControllerTests {
    @Test func theViewLoadsOnceOnFirstAccess() {
        let log = LoggingController.Log()
        let controller = LoggingController("a", log: log)
        #expect(!controller.isViewLoaded)
        #expect(controller.viewIfLoaded == nil)
        let view = controller.view
        #expect(controller.view === view)
        #expect(controller.isViewLoaded)
        #expect(log.lines == ["a.loadView", "a.viewDidLoad"])
    }

    @Test func aShownWindowMakesItsRootControllerAppearAndDidAppearWaitsForTheFrame() {
        let scene = HeadlessScene()
        let log = LoggingController.Log()
        let controller = LoggingController("root", log: log)
        scene.window.rootViewController = controller
        #expect(log.lines == ["root.loadView", "root.viewDidLoad", "root.willAppear"])
        #expect(controller.view.frame == scene.root.bounds)
        #expect(controller.view.superview === scene.root)
        log.lines.removeAll()
        scene.platform.displayPass()
        #expect(log.lines == ["root.willLayout", "root.didLayout", "root.didAppear"])
        #expect(controller.isVisible)
    }

    @Test func showingHidingAndClosingTheWindowDriveAppearance() {
        let platform = HeadlessPlatform()
        let app = platform.makeApplication()
        let window = Window(title: "w", size: Size(width: 200, height: 100), app: app)
        let log = LoggingController.Log()
        window.rootViewController = LoggingController("root", log: log)
        #expect(log.lines == ["root.loadView", "root.viewDidLoad"])
        log.lines.removeAll()
        window.show()
        #expect(log.lines == ["root.willAppear"])
        platform.displayPass()
        #expect(log.lines == ["root.willAppear", "root.willLayout", "root.didLayout", "root.didAppear"])
        log.lines.removeAll()
        window.hide()
        #expect(log.lines == ["root.willDisappear", "root.didDisappear"])
        log.lines.removeAll()
        window.show()
        platform.displayPass()
        #expect(log.lines == ["root.willAppear", "root.didAppear"])
        log.lines.removeAll()
        window.close()
        #expect(log.lines == ["root.willDisappear", "root.didDisappear"])
    }

    @Test func replacingTheRootControllerMakesTheOldOneDisappear() {
        let scene = HeadlessScene()
        let log = LoggingController.Log()
        let first = LoggingController("first", log: log)
        let second = LoggingController("second", log: log)
        scene.window.rootViewController = first
        scene.platform.displayPass()
        log.lines.removeAll()
        scene.window.rootViewController = second
        #expect(log.lines == ["first.willDisappear", "first.didDisappear", "second.loadView", "second.viewDidLoad",
                              "second.willAppear"])
        #expect(first.view.superview == nil)
        scene.platform.displayPass()
        #expect(log.lines.last == "second.didAppear")
    }

    @Test func layoutCallbacksBracketTheViewsLayout() {
        let scene = HeadlessScene()
        let log = LoggingController.Log()
        let controller = LoggingController("c", log: log, view: LoggingView(log: log))
        scene.window.rootViewController = controller
        scene.platform.displayPass()
        log.lines.removeAll()
        controller.view.setNeedsLayout()
        scene.platform.displayPass()
        #expect(log.lines == ["c.willLayout", "view.layoutSubviews", "c.didLayout"])
    }

    @Test func childControllersFollowUIKitsContainmentOrder() {
        let scene = HeadlessScene()
        let log = LoggingController.Log()
        let parent = LoggingController("parent", log: log)
        let child = LoggingController("child", log: log)
        scene.window.rootViewController = parent
        scene.platform.displayPass()
        log.lines.removeAll()

        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(log.lines == ["child.willMove(parent)", "child.loadView", "child.viewDidLoad", "child.willAppear",
                              "child.didMove(parent)"])
        #expect(parent.children.count == 1 && parent.children.first === child)
        #expect(child.parent === parent)
        scene.platform.displayPass()
        #expect(log.lines.suffix(1) == ["child.didAppear"])

        log.lines.removeAll()
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.lines == ["child.willMove(nil)", "child.willDisappear", "child.didDisappear", "child.didMove(nil)"])
        #expect(parent.children.isEmpty)
        #expect(child.parent == nil)
    }

    @Test func aParentTellsItsChildrenAboutAppearanceAfterItself() {
        let platform = HeadlessPlatform()
        let app = platform.makeApplication()
        let window = Window(title: "w", size: Size(width: 200, height: 100), app: app)
        let log = LoggingController.Log()
        let parent = LoggingController("parent", log: log)
        let child = LoggingController("child", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        window.rootViewController = parent
        log.lines.removeAll()
        window.show()
        platform.displayPass()
        #expect(log.lines.filter { !$0.hasSuffix("Layout") }
                == ["parent.willAppear", "child.willAppear", "parent.didAppear", "child.didAppear"])
        log.lines.removeAll()
        window.close()
        #expect(log.lines == ["parent.willDisappear", "child.willDisappear", "parent.didDisappear", "child.didDisappear"])
    }

    @Test func theControllerSitsBetweenItsViewAndTheSuperviewInTheResponderChain() {
        let scene = HeadlessScene()
        let parent = ViewController()
        let child = ViewController()
        scene.window.rootViewController = parent
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        let field = View()
        field.isFocusable = true
        child.view.addSubview(field)

        var chain: [Responder] = []
        var responder: Responder? = field
        while let r = responder { chain.append(r); responder = r.nextResponder }
        let expected: [Responder] = [field, child.view, child, parent.view, parent, scene.root, scene.window, scene.app]
        #expect(chain.count == expected.count)
        #expect(zip(chain, expected).allSatisfy { $0 === $1 })
    }

    @Test func aControllerAnswersKeysAndActionsForItsWholeView() {
        final class SaveController: ViewController {
            var saves = 0
            override func keyDown(_ event: KeyEvent) -> Bool {
                guard event.key == .character("s"), event.modifiers == .control else { return false }
                saves += 1
                return true
            }
            override func canPerformAction(_ action: Action, sender: Any?) -> Bool { action == .selectAll }
            override func perform(_ action: Action, sender: Any?, event: InputEvent?) -> Bool { saves += 10; return true }
        }
        let scene = HeadlessScene()
        let controller = SaveController()
        scene.window.rootViewController = controller
        let field = View()
        field.isFocusable = true
        controller.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        scene.key(.character("s"), text: "s", modifiers: .control)
        #expect(controller.saves == 1)
        scene.key(.character("a"), text: "a", modifiers: .control)
        #expect(controller.saves == 11)
    }

    @Test func theRootControllersViewFollowsTheWindowSizeAndTitle() {
        let scene = HeadlessScene(size: Size(width: 300, height: 200))
        let controller = ViewController()
        controller.title = "Contacts"
        scene.window.rootViewController = controller
        #expect(scene.window.title == "Contacts")
        scene.window.setFrame(Rect(x: 0, y: 0, width: 500, height: 260))
        scene.platform.displayPass()
        #expect(controller.view.frame == Rect(x: 0, y: 0, width: 500, height: 260))
        controller.title = "Friends"
        #expect(scene.window.title == "Friends")
    }
}
