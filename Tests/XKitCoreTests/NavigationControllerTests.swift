import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// The navigation stack with no display: push, pop, the bar's title, back button and items,
/// appearance callbacks, and Alt+Left and the mouse's back button going back.
@MainActor
@Suite struct NavigationControllerTests {
    private final class Screen: ViewController {
        var events: [String] = []
        init(_ title: String) {
            super.init()
            self.title = title
        }
        override func viewWillAppear(_ animated: Bool) { events.append("willAppear") }
        override func viewDidAppear(_ animated: Bool) { events.append("didAppear") }
        override func viewWillDisappear(_ animated: Bool) { events.append("willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { events.append("didDisappear") }
    }

    private func setUp() -> (HeadlessScene, NavigationController, Screen) {
        let scene = HeadlessScene(size: Size(width: 400, height: 300))
        let root = Screen("Settings")
        let navigation = NavigationController(rootViewController: root)
        // These check where each screen ends up; NavigationSlideTests watch the motion.
        scene.app.frameClock.animationsEnabledOverride = false
        scene.window.rootViewController = navigation
        scene.platform.displayPass()
        return (scene, navigation, root)
    }

    @Test func theRootShowsItsTitleWithNoBackButton() {
        let (scene, navigation, root) = setUp()
        #expect(navigation.navigationBar.titleLabel.text == "Settings")
        #expect(navigation.navigationBar.backButton.isHidden)
        #expect(scene.window.title == "Settings")
        #expect(root.navigationController === navigation)
        #expect(root.view.frame == Rect(x: 0, y: NavigationBar.height, width: 400, height: 300 - NavigationBar.height))
        #expect(root.events == ["willAppear", "didAppear"])
        #expect(navigation.popViewController(animated: true) == nil, "the root stays")
        #expect(navigation.popToRootViewController(animated: true) == nil)
    }

    @Test func pushShowsTheNewTopWithABackButtonTitledWithThePreviousTitle() {
        let (scene, navigation, root) = setUp()
        let about = Screen("About")
        navigation.pushViewController(about, animated: true)
        scene.platform.displayPass()
        #expect(navigation.viewControllers.count == 2 && navigation.topViewController === about)
        #expect(navigation.navigationBar.titleLabel.text == "About")
        #expect(!navigation.navigationBar.backButton.isHidden)
        #expect(navigation.navigationBar.backButton.title == "‹ Settings")
        #expect(root.viewIfLoaded?.superview == nil, "the old screen left the window")
        #expect(about.view.window === scene.window)
        #expect(root.events == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
        #expect(about.events == ["willAppear", "didAppear"])
        #expect(scene.window.title == "About")
        // Pushing the same controller again is refused.
        navigation.pushViewController(about, animated: true)
        #expect(navigation.viewControllers.count == 2)
    }

    @Test func theBackButtonAltLeftAndMouseButton8GoBack() throws {
        let (scene, navigation, root) = setUp()
        navigation.pushViewController(Screen("A"), animated: true)
        navigation.pushViewController(Screen("B"), animated: true)
        navigation.pushViewController(Screen("C"), animated: true)
        scene.platform.displayPass()
        let back = navigation.navigationBar.backButton
        let frame = back.convert(back.bounds, to: nil)
        scene.click(at: Point(x: frame.midX, y: frame.midY))
        #expect(navigation.topViewController?.title == "B")
        scene.key(.left, modifiers: .alt)
        #expect(navigation.topViewController?.title == "A", "Alt+Left with nothing focused")
        scene.click(at: Point(x: 200, y: 200), button: .back)
        #expect(navigation.topViewController === root)
        #expect(navigation.navigationBar.backButton.isHidden)
        scene.key(.left, modifiers: .alt)
        scene.click(at: Point(x: 200, y: 200), button: .back)
        #expect(navigation.viewControllers.count == 1, "going back on the root does nothing")
    }

    @Test func altLeftGoesBackFromAFocusedFieldToo() {
        let (scene, navigation, _) = setUp()
        let form = Screen("Form")
        let field = TextField(placeholder: "Name")
        field.frame = Rect(x: 10, y: 10, width: 200, height: 28)
        form.view.addSubview(field)
        navigation.pushViewController(form, animated: true)
        scene.platform.displayPass()
        #expect(scene.eventRouter.makeFirstResponder(field))
        scene.key(.left, modifiers: .alt)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test func rightBarButtonItemsShowAndRunTheirHandlers() throws {
        let (scene, navigation, root) = setUp()
        var pressed: [String] = []
        root.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Done", style: .done) { pressed.append($0.title ?? "") },
                                                   BarButtonItem(title: "Edit") { pressed.append($0.title ?? "") }]
        scene.platform.displayPass()
        let buttons = navigation.navigationBar.rightButtons
        #expect(buttons.map(\.title) == ["Done", "Edit"])
        #expect(buttons[0].frame.minX > buttons[1].frame.maxX, "the first item is outermost")
        let done = buttons[0].convert(buttons[0].bounds, to: nil)
        scene.click(at: Point(x: done.midX, y: done.midY))
        #expect(pressed == ["Done"])
        root.navigationItem.rightBarButtonItem?.isEnabled = false
        scene.click(at: Point(x: done.midX, y: done.midY))
        #expect(pressed == ["Done"], "a disabled item does nothing")
        // Titles follow the item and the pushed screen's items replace them.
        root.navigationItem.title = "Preferences"
        #expect(navigation.navigationBar.titleLabel.text == "Preferences")
        navigation.pushViewController(Screen("About"), animated: true)
        #expect(navigation.navigationBar.rightButtons.isEmpty)
        #expect(navigation.navigationBar.backButton.title == "‹ Preferences")
    }

    @Test func popToRootAndSetViewControllersReplaceTheStack() {
        let (_, navigation, root) = setUp()
        let a = Screen("A"), b = Screen("B")
        navigation.setViewControllers([root, a, b], animated: false)
        #expect(navigation.topViewController === b && a.parent === navigation)
        #expect(navigation.popToViewController(a, animated: true)?.count == 1)
        #expect(b.parent == nil && navigation.topViewController === a)
        #expect(navigation.popToRootViewController(animated: true)?.map(\.title) == ["A"])
        #expect(a.parent == nil)
        navigation.setViewControllers([], animated: false)
        navigation.setViewControllers([root, root], animated: false)
        #expect(navigation.viewControllers.count == 1, "bad stacks are refused")
        #expect(navigation.popToViewController(b, animated: true) == nil)
    }
}
