import Foundation
import Testing
import XKit
import XKitTesting

/// The post scene's round avatar, decoded from assets/images and drawn through XRender on a real server.
@Suite(.serialized)
struct ImageViewXTests {
    static let teal = RGBImage.Pixel(r: 42, g: 157, b: 143)
    static let skin = RGBImage.Pixel(r: 244, g: 225, b: 193)

    static func distance(_ a: RGBImage.Pixel, _ b: RGBImage.Pixel) -> Int {
        max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
    }

    @Test func thePostSceneDrawsARoundAntiAliasedAvatar() throws {
        _ = try XvfbServer.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "post"])
        defer { app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        let avatar = try app.waitForView { $0.id == "post.avatar" }
        // The image loads on the first draw; the next views trace reports it.
        let loaded = try app.waitForView { $0.id == "post.avatar" && $0.fields["pixels"] != nil }
        #expect((loaded.fields["pixels"] as? [NSNumber])?.map(\.intValue) == [64, 64], "the 1x file at scale 1")
        Thread.sleep(forTimeInterval: 0.2)
        let shot = try Screenshot.capture(rect: avatar.frame)
        let w = shot.width, h = shot.height
        #expect(w == 48 && h == 48)

        #expect(Self.distance(shot[3, h / 2], Self.teal) <= 12, "inside the circle's left edge: \(shot[3, h / 2])")
        #expect(Self.distance(shot[w / 2, h * 40 / 100], Self.skin) <= 12, "the head: \(shot[w / 2, h * 40 / 100])")
        let corner = shot[1, 1]
        #expect(Self.distance(corner, Self.teal) > 60, "the corner is outside the circle: \(corner)")

        // The edge blends the card into the teal: in the top-left corner (clear of the head), pixels that
        // are neither lie on the circle, and there are some.
        let radius = Double(w) / 2
        var blended: [(Int, Int)] = []
        for y in 0..<14 {
            for x in 0..<14 where Self.distance(shot[x, y], corner) > 8 && Self.distance(shot[x, y], Self.teal) > 8 {
                blended.append((x, y))
                let d = ((Double(x) + 0.5 - radius) * (Double(x) + 0.5 - radius) + (Double(y) + 0.5 - radius) * (Double(y) + 0.5 - radius)).squareRoot()
                #expect(abs(d - radius) < 1.5, "a blended pixel off the edge at \(x),\(y): \(shot[x, y])")
            }
        }
        #expect(blended.count >= 4, "anti-aliased edge pixels: \(blended)")
    }
}
