import Foundation
import Testing
@testable import XKit
import XKitTesting

/// Navigation slides out of process under a real xsettingsd: with `Gtk/EnableAnimations 1` a push
/// passes through intermediate frames in the `views` trace; changed to 0 while the app runs, the
/// next push lands in one frame.
@Suite(.serialized)
struct AnimationXTests {
    @Test func aPushSlidesThroughIntermediateFramesUntilTheDesktopTurnsAnimationsOff() throws {
        guard let xsettingsd = findExecutable("xsettingsd") else {
            try Test.cancel("xsettingsd is not installed (apt-get install -y xsettingsd)")
        }
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-xsettingsd-motion-\(getpid()).conf")
        try "Gtk/EnableAnimations 1\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let manager = try HelperProcess([xsettingsd, "-c", config.path], environment: ["DISPLAY": xvfb.display])
        defer { manager.stop() }

        var environment = xvfb.environment
        environment["XKIT_APPEARANCE"] = "light"
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "settings"], environment: environment, display: xvfb.display)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        _ = try app.waitForView { $0.id == "settings.about" }
        #expect(app.waitForQuiescence(quiet: 0.3))
        let driver = try XTestDriver(display: xvfb.display)

        /// The x of the About screen's title in every `views` event since `mark`, in order.
        func titleXs(since mark: Int) -> [Double] {
            app.events.dropFirst(mark).filter { $0.name == "views" }
                .compactMap { event in event.views.first { $0.id == "about.name" }?.frame.x }
        }
        func pushAbout() throws -> Int {
            let mark = app.mark()
            let about = try #require(app.latestViews().first { $0.id == "settings.about" })
            driver.click(at: about.center)
            _ = try app.waitForEvent(named: "navigation.push", since: mark)
            _ = try app.waitForEvent(named: "animation.ended", since: mark, timeout: 5) { _ in true }
            #expect(app.waitForQuiescence(quiet: 0.4))
            return mark
        }

        // Animations on: the title comes in from the right through frames between.
        var mark = try pushAbout()
        let sliding = titleXs(since: mark)
        let landed = try #require(sliding.last)
        #expect(Set(sliding).count >= 3, "a start, at least one frame between, the end: \(sliding)")
        #expect(sliding.first.map { $0 > landed } == true)
        #expect(zip(sliding, sliding.dropFirst()).allSatisfy { $0 >= $1 }, "it only moves left: \(sliding)")
        #expect(app.events.dropFirst(mark).contains { $0.name == "animation.began" })
        try driver.key("alt+Left")
        _ = try app.waitForEvent(named: "navigation.pop", since: mark)
        #expect(app.waitForQuiescence(quiet: 0.4))

        // The desktop turns animations off while the app runs: the same push lands in one frame.
        mark = app.mark()
        try "Gtk/EnableAnimations 0\n".write(to: config, atomically: true, encoding: .utf8)
        manager.signal(SIGHUP)
        let changed = try app.waitForEvent(named: "settings.changed", since: mark) { $0.fields["enablesAnimations"] as? Bool == false }
        #expect(changed.fields["enablesAnimations"] as? Bool == false)
        mark = app.mark()
        let about = try #require(app.latestViews().first { $0.id == "settings.about" })
        driver.click(at: about.center)
        _ = try app.waitForEvent(named: "navigation.push", since: mark)
        _ = try app.waitForView(since: mark) { $0.id == "about.name" }
        #expect(app.waitForQuiescence(quiet: 0.4))
        let still = titleXs(since: mark)
        #expect(!still.isEmpty && Set(still) == [landed], "every frame shows it where it lands: \(still)")
        #expect(!app.events.dropFirst(mark).contains { $0.name == "animation.began" })
    }
}
