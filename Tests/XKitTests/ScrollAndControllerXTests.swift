import Foundation
import Testing
import XKit
import XKitTesting

/// A root view controller with a ScrollView in a real X window, driven by XTest input.
@Suite(.serialized)
@MainActor
final class ScrollAndControllerXTests {
    /// A controller whose view is a scroll view of ten 24-point buttons, 60 points apart.
    final class ListController: ViewController {
        let scroll = ScrollView()
        var buttons: [Button] = []
        var log: [String] = []
        var framesDrawnAtDidAppear: Bool?

        override func loadView() { view = scroll }
        override func viewDidLoad() {
            for index in 0..<10 {
                let button = Button(title: "Row \(index)")
                button.frame = Rect(x: 10, y: Double(index) * 60, width: 120, height: 24)
                scroll.addSubview(button)
                buttons.append(button)
            }
            scroll.contentSize = Size(width: 200, height: 600)
        }
        override func viewWillAppear(_ animated: Bool) { log.append("willAppear") }
        override func viewDidAppear(_ animated: Bool) {
            log.append("didAppear")
            framesDrawnAtDidAppear = view.window?.hasDrawnFirstFrame
        }
    }

    private let app: Application
    private let window: Window
    private let driver: XTestDriver
    private let controller = ListController()

    init() async throws {
        _ = try XvfbServer.shared()
        app = try Application.start()
        app.terminatesAfterLastWindowClosed = false
        driver = try XTestDriver.shared()
        window = Window(title: "Scroll test", size: Size(width: 200, height: 150), origin: Point(x: 60, y: 60), app: app)
        window.rootViewController = controller
        window.show()
        #expect(controller.log == ["willAppear"])
        let shown = await eventually { self.controller.log == ["willAppear", "didAppear"] }
        #expect(shown)
    }

    deinit {
        MainActor.assumeIsolated { window.close() }
    }

    private func screen(_ view: View, _ rect: Rect? = nil) -> Rect { view.convertToScreen(rect ?? view.bounds) }

    @Test func didAppearComesAfterTheFirstFrameIsOnScreen() async {
        #expect(controller.framesDrawnAtDidAppear == true)
        #expect(controller.scroll.superview === window.contentView)
        #expect(controller.scroll.frame.size == window.size)
    }

    @Test func theWheelScrollsAndClicksLandOnTheScrolledContent() async throws {
        let scroll = controller.scroll
        let area = screen(scroll)
        driver.scroll(at: Point(x: area.midX, y: area.midY), dy: 2)
        #expect(await eventually { scroll.contentOffset.y == 96 })
        var clicked = 0
        let row = controller.buttons[3]  // y 180 in content, 84 on screen
        row.addAction { _ in clicked += 1 }
        await driver.waitUntilIdle()
        let target = screen(row)
        driver.click(at: Point(x: target.midX, y: target.midY))
        #expect(await eventually { clicked == 1 })
    }

    @Test func draggingTheScrollBarThumbScrolls() async throws {
        let scroll = controller.scroll
        scroll.contentOffset = .zero
        let bar = scroll.verticalScrollBar
        #expect(!bar.isHidden)
        let thumb = screen(bar, bar.thumbRect)
        await driver.drag(from: Point(x: thumb.midX, y: thumb.midY), to: Point(x: thumb.midX, y: thumb.midY + 40))
        #expect(await eventually { scroll.contentOffset.y > 100 })
        #expect(scroll.contentOffset.y <= scroll.maximumContentOffset.y)
    }

    @Test func tabScrollsTheFocusedRowIntoSight() async throws {
        let scroll = controller.scroll
        scroll.contentOffset = .zero
        let first = screen(controller.buttons[0])
        driver.click(at: Point(x: first.maxX + 20, y: first.midY))  // focus the window, not a row
        for _ in 0..<4 { try driver.key("Tab") }
        #expect(await eventually { self.controller.buttons[3].isFirstResponder })
        let row = controller.buttons[3].frame
        #expect(await eventually { row.maxY <= scroll.contentOffset.y + scroll.bounds.height
                                   && row.minY >= scroll.contentOffset.y })
        let before = scroll.contentOffset.y
        try driver.key("Next")  // Page Down, with a row inside focused: nine tenths of the view
        #expect(await eventually { scroll.contentOffset.y == before + 135 })
    }
}
