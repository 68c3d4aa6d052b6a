import Foundation
import Testing
import XKit
import XKitTesting

/// The context menu's fade on a real server with no compositor, slowed down 30 times with
/// `XKIT_SLOWDOWN` so it can be seen half-way: the screen under the menu blends from what was
/// there to the menu, and a menu fading out lets the next click through to the window below.
@Suite(.serialized)
struct MenuFadeXTests {
    private func crop(_ image: RGBImage, _ rect: Rect) -> RGBImage {
        image.cropped(x: Int(rect.minX), y: Int(rect.minY), width: Int(rect.width), height: Int(rect.height))
    }

    /// Mean per-channel distance of two same-sized images.
    private func distance(_ a: RGBImage, _ b: RGBImage) -> Double {
        var sum = 0
        for i in 0..<min(a.pixels.count, b.pixels.count) { sum += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
        return Double(sum) / Double(max(1, a.pixels.count))
    }

    @Test func theMenuFadesInOverWhatWasBehindItAndAFadingMenuLetsClicksThrough() throws {
        _ = try XvfbServer.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery"], environment: ["XKIT_SLOWDOWN": "30"])
        defer { app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        let label = try #require(try app.waitForView { $0.id == "copyable.vi" })
        let driver = try XTestDriver.shared()
        let screen = try Screenshot.captureScreen()

        var mark = app.mark()
        let press = label.center
        driver.click(at: press, button: 3)
        // The fade takes 0.12 s × 30 = 3.6 s; a third of the way in, the screen is a blend.
        Thread.sleep(forTimeInterval: 1.2)
        let duringScreen = try Screenshot.captureScreen()
        let shown = try app.waitForEvent(named: "menu.shown", since: mark)
        #expect(app.events[mark...].contains { $0.name == "window.composited" }, "the fade composites the menu drawn once")
        let numbers = (shown.fields["frame"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
        try #require(numbers.count == 4)
        // Inside the rounded outline, clear of its corners.
        let menu = Rect(x: numbers[0] + 8, y: numbers[1] + 8, width: numbers[2] - 16, height: numbers[3] - 16)
        let whole = crop(try Screenshot.captureScreen(), menu)
        let before = crop(screen, menu), during = crop(duringScreen, menu)
        let gap = distance(before, whole)
        #expect(gap > 20, "the menu differs from what was behind it: \(gap)")
        #expect(distance(during, before) > gap * 0.1 && distance(during, whole) > gap * 0.1,
                "half-way the screen is neither what was behind (\(distance(during, before))) nor the menu (\(distance(during, whole)))")
        var between = 0, differing = 0
        for i in 0..<before.pixels.count where abs(Int(before.pixels[i]) - Int(whole.pixels[i])) > 40 {
            differing += 1
            let (a, b, mid) = (Int(before.pixels[i]), Int(whole.pixels[i]), Int(during.pixels[i]))
            if mid >= min(a, b) - 6 && mid <= max(a, b) + 6 { between += 1 }
        }
        #expect(differing > 100 && Double(between) >= 0.9 * Double(differing),
                "a blend of the two, not garbage: \(between) of \(differing) channels lie between")

        // Escape: hidden at once, the pixels fade for 3 s, and a right-click on the label under them
        // reaches the gallery and opens the next menu.
        mark = app.mark()
        try driver.key("Escape")
        _ = try app.waitForEvent(named: "menu.hidden", since: mark)
        let under = Point(x: press.x + 12, y: press.y + 3)
        try #require(label.frame.contains(under) && menu.insetBy(dx: -8, dy: -8).contains(under))
        driver.click(at: under, button: 3)
        let next = try app.waitForEvent(named: "menu.shown", since: mark, timeout: 15)
        #expect(next.string("style") == "context")
        #expect(!app.events[mark...].contains { $0.name == "warning" }, "no warnings")
    }
}
