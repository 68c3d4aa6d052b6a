import Foundation
import Testing
import XKit
import XKitTesting

/// The `Examples/ContactCard` package (a separate package depending on XKit by path), run on the
/// test server and copied from through `xclip -o`. `.ci/run` builds it first; building it here would
/// add a minute of compiling to every run, so the test waits for that build.
@Suite(.serialized, .enabled(if: contactCardBinary() != nil,
                             "build it with `swift build --package-path Examples/ContactCard` (.ci/run does)"))
struct ContactCardExampleTests {
    private func item(_ title: String, in menu: TraceEvent) throws -> Rect {
        let items = try #require(menu.fields["items"] as? [[String: Any]])
        let entry = try #require(items.first { $0["title"] as? String == title }, "no \(title) in \(items)")
        let n = (entry["frame"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
        try #require(n.count == 4)
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    @Test func theNamesOwnMenuCopiesAVCardAndTheCalloutCopiesThePhone() throws {
        _ = try XvfbServer.shared()
        let driver = try XTestDriver.shared()
        let app = try AppProcess(try #require(contactCardBinary()))
        defer { app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        let name = try app.waitForView { $0.id == "card.name" }
        let avatar = try app.waitForView { $0.id == "card.avatar" && $0.fields["pixels"] != nil }
        #expect(avatar.fields["imageError"] == nil)

        var mark = app.mark()
        driver.click(at: name.center, button: 3)
        let menu = try app.waitForEvent(named: "menu.shown", since: mark)
        #expect(menu.string("style") == "context")
        driver.click(at: try item("Copy as vCard", in: menu).center)
        // The app's own item copies through the public pasteboard API, which traces nothing: read
        // the clipboard from another process until the vCard is there.
        var vcard = ""
        waitUntil(timeout: 5, interval: 0.05) {
            vcard = (try? ClipboardReader().text(.clipboard, timeout: 1)) ?? ""
            return vcard.hasPrefix("BEGIN:VCARD")
        }
        #expect(vcard.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\n"), "\(vcard.debugDescription)")
        #expect(vcard.hasSuffix("END:VCARD\r\n"))

        let phone = try #require(app.latestViews().first { $0.id == "card.phone" })
        mark = app.mark()
        driver.pressAndHold(at: phone.center, duration: 0.6)
        let callout = try app.waitForEvent(named: "menu.shown", since: mark)
        #expect(callout.string("style") == "callout")
        driver.click(at: try item("Copy", in: callout).center)
        _ = try app.waitForEvent(named: "copied", since: mark)
        #expect(try ClipboardReader().text(.clipboard) == "+44 20 7946 0958")
    }
}

/// The example's debug binary, if it has been built.
func contactCardBinary() -> String? {
    guard let root = PackageRoot.find() else { return nil }
    let path = root.appendingPathComponent("Examples/ContactCard/.build/debug/ContactCard").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}
