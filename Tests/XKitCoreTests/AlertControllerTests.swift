import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// Alerts and presented controllers with no display: the dialog window, its keyboard, the parent's
/// blocked input, the queue, double dismissal and the layout of both styles.
@MainActor
@Suite struct AlertControllerTests {
    /// A scene whose window shows a root controller, and a log of the actions chosen.
    @MainActor private final class Fixture {
        let scene = HeadlessScene(size: Size(width: 400, height: 300), origin: Point(x: 100, y: 100))
        let root = ViewController()
        var chosen: [String] = []
        init() {
            scene.window.rootViewController = root
            scene.platform.displayPass()
        }

        func alert(_ title: String = "Delete all tags?", style: AlertController.Style = .alert,
                   actions: [(String, AlertAction.Style)] = [("Cancel", .cancel), ("OK", .default)]) -> AlertController {
            let alert = AlertController(title: title, message: "This cannot be undone.", preferredStyle: style)
            for (name, actionStyle) in actions {
                alert.addAction(AlertAction(title: name, style: actionStyle) { [unowned self] action in chosen.append(action.title ?? "") })
            }
            return alert
        }

        var dialogs: [Window] { scene.app.windows.filter { $0.kind.role == .dialog && !$0.isClosed } }

        func present(_ controller: ViewController, from presenter: ViewController? = nil) {
            (presenter ?? root).present(controller, animated: true)
            // Past the fade-in, so the dialog is drawn fully opaque.
            scene.platform.advance(by: Presentation.fadeDuration + 0.05)
        }

        func key(_ key: Key, modifiers: Modifiers = [], in window: Window? = nil) {
            scene.key(key, modifiers: modifiers, in: window ?? dialogs.last)
        }

        func focusedTitle(in window: Window) -> String? { (window.eventRouter.firstResponder as? AlertButton)?.title }
    }

