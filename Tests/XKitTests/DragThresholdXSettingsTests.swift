import Foundation
import Testing
@testable import XKit
import XKitTesting

/// A selectable label's drag selection follows XSETTINGS `Net/DndDragThreshold` from a real
/// xsettingsd, changed while the app runs.
@Suite(.serialized)
struct DragThresholdXSettingsTests {
    @Test func aLabelDragSelectsOnlyPastTheManagersDragThresholdAndFollowsItsChange() throws {
        guard let xsettingsd = findExecutable("xsettingsd") else {
            try Test.cancel("xsettingsd is not installed (apt-get install -y xsettingsd)")
        }
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-xsettingsd-drag-\(getpid()).conf")
        try "Net/DndDragThreshold 40\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let manager = try HelperProcess([xsettingsd, "-c", config.path], environment: ["DISPLAY": xvfb.display])
        defer { manager.stop() }

        let app = try AppProcess("xkit-demo", arguments: ["--scene", "post"], environment: xvfb.environment, display: xvfb.display)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "settings.changed") { $0.double("dragThreshold") == 40 }
        _ = try app.waitForEvent(named: "window.mapped")
        let post = try app.waitForView { $0.id == "post.left" && $0.fields["ranges"] != nil }
        let driver = try XTestDriver(display: xvfb.display)
        let start = Point(x: post.frame.midX - 40, y: post.frame.minY + 10)
        let end = Point(x: start.x + 25, y: start.y)

        // 25 points is inside a 40-point threshold: a press that moves, not a selection.
        var mark = app.mark()
        driver.drag(from: start, to: end)
        #expect(app.waitForQuiescence(quiet: 0.4))
        #expect(!app.events.dropFirst(mark).contains { $0.name == "selection.acquired" && $0.string("selection") == "PRIMARY" })

        // The manager lowers it to 4 while the app runs: the same drag selects (and sets PRIMARY).
        mark = app.mark()
        try "Net/DndDragThreshold 4\n".write(to: config, atomically: true, encoding: .utf8)
        manager.signal(SIGHUP)
        let changed = try app.waitForEvent(named: "settings.changed", since: mark)
        #expect(changed.double("dragThreshold") == 4)
        Thread.sleep(forTimeInterval: 0.5)
        mark = app.mark()
        driver.drag(from: start, to: end)
        let selected = try app.waitForEvent(named: "selection.acquired", since: mark) { $0.string("selection") == "PRIMARY" }
        #expect((selected.int("bytes") ?? 0) > 0)
    }
}
