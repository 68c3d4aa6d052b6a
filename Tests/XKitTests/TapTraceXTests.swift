import Testing
import XKit
import XKitTesting

/// `onTap` on a plain view is traced, as the README promises for taps.
@Suite(.serialized)
struct TapTraceXTests {
    @Test func aTapClosureOnAPlainViewEmitsATapEvent() throws {
        _ = try XvfbServer.shared()
        let driver = try XTestDriver.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery"])
        defer { _ = app.terminate() }
        let swatch = try app.waitForView { $0.id == "controls.swatch" }
        let mark = app.mark()
        driver.click(at: swatch.center)
        let tap = try app.waitForEvent(named: "tap", since: mark)
        #expect(tap.fields["id"] as? String == "controls.swatch")
        #expect(tap.fields["type"] as? String == "View")
    }
}
