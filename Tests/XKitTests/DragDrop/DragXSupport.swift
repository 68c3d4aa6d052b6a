import Foundation
import Testing
import XKit
import XKitTesting

/// What the drag-and-drop X tests share: the gallery, the peers' windows, and a drag as a hand makes it.
enum DragXSupport {
    static func startGallery(environment: [String: String] = [:]) throws -> (AppProcess, XTestDriver) {
        _ = try XvfbServer.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery"], environment: environment)
        _ = try app.waitForEvent(named: "window.mapped")
        #expect(app.waitForQuiescence())
        return (app, try XTestDriver.shared())
    }

    static func wait(timeout: TimeInterval = 10, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    /// The text a peer last wrote to `out` ("" before its first change).
    static func text(_ out: URL) -> String { (try? String(contentsOf: out, encoding: .utf8)) ?? "" }

    /// Waits for a peer to write its window's X id to `out.xid`, moves the window to (20, 840),
    /// clear of the gallery, and returns its root frame.
    static func placePeerWindow(_ out: URL) throws -> Rect {
        let env = try XvfbServer.shared().environment
        var xid = ""
        _ = wait { xid = (try? String(contentsOf: URL(fileURLWithPath: out.path + ".xid"), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return !xid.isEmpty }
        guard !xid.isEmpty else { throw DragPeerError.compile("peer", "never reported its window") }
        _ = try runProcess(["xdotool", "windowmove", "--sync", xid, "20", "840"], environment: env)
        // Under a window manager the press that starts a drag raises the gallery, which it has fitted
        // to the screen: kept above, the peer stays in sight as the drop target.
        if let window = XWindowID(xid) { try WindowFinder().keepAbove(window) }
        // The server's own answer: xdotool's geometry counts a window manager's frame offset twice.
        let finder = try WindowFinder()
        var frame: Rect?
        _ = wait {
            guard let window = XWindowID(xid), let geometry = finder.geometry(of: window), geometry.minY >= 800 else { return false }
            frame = geometry
            return true
        }
        return try #require(frame, "the peer's window never reached (20, 840)")
    }

    /// Press, pass the threshold in small steps, glide to `to`, let the target answer, release.
    static func dragSlowly(_ driver: XTestDriver, from: Point, to: Point) {
        driver.move(to: from)
        driver.waitUntilIdle()
        driver.press(at: from)
        usleep(100_000)
        for step in 1...4 { driver.move(to: Point(x: from.x + Double(step * 4), y: from.y)); usleep(40_000) }
        let steps = 20
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            driver.move(to: Point(x: from.x + 16 + (to.x - from.x - 16) * t, y: from.y + (to.y - from.y) * t))
            usleep(30_000)
        }
        usleep(300_000)
        driver.move(to: Point(x: to.x + 2, y: to.y))
        usleep(300_000)
        driver.release(at: Point(x: to.x + 2, y: to.y))
        driver.waitUntilIdle()
    }
}