    @Test func anAlertOpensAsAModalDialogTransientForItsParentAndCentredOnIt() throws {
        let f = Fixture()
        let alert = f.alert()
        var completed = 0
        f.root.present(alert, animated: true) { completed += 1 }
        f.scene.platform.displayPass()
        let dialog = try #require(f.dialogs.first)
        let surface = try #require(f.scene.platform.surface(of: dialog))
        #expect(surface.role == .dialog && surface.isModal)
        #expect(surface.transientOwner === f.scene.platform.surface(of: f.scene.window))
        #expect(completed == 1, "completion runs once the first frame is drawn")
        let parentCentre = Point(x: 100 + 200, y: 100 + 150)
        let centre = Point(x: dialog.screenOrigin.x + dialog.size.width / 2, y: dialog.screenOrigin.y + dialog.size.height / 2)
        #expect(abs(centre.x - parentCentre.x) <= 1 && abs(centre.y - parentCentre.y) <= 1, "centred: \(centre)")
        #expect(dialog.title == "Delete all tags?")
        #expect(f.root.presentedViewController === alert && alert.presentingViewController === f.root)
        #expect(alert.isBeingPresented)
        // The alert's window fits its content: the buttons are inside it.
        let buttons = try #require((alert.view as? AlertView)?.buttons)
        #expect(buttons.map(\.title) == ["Cancel", "OK"], "two in a row put Cancel first")
        for button in buttons { let r = button.convert(button.bounds, to: nil); #expect(r.minY >= 0 && r.maxY <= dialog.size.height && r.minX >= 0 && r.maxX <= dialog.size.width) }
    }

    @Test func returnChoosesTheDefaultActionAfterTheDialogClosesAndEscapeTheCancelAction() throws {
        let f = Fixture()
        let ok = f.alert()
        f.present(ok)
        let dialog = try #require(f.dialogs.first)
        #expect(f.focusedTitle(in: dialog) == "OK", "focus starts on the default button")
        f.key(.enter)
        #expect(f.chosen == ["OK"])
        #expect(dialog.isClosed && f.dialogs.isEmpty)
        #expect(f.root.presentedViewController == nil && ok.presentingViewController == nil)

        f.present(f.alert())
        f.key(.escape)
        #expect(f.chosen == ["OK", "Cancel"])
        #expect(f.dialogs.isEmpty)
    }

    @Test func theHandlerRunsOnceEvenWhenTwoKeysArriveBeforeTheDialogCloses() throws {
        let f = Fixture()
        let alert = f.alert()
        f.present(alert)
        alert.choose(try #require(alert.actions.last))
        alert.choose(try #require(alert.actions.first))
        #expect(f.chosen == ["OK"])
    }

    @Test func tabMovesFocusBetweenTheButtonsWithARingAndReturnPressesTheFocusedOne() throws {
        let f = Fixture()
        f.present(f.alert(actions: [("Cancel", .cancel), ("Keep", .default), ("Delete", .destructive)]))
        let dialog = try #require(f.dialogs.first)
        #expect(f.focusedTitle(in: dialog) == "Keep")
        #expect(!dialog.eventRouter.showsFocusRing, "no ring until the keyboard moves focus")
        f.key(.tab)
        #expect(f.focusedTitle(in: dialog) == "Delete")
        #expect(dialog.eventRouter.showsFocusRing)
        f.key(.tab, modifiers: .shift)
        #expect(f.focusedTitle(in: dialog) == "Keep")
        f.key(.tab)
        f.key(.tab)
        #expect(f.focusedTitle(in: dialog) == "Cancel", "three buttons put Cancel last")
        // The ring is drawn around the focused button.
        let cancel = try #require(dialog.eventRouter.firstResponder)
        let ring = cancel.convert(cancel.bounds, to: nil).insetBy(dx: -3, dy: -3)
        let calls = try #require(f.scene.platform.surface(of: dialog)).recorder.calls
        #expect(calls.contains { if case .stroke(let rect, _) = $0 { rect == ring } else { false } }, "ring at \(ring)")
        f.key(.enter)
        #expect(f.chosen == ["Cancel"], "Return presses the focused button, as in GTK")
    }

    @Test func aDestructiveAlertStartsOnTheSafeButtonUnlessAPreferredActionIsSet() throws {
        let f = Fixture()
        f.present(f.alert(actions: [("Cancel", .cancel), ("Delete", .destructive)]))
        let first = try #require(f.dialogs.first)
        #expect(f.focusedTitle(in: first) == "Cancel")
        f.key(.enter)
        #expect(f.chosen == ["Cancel"])

        let preferred = f.alert(actions: [("Cancel", .cancel), ("Delete", .destructive)])
        preferred.preferredAction = preferred.actions.last
        f.present(preferred)
        let second = try #require(f.dialogs.first)
        #expect(f.focusedTitle(in: second) == "Delete")
        f.key(.enter)
        #expect(f.chosen == ["Cancel", "Delete"])
    }

    @Test func badAlertSetupIsIgnoredWithoutACrash() {
        let f = Fixture()
        let alert = f.alert()
        alert.addAction(AlertAction(title: "Also cancel", style: .cancel))
        #expect(alert.actions.map(\.title) == ["Cancel", "OK"], "one cancel action only")
        alert.preferredAction = AlertAction(title: "Stranger", style: .default)
        #expect(alert.preferredAction == nil)
        let sheet = f.alert(style: .actionSheet)
        sheet.addTextField()
        #expect(sheet.textFields == nil, "action sheets have no text fields")
        // Presenting from a controller in no window, or presenting itself, does nothing.
        ViewController().present(f.alert(), animated: true)
        f.root.present(f.root, animated: true)
        f.scene.platform.displayPass()
        #expect(f.dialogs.isEmpty)
    }

    @Test func theParentIgnoresClicksAndKeysWhileTheAlertIsUpAndRaisesIt() throws {
        let f = Fixture()
        var clicks = 0
        let button = Button(title: "Parent")
        button.frame = Rect(x: 10, y: 10, width: 100, height: 30)
        button.addAction { _ in clicks += 1 }
        f.root.view.addSubview(button)
        let field = TextField(placeholder: "Name")
        field.frame = Rect(x: 10, y: 60, width: 200, height: 28)
        f.root.view.addSubview(field)
        f.scene.platform.displayPass()
        f.scene.click(at: Point(x: 50, y: 25))
        #expect(clicks == 1)
        #expect(f.scene.eventRouter.makeFirstResponder(field))

        f.present(f.alert())
        let dialog = try #require(f.dialogs.first)
        let dialogSurface = try #require(f.scene.platform.surface(of: dialog))
        let raised = dialogSurface.activationCount
        f.scene.click(at: Point(x: 50, y: 25))
        f.scene.key(.character("x"), text: "x")
        #expect(clicks == 1, "the click on the parent did nothing")
        #expect(field.text == "", "the key did not reach the parent's field")
        #expect(dialogSurface.activationCount > raised, "the dialog is raised instead")
        #expect(!button.isHighlighted)

        f.key(.escape)
        #expect(f.dialogs.isEmpty)
        f.scene.click(at: Point(x: 50, y: 25))
        #expect(clicks == 2, "input works again once it closed")
        #expect(f.scene.platform.surface(of: f.scene.window)?.activationCount ?? 0 > 0, "focus goes back to the parent")
    }

    @Test func presentingWhileAnAlertIsUpQueuesItUntilTheFirstIsDismissed() throws {
        let f = Fixture()
        let first = f.alert("First")
        let second = f.alert("Second")
        f.present(first)
        f.present(second)
        #expect(f.dialogs.map(\.title) == ["First"], "the second waits")
        #expect(!second.isBeingPresented)
        f.key(.enter)
        f.scene.platform.displayPass()
        #expect(f.dialogs.map(\.title) == ["Second"])
        #expect(second.presentingViewController === f.root)
        f.key(.escape)
        #expect(f.chosen == ["OK", "Cancel"])
        #expect(f.dialogs.isEmpty)
    }

    @Test func dismissingTwiceIsANoOpAndDismissingFromThePresenterWorks() throws {
        let f = Fixture()
        let alert = f.alert()
        f.present(alert)
        var completions = 0
        f.root.dismiss(animated: true) { completions += 1 }
        #expect(f.dialogs.isEmpty && completions == 1)
        f.root.dismiss(animated: true) { completions += 1 }
        alert.dismiss(animated: true) { completions += 1 }
        #expect(completions == 1, "nothing left to dismiss")
        #expect(f.chosen.isEmpty, "dismissing in code chooses no action")
        #expect(!f.scene.window.isClosed)
    }

    @Test func theCloseButtonCancelsAndAnAlertWithoutCancelStays() throws {
        let f = Fixture()
        f.present(f.alert())
        f.scene.platform.surface(of: try #require(f.dialogs.first))?.requestClose()
        #expect(f.chosen == ["Cancel"] && f.dialogs.isEmpty)

        f.present(f.alert(actions: [("OK", .default)]))
        let dialog = try #require(f.dialogs.first)
        f.scene.platform.surface(of: dialog)?.requestClose()
        f.key(.escape)
        #expect(!dialog.isClosed, "an alert without a cancel action must be answered")
        f.key(.enter)
        #expect(f.chosen == ["Cancel", "OK"] && dialog.isClosed)

        let sheet = f.alert(style: .actionSheet, actions: [("Rename", .default)])
        f.present(sheet)
        f.key(.escape)
        #expect(f.dialogs.isEmpty, "an action sheet closes on Escape")
        #expect(f.chosen == ["Cancel", "OK"], "with no action")
    }

    @Test func returnInTheTextFieldChoosesTheDefaultActionWithTheTypedText() throws {
        let f = Fixture()
        let alert = AlertController(title: "New tag", message: nil, preferredStyle: .alert)
        var named: String?
        alert.addTextField { $0.placeholder = "Name" }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Add", style: .default) { [unowned alert] _ in named = alert.textFields?.first?.text })
        f.present(alert)
        let dialog = try #require(f.dialogs.first)
        let field = try #require(alert.textFields?.first)
        #expect(dialog.eventRouter.firstResponder === field, "typing goes to the field")
        for letter in "work" { f.scene.key(.character(letter), text: String(letter), in: dialog) }
        f.key(.enter)
        #expect(named == "work")
        #expect(dialog.isClosed)
    }

    @Test func theTitleAndMessageAreCopyable() throws {
        let f = Fixture()
        let alert = f.alert()
        f.present(alert)
        let view = try #require(alert.view as? AlertView)
        #expect(view.titleLabel.isCopyable && view.messageLabel.isCopyable)
        let dialog = try #require(f.dialogs.first)
        #expect(dialog.eventRouter.makeFirstResponder(view.messageLabel))
        f.key(.character("c"), modifiers: .control)
        #expect(f.scene.platform.clipboard.contents == "This cannot be undone.")
        #expect(!dialog.isClosed, "Ctrl+C is not an answer")
    }

    @Test func anActionSheetListsOneActionPerRowWithCancelLast() throws {
        let f = Fixture()
        let sheet = f.alert("Share", style: .actionSheet, actions: [("Cancel", .cancel), ("Copy link", .default), ("Email", .default)])
        f.present(sheet)
        let buttons = try #require((sheet.view as? AlertView)?.buttons)
        #expect(buttons.map(\.title) == ["Copy link", "Email", "Cancel"])
        #expect(buttons[0].frame.maxY < buttons[1].frame.minY && buttons[1].frame.maxY < buttons[2].frame.minY)
        #expect(Set(buttons.map(\.frame.width)).count == 1)
        // An alert whose titles are too long for one row stacks them the same way.
        let long = f.alert("Long", actions: [("Cancel", .cancel), ("Save the document under another name", .default),
                                             ("Discard every change made since opening", .destructive)])
        f.key(.escape)
        f.present(long)
        let stacked = try #require((long.view as? AlertView)?.buttons)
        #expect(stacked.last?.title == "Cancel")
        #expect(stacked[0].frame.maxY < stacked[1].frame.minY)
    }

    @Test func closingTheParentClosesItsDialogAndDropsTheQueue() throws {
        let f = Fixture()
        f.scene.app.terminatesAfterLastWindowClosed = false
        f.present(f.alert("First"))
        f.present(f.alert("Second"))
        f.scene.window.close()
        #expect(f.dialogs.isEmpty)
        #expect(f.chosen.isEmpty)
    }

    @Test func anyControllerCanBePresentedAndDismissItself() throws {
        final class About: ViewController {
            override var preferredContentSize: Size { Size(width: 240, height: 120) }
        }
        let f = Fixture()
        let about = About()
        about.title = "About"
        f.present(about)
        let dialog = try #require(f.dialogs.first)
        #expect(dialog.size == Size(width: 240, height: 120))
        #expect(dialog.title == "About")
        #expect(about.isVisible)
        // A dialog can present its own alert: it sits over the dialog, not the main window.
        f.present(f.alert("Nested"), from: about)
        #expect(f.dialogs.count == 2)
        let nested = try #require(f.dialogs.last)
        #expect(f.scene.platform.surface(of: nested)?.transientOwner === f.scene.platform.surface(of: dialog))
        // The presenter's dismiss takes down what it presented, as in UIKit.
        about.dismiss(animated: true)
        #expect(f.dialogs.map(\.title) == ["About"])
        f.present(f.alert("Nested again"), from: about)
        #expect(f.dialogs.count == 2)
        // Dismissing lower in the stack takes everything above down too.
        f.root.dismiss(animated: true)
        #expect(f.dialogs.isEmpty && !about.isVisible)
    }

    @Test func aDialogIsNeverLargerThanTheScreenNorPlacedOffIt() {
        let screen = Rect(x: 0, y: 0, width: 800, height: 600)
        let origin = Presentation.centredOrigin(Size(width: 300, height: 200), on: Rect(x: 700, y: 500, width: 200, height: 200), screen: screen)
        #expect(origin == Point(x: 500, y: 400))
        let centred = Presentation.centredOrigin(Size(width: 100, height: 50), on: Rect(x: 100, y: 100, width: 300, height: 200), screen: screen)
        #expect(centred == Point(x: 200, y: 175))
    }
}
