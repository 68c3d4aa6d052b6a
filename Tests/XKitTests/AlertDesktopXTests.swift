import Foundation
import Testing
@testable import XKit
import XKitTesting

/// The settings scene's alert as a desktop citizen, read from other clients: WM_NORMAL_HINTS with
/// min = max (under openbox, `XKIT_TEST_WM=openbox`, the manager then allows no resize and no
/// maximise), and the AT-SPI role `alert` through pyatspi.
@Suite(.serialized)
@MainActor
struct AlertDesktopXTests {
    private func showAlert(_ app: AppProcess) throws -> XWindowID {
        _ = try app.waitForEvent(named: "window.mapped")
        let delete = try app.waitForView { $0.id == "settings.deleteTags" }
        #expect(app.waitForQuiescence(quiet: 0.3))
        let mark = app.mark()
        try XTestDriver.shared().click(at: delete.center)
        let shown = try app.waitForEvent(named: "alert.shown", since: mark)
        return try #require(shown.int("xid")).asWindowID
    }

    @Test func anAlertAsksTheWindowManagerToKeepItsSize() throws {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "settings"], environment: ["XKIT_APPEARANCE": "light"])
        defer { _ = app.terminate() }
        let main = try #require(app.waitForEvent(named: "window.mapped").int("xid")).asWindowID
        let dialog = try showAlert(app)
        let finder = try WindowFinder()
        let frame = try finder.waitForSettledGeometry(of: dialog)
        // XSizeHints as 18 longs: flags, x, y, width, height, min width, min height, max width, max height, …
        let hints = try #require(finder.integerListProperty(dialog, "WM_NORMAL_HINTS"))
        #expect(hints.count >= 9)
        let minMax = 16 | 32  // PMinSize | PMaxSize
        #expect(hints[0] & minMax == minMax, "flags \(hints[0])")
        #expect(hints[5] == hints[7] && hints[6] == hints[8], "min = max: \(hints)")
        #expect(Double(hints[5]) == frame.width && Double(hints[6]) == frame.height, "the alert's own size: \(hints) \(frame)")
        let mainHints = finder.integerListProperty(main, "WM_NORMAL_HINTS") ?? []
        #expect((mainHints.first ?? 0) & minMax == 0, "the main window stays resizable")

        if (try? TestWindowManager.requested()) != nil {
            let allowed = finder.atomListProperty(dialog, "_NET_WM_ALLOWED_ACTIONS") ?? []
            #expect(!allowed.isEmpty, "openbox lists what it allows")
            #expect(!allowed.contains("_NET_WM_ACTION_RESIZE") && !allowed.contains("_NET_WM_ACTION_MAXIMIZE_HORZ"), "\(allowed)")
            let mainAllowed = finder.atomListProperty(main, "_NET_WM_ALLOWED_ACTIONS") ?? []
            #expect(mainAllowed.contains("_NET_WM_ACTION_RESIZE"), "\(mainAllowed)")
        }
    }

    @Test func pyatspiSeesTheAlertWindowWithTheAlertRole() throws {
        // The bridge does not depend on a window manager: run on the bare server only, as AtspiTests do.
        guard (try? TestWindowManager.requested()) == nil else { return }
        let server = try XvfbServer.shared()
        let session = try AtspiSession(server: server)
        defer { session.stop() }
        var environment = session.environment
        environment["XKIT_ACCESSIBILITY"] = "1"
        environment["XKIT_APPEARANCE"] = "light"
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "settings"], environment: environment)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "accessibility.started")
        _ = try showAlert(app)
        _ = app.waitForQuiescence()
        let result = try session.python(AlertDesktopXTests.script, timeout: 30)
        let last = result.stdoutString.split(separator: "\n").last.map(String.init) ?? ""
        let out = try #require(try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(result)")
        #expect(out["errors"] == nil, "\(out["errors"] ?? "")")
        let windows = out["windows"] as? [[String]] ?? []
        #expect(windows.contains(["frame", "Settings"]), "\(windows)")
        #expect(windows.contains { $0.first == "alert" }, "\(windows)")
    }

    static let script = #"""
    import json, pyatspi
    out = {}
    try:
        app = [a for a in pyatspi.Registry.getDesktop(0) if a is not None and a.name == "xkit-demo"][0]
        out["windows"] = [[app[i].getRoleName(), app[i].name] for i in range(app.childCount)]
    except Exception as e:
        out["errors"] = [repr(e)]
    print(json.dumps(out))
    """#
}
