import Foundation
import Testing
import XKit
import XKitTesting

/// The gallery's attributed label copied from its context menu with real XTest input, then read as
/// `text/html` by `xclip` in another process.
@Suite(.serialized)
struct GalleryRichCopyTests {
    @Test func copyImageOnThePostAvatarOffersAPNGOfTheAvatar() throws {
        _ = try XvfbServer.shared()
        let driver = try XTestDriver.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "post"])
        _ = try app.waitForEvent(named: "window.mapped")
        let avatar = try #require(try app.waitForView { $0.id == "post.avatar" })
        let mark = app.events.count
        driver.click(at: avatar.frame.center, button: 3)
        let menu = try app.waitForEvent(named: "menu.shown", since: mark)
        let items = try #require(menu.fields["items"] as? [[String: Any]])
        let item = try #require(items.first { $0["title"] as? String == "Copy Image" })
        let n = try #require(item["frame"] as? [Any]).compactMap { ($0 as? NSNumber)?.doubleValue }
        driver.click(at: Rect(x: n[0], y: n[1], width: n[2], height: n[3]).center)
        let copied = try app.waitForEvent(named: "copied", since: mark)
        let png = try ClipboardReader().xclip(target: "image/png")
        #expect(png.succeeded)
        let decoded = try CodecImageDecoder().decode([UInt8](png.stdout), limits: ImageLimits())
        #expect(decoded.width == copied.int("width") && decoded.height == copied.int("height"))
        let file = try CodecImageDecoder().decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("assets/images/avatar1.png"))), limits: ImageLimits())
        #expect(decoded.width == file.width && decoded.height == file.height)
        let center = (decoded.width / 2) + (decoded.height / 2) * decoded.width
        #expect(decoded.pixels[center] == file.pixels[center], "the centre pixel is the avatar's own")
    }

    @Test func copyingTheAttributedLabelOffersHTMLWithBoldAndColour() throws {
        _ = try XvfbServer.shared()
        let driver = try XTestDriver.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery"])
        _ = try app.waitForEvent(named: "window.mapped")
        let label = try #require(try app.waitForView { $0.id == "fonts.attributed" })
        let mark = app.events.count
        driver.click(at: Point(x: label.frame.minX + 20, y: label.frame.midY), button: 3)
        let menu = try app.waitForEvent(named: "menu.shown", since: mark)
        let items = try #require(menu.fields["items"] as? [[String: Any]])
        let copy = try #require(items.first { $0["title"] as? String == "Copy" })
        let n = try #require(copy["frame"] as? [Any]).compactMap { ($0 as? NSNumber)?.doubleValue }
        driver.click(at: Rect(x: n[0], y: n[1], width: n[2], height: n[3]).center)
        _ = try app.waitForEvent(named: "copied", since: mark)
        let reader = try ClipboardReader()
        let html = try reader.xclip(target: "text/html")
        #expect(html.succeeded)
        #expect(html.stdoutString.contains("<b>bold </b>"))
        #expect(html.stdoutString.contains("color:#8944ab"), "systemPurple on the bold run")
        #expect(HTMLReader.plainText(fromHTML: html.stdoutString) == "Attributed: bold large underlined và tiếng Việt")
        #expect(try reader.text() == "Attributed: bold large underlined và tiếng Việt")
        _ = try app.waitForEvent(named: "clipboard.served", since: mark)
    }
}
