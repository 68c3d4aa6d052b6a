import Foundation
import Testing
import XKit
import XKitTesting

/// Decoding through the platform's codecs, limits, the cache's `@2x` choice and `ImageView`'s drawing,
/// all without a display.
@MainActor
@Suite struct ImageTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let imagesFolder = packageRoot + "/assets/images"
    /// 2×2 RGBA: opaque red, half-transparent blue, transparent green, quarter-opaque white.
    static let rgbaPNG = [UInt8](Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAE0lEQVR4nGP4z8AAQg0Q6v9/BwA/GAe6xaxGBwAAAABJRU5ErkJggg==")!)
    /// 16×16 solid rgb(200, 40, 40), quality 95.
    static let solidJPEG = [UInt8](Data(base64Encoded: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/wAARCAAQABADAREAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAcJ/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8Al9E2oAAAD//Z")!)

    let decoder: ImageDecoder = CodecImageDecoder()

    func avatarBytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.imagesFolder + "/avatar1.png")))
    }

    /// A PNG that is only a signature and an IHDR announcing `width × height`, with a valid CRC.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let body = Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0]
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + body + be(~crc)
    }

    func decodeError(_ data: [UInt8], limits: ImageLimits = ImageLimits()) -> ImageError? {
        do { _ = try decoder.decode(data, limits: limits); return nil } catch { return error }
    }

    // MARK: Decoding

    @Test func theAvatarPNGDecodesToItsColours() throws {
        let bitmap = try decoder.decode(try avatarBytes(), limits: ImageLimits())
        #expect(bitmap.width == 64 && bitmap.height == 64)
        let corner = bitmap.rgba(x: 1, y: 1)
        #expect(corner.r == 42 && corner.g == 157 && corner.b == 143 && corner.a == 255, "the teal background")
        let head = bitmap.rgba(x: 32, y: 25)
        #expect(head.r == 244 && head.g == 225 && head.b == 193, "the head")
    }

    @Test func alphaIsPremultipliedForXRender() throws {
        let bitmap = try decoder.decode(Self.rgbaPNG, limits: ImageLimits())
        #expect(bitmap.pixels[0] == 0xFFFF_0000, "opaque red stays")
        #expect(bitmap.pixels[1] == 0x8000_0080, "half-transparent blue is halved")
        #expect(bitmap.pixels[2] == 0, "transparent green is zero")
        #expect(bitmap.pixels[3] == 0x4040_4040, "quarter-opaque white")
        #expect(bitmap.rgba(x: 1, y: 0).b == 255, "straight colour comes back")
    }

    @Test func aJPEGDecodesThroughTurboJPEG() throws {
        let bitmap = try decoder.decode(Self.solidJPEG, limits: ImageLimits())
        #expect(bitmap.width == 16 && bitmap.height == 16)
        let p = bitmap.rgba(x: 8, y: 8)
        #expect(abs(Int(p.r) - 200) <= 3 && abs(Int(p.g) - 40) <= 3 && abs(Int(p.b) - 40) <= 3 && p.a == 255, "\(p)")
    }

    @Test func aTruncatedPNGIsAnErrorNotACrash() throws {
        let bytes = try avatarBytes()
        for length in [bytes.count / 2, 40, 20, 9] {
            let error = decodeError(Array(bytes.prefix(length)))
            guard case .malformed? = error else {
                Issue.record("\(length) bytes gave \(String(describing: error))")
                continue
            }
        }
    }

    @Test func aTruncatedJPEGIsAnErrorNotAGreyPicture() {
        for length in [Self.solidJPEG.count - 10, 200, 40, 3] {
            let error = decodeError(Array(Self.solidJPEG.prefix(length)))
            guard case .malformed? = error else {
                Issue.record("\(length) bytes gave \(String(describing: error))")
                continue
            }
        }
    }

    @Test func aHugePNGHeaderIsRefusedBeforeAnyPixelIsAllocated() throws {
        // The file has no pixel data at all: only a check of the header can give `tooLarge` here.
        #expect(decodeError(Self.pngHeader(width: 30000, height: 30000)) == .tooLarge(width: 30000, height: 30000))
        // With a compressed row of data and an end, as a decompression bomb would have.
        let rgba = try #require(ImageTests.rgbaPNG.firstRange(of: Array("IDAT".utf8)))
        let tail = Array(ImageTests.rgbaPNG[(rgba.lowerBound - 4)...])
        #expect(decodeError(Self.pngHeader(width: 30000, height: 30000) + tail) == .tooLarge(width: 30000, height: 30000))
        #expect(decodeError(Self.pngHeader(width: 100_000, height: 1)) == .tooLarge(width: 100_000, height: 1))
    }

    @Test func limitsAreCheckedBeforeDecoding() throws {
        let tight = ImageLimits(maximumSide: 32)
        #expect(decodeError(try avatarBytes(), limits: tight) == .tooLarge(width: 64, height: 64))
        #expect(decodeError(Self.solidJPEG, limits: ImageLimits(maximumPixels: 100)) == .tooLarge(width: 16, height: 16))
    }

    @Test func somethingThatIsNotAnImageIsNamedAsSuch() {
        #expect(decodeError(Array("GIF89a, or a README\n".utf8)) == .notAnImage)
        #expect(decodeError([]) == .notAnImage)
        #expect(decodeError(Array("#!/bin/sh\necho hi\n".utf8)) == .notAnImage)
    }

    // MARK: Cache

    @Test func theCachePicksTheDoubleSizeFileOnHiDPIScreens() throws {
        let cache = ImageCache { self.decoder }
        cache.searchPaths = ["/nonexistent", Self.imagesFolder]
        let hidpi = try cache.image(named: "avatar1", scale: 2).get()
        #expect(hidpi.bitmap.width == 128 && hidpi.scale == 2 && hidpi.size == Size(width: 64, height: 64))
        let lodpi = try cache.image(named: "avatar1", scale: 1).get()
        #expect(lodpi.bitmap.width == 64 && lodpi.scale == 1 && lodpi.size == Size(width: 64, height: 64))
        #expect(try cache.image(named: "avatar1", scale: 1.5).get() === hidpi, "1.5 counts as HiDPI, and hits the cache")
        #expect(try cache.image(named: "avatar1.png", scale: 2).get().bitmap.width == 128, "an extension is allowed")
    }

    @Test func aMissingVariantFallsBackAndAMissingNameIsNotFound() throws {
        let folder = NSTemporaryDirectory() + "xkit-images-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(try avatarBytes()).write(to: URL(fileURLWithPath: folder + "/only@2x.png"))
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: folder + "/bad.png"))
        let cache = ImageCache { self.decoder }
        cache.searchPaths = [folder]
        let fallback = try cache.image(named: "only", scale: 1).get()
        #expect(fallback.scale == 2 && fallback.size == Size(width: 32, height: 32), "the @2x file, at its own scale")
        #expect(throws: ImageError.notFound("nothing")) { try cache.image(named: "nothing", scale: 1).get() }
        #expect(throws: ImageError.notAnImage) { try cache.image(named: "bad", scale: 1).get() }
        #expect(cache.count == 1, "failures are not cached")
        cache.countLimit = 0
        #expect(cache.count == 0)
    }

    // MARK: Content modes

    @Test func contentModesFitFillStretchAndCentre() {
        let image = Size(width: 100, height: 50)
        let bounds = Rect(x: 10, y: 10, width: 40, height: 40)
        #expect(ContentMode.scaleToFill.imageRect(for: image, in: bounds) == bounds)
        #expect(ContentMode.aspectFit.imageRect(for: image, in: bounds) == Rect(x: 10, y: 20, width: 40, height: 20))
        #expect(ContentMode.aspectFill.imageRect(for: image, in: bounds) == Rect(x: -10, y: 10, width: 80, height: 40))
        #expect(ContentMode.center.imageRect(for: image, in: bounds) == Rect(x: -20, y: 5, width: 100, height: 50))
        #expect(ContentMode.aspectFit.imageRect(for: .zero, in: bounds).size == .zero, "an empty image draws nothing")
    }

    // MARK: ImageView

    @Test func aNamedImageLoadsOnFirstDrawAtTheWindowsScaleAndIsCutToACircle() throws {
        let scene = HeadlessScene(scale: 2, imageDecoder: CodecImageDecoder())
        scene.app.images.searchPaths = [Self.imagesFolder]
        let view = ImageView(named: "avatar1")
        view.frame = Rect(x: 10, y: 20, width: 80, height: 40)
        view.contentMode = .aspectFill
        view.isCircular = true
        #expect(scene.app.images.count == 0, "nothing is decoded before the view draws")
        scene.root.addSubview(view)
        scene.platform.displayPass()
        let surface = try #require(scene.platform.surface(of: scene.window))
        let drawn = surface.recorder.calls.compactMap { call -> (Size, Rect, Rect, Double)? in
            if case .image(let pixels, let rect, let shape, let radius) = call { (pixels, rect, shape, radius) } else { nil }
        }
        let (pixels, rect, shape, radius) = try #require(drawn.first)
        #expect(pixels == Size(width: 128, height: 128), "the @2x file at scale 2")
        #expect(rect == Rect(x: 10, y: 20 - 20, width: 80, height: 80), "aspect fill covers the bounds")
        #expect(shape == Rect(x: 30, y: 20, width: 40, height: 40) && radius == 20, "the centred circle")
        #expect(view.sizeThatFits(.zero) == Size(width: 64, height: 64))
    }

    @Test func aMissingImageKeepsItsErrorAndDrawsNothing() throws {
        let scene = HeadlessScene(imageDecoder: CodecImageDecoder())
        scene.app.images.searchPaths = [Self.imagesFolder]
        let view = ImageView(named: "no-such-avatar")
        view.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        scene.root.addSubview(view)
        scene.platform.displayPass()
        #expect(view.loadError == .notFound("no-such-avatar"))
        #expect(view.traceFields().contains { $0.0 == "imageError" })
        let surface = try #require(scene.platform.surface(of: scene.window))
        #expect(!surface.recorder.calls.contains { if case .image = $0 { true } else { false } })
    }
}

