import Foundation
import Testing
@testable import XKit
import XKitTesting

/// Buttons and tap closures driven by real XTest input against a window in this process.
@Suite(.serialized)
@MainActor
final class ControlsXTests {
    private let app: Application
    private let window: Window
    private let driver: XTestDriver
    private var log: [String] = []

    init() async throws {
        _ = try XvfbServer.shared()
        app = try Application.start()
        app.terminatesAfterLastWindowClosed = false
        driver = try XTestDriver.shared()
        window = Window(title: "Controls test", size: Size(width: 400, height: 200), origin: Point(x: 40, y: 40), app: app)
        window.show()
        let shown = await eventually { self.window.hasDrawnFirstFrame }
        #expect(shown)
    }

    deinit {
        MainActor.assumeIsolated { window.close() }
    }

    private func add(_ button: Button, at frame: Rect) -> Button {
        button.frame = frame
        window.contentView.addSubview(button)
        return button
    }

    /// The centre of a view in root coordinates, for XTest.
    private func center(of view: View) -> Point {
        let r = view.convertToScreen(view.bounds)
        return Point(x: r.midX, y: r.midY)
    }

    private func settle() async {
        await driver.waitUntilIdle()
        _ = await eventually(timeout: 0.3) { false }
    }

    @Test func aRealClickFiresExactlyOnce() async throws {
        let b = add(Button(title: "Once"), at: Rect(x: 20, y: 20, width: 100, height: 30))
        var count = 0
        b.addAction { _ in count += 1 }
        driver.click(at: center(of: b))
        #expect(await eventually { count == 1 })
        await settle()
        #expect(count == 1)
    }

    @Test func aOneShotHandlerThatRemovesItselfOnARealClickRunsOnce() async throws {
        let b = add(Button(title: "One shot"), at: Rect(x: 20, y: 20, width: 100, height: 30))
        var shots = 0
        var others = 0
        var token: ActionToken?
        token = b.addAction { button in
            shots += 1
            if let token { button.removeAction(token) }
            button.sendActions(for: .valueChanged)
        }
        b.addAction(for: .valueChanged) { _ in others += 1 }
        driver.click(at: center(of: b))
        #expect(await eventually { shots == 1 && others == 1 })
        driver.click(at: center(of: b))
        await settle()
        #expect(shots == 1)
        #expect(others == 1)
        #expect(b.actionCount(for: .primaryActionTriggered) == 0)
    }

    @Test func draggingOutBeforeReleaseSendsTouchUpOutside() async throws {
        let b = add(Button(title: "Drag"), at: Rect(x: 20, y: 20, width: 100, height: 30))
        var events: [String] = []
        b.addAction { _ in events.append("primary") }
        b.addAction(for: .touchUpOutside) { _ in events.append("outside") }
        await driver.drag(from: center(of: b), to: Point(x: 360, y: 200))
        #expect(await eventually { !events.isEmpty })
        await settle()
        #expect(events == ["outside"])
    }

    @Test func aDisabledButtonDoesNothing() async throws {
        let b = add(Button(title: "Off"), at: Rect(x: 20, y: 20, width: 100, height: 30))
        b.isEnabled = false
        var count = 0
        b.addAction { _ in count += 1 }
        let probe = add(Button(title: "Probe"), at: Rect(x: 150, y: 20, width: 100, height: 30))
        var probed = false
        probe.addAction { _ in probed = true }
        driver.click(at: center(of: b))
        driver.click(at: center(of: probe))
        #expect(await eventually { probed })
        #expect(count == 0)
    }

    @Test func twoHandlersRunInOrderAndAfterRemovalOnlyOne() async throws {
        let b = add(Button(title: "Two"), at: Rect(x: 20, y: 20, width: 100, height: 30))
        var order: [String] = []
        b.addAction { _ in order.append("A") }
        let tokenB = b.addAction { _ in order.append("B") }
        driver.click(at: center(of: b))
        #expect(await eventually { order.count == 2 })
        b.removeAction(tokenB)
        driver.click(at: center(of: b))
        #expect(await eventually { order.count == 3 })
        await settle()
        #expect(order == ["A", "B", "A"])
    }

    @Test func tabReachesTheButtonAndSpaceAndEnterActivateIt() async throws {
        let b = add(Button(title: "Keys"), at: Rect(x: 20, y: 20, width: 100, height: 30))
        var count = 0
        b.addAction { _ in count += 1 }
        // Keyboard focus follows the pointer when no window manager gives it out; a window manager
        // gives it on request (it may have kept it on the window the user worked in last).
        driver.move(to: Point(x: 300, y: 200))
        window.activate()
        let finder = try WindowFinder()
        #expect(await eventually { finder.focusedWindow() == self.window.xid })
        try driver.key("Tab")
        #expect(await eventually { b.isFirstResponder })
        try driver.key("space")
        #expect(await eventually { count == 1 })
        try driver.key("Return")
        #expect(await eventually { count == 2 })
        let focused = try #require(window.snapshot())
        try focused.writePNG(to: "/tmp/xkit-button-focused.png")
    }

    @Test func onTapOnAPlainViewFiresAndInstallsOneRecognizer() async throws {
        let view = View(frame: Rect(x: 200, y: 80, width: 80, height: 60))
        view.backgroundColor = .orange
        window.contentView.addSubview(view)
        var taps = 0
        view.onTap { _ in taps += 1 }
        view.onTap { _ in taps += 10 }
        #expect(view.gestureRecognizers.count == 1)
        driver.click(at: center(of: view))
        #expect(await eventually { taps == 11 })
    }

    @Test func aWeakOwnerIsReleasedAndItsHandlerNeverRuns() async throws {
        final class Owner { var hits = 0 }
        let b = add(Button(title: "Weak"), at: Rect(x: 20, y: 20, width: 100, height: 30))
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        if let owner { b.addAction(owner: owner) { owner, _ in owner.hits += 1 } }
        var plain = 0
        b.addAction { _ in plain += 1 }
        owner = nil
        #expect(weakOwner == nil)
        driver.click(at: center(of: b))
        #expect(await eventually { plain == 1 })
        #expect(b.actionCount(for: .primaryActionTriggered) == 1)
    }
}