/// Large files decode off the main actor: the view draws nothing, then the image once it arrives.
@MainActor
@Suite struct ImageBackgroundLoadingTests {
    /// A PNG of noise (it does not compress), `side` pixels square.
    static func noisePNG(side: Int) throws -> [UInt8] {
        var state: UInt32 = 12345
        var pixels = [UInt8]()
        pixels.reserveCapacity(side * side * 3)
        for _ in 0..<(side * side * 3) {
            state = state &* 1_103_515_245 &+ 12345
            pixels.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        return PNGCodec.encode(RGBImage(width: side, height: side, pixels: pixels))
    }

    @Test func aLargeFileDecodesInTheBackgroundAndThenDraws() async throws {
        let folder = NSTemporaryDirectory() + "xkit-bigimage-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = try Self.noisePNG(side: 400)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/photo.png"))
        let scene = HeadlessScene(imageDecoder: CodecImageDecoder())
        #expect(bytes.count > scene.app.images.synchronousLimit, "the file is over the synchronous limit")
        scene.app.images.searchPaths = [folder]
        let view = ImageView(named: "photo")
        view.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        scene.root.addSubview(view)
        scene.platform.displayPass()
        #expect(view.isLoading && view.image == nil, "the display pass did not wait for the decode")

        for _ in 0..<400 where view.isLoading { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(!view.isLoading && view.image?.bitmap.width == 400)
        scene.platform.displayPass()
        let surface = try #require(scene.platform.surface(of: scene.window))
        #expect(surface.recorder.calls.contains { if case .image = $0 { true } else { false } })
        #expect(scene.app.images.count == 1, "kept in the cache")
    }
}
