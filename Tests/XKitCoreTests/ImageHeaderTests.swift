import Foundation
import Testing
@testable import XKitCore

/// Encoded-image headers built byte by byte, so the reader is checked without a codec.
enum ImageHeaderBytes {
    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func be16(_ value: Int) -> [UInt8] { [8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    /// A PNG signature and IHDR (RGBA, 8 bits), then `tail` (the reader stops at IHDR).
    static func png(width: Int, height: Int, tail: [UInt8] = [0, 0, 0, 0]) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8)
            + be32(width) + be32(height) + [8, 6, 0, 0, 0] + be32(0) + tail
    }

    static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] { [0xFF, marker] + be16(body.count + 2) + body }

    /// A JPEG with an APP0 and a DQT, the frame header `sof`, and `scans` scans whose entropy-coded
    /// data holds the byte sequences a reader must not take for markers: a stuffed FF 00, a restart
    /// marker, fill bytes.
    static func jpeg(sof: UInt8 = 0xC2, width: Int, height: Int, scans: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        bytes += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        bytes += segment(sof, [8] + be16(height) + be16(width) + [1, 1, 0x11, 0])
        for scan in 0..<scans {
            bytes += segment(0xC4, [0x10] + [UInt8](repeating: 0, count: 16))
            bytes += segment(0xDA, [1, 1, 0, 0, 63, 0])
            bytes += [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD3, 0x56, UInt8(truncatingIfNeeded: scan), 0xFF, 0xFF, 0x00, 0x78]
        }
        return bytes + [0xFF, 0xD9]
    }
}

@Suite struct ImageHeaderTests {
    @Test func aPNGHeaderGivesTheDecodedSizeWhateverTheFileSize() throws {
        let header = try #require(ImageHeader(parsing: ImageHeaderBytes.png(width: 16_384, height: 2_048)))
        #expect(header.format == .png && header.width == 16_384 && header.height == 2_048)
        #expect(header.decodedBytes == 16_384 * 2_048 * 4)
        #expect(!header.isProgressive && header.scanCount == 1)
    }

    @Test func aProgressiveJPEGCountsItsScansPastStuffedBytesAndRestartMarkers() throws {
        let header = try #require(ImageHeader(parsing: ImageHeaderBytes.jpeg(width: 320, height: 200, scans: 704)))
        #expect(header.format == .jpeg && header.width == 320 && header.height == 200)
        #expect(header.isProgressive)
        #expect(header.scanCount == 704)
        let few = try #require(ImageHeader(parsing: ImageHeaderBytes.jpeg(width: 320, height: 200, scans: 10)))
        #expect(few.scanCount == 10)
    }

    @Test func aBaselineJPEGIsNotProgressiveAndItsScansAreNotWalked() throws {
        let header = try #require(ImageHeader(parsing: ImageHeaderBytes.jpeg(sof: 0xC0, width: 4_000, height: 3_000, scans: 3)))
        #expect(!header.isProgressive && header.scanCount == 1)
        #expect(header.width == 4_000 && header.height == 3_000)
    }

    @Test func scanCountingStopsAtTheLimit() throws {
        let header = try #require(ImageHeader(parsing: ImageHeaderBytes.jpeg(width: 8, height: 8, scans: ImageHeader.scanCountLimit + 50)))
        #expect(header.scanCount == ImageHeader.scanCountLimit)
    }

    @Test func truncatedGarbageAndZeroSizedHeadersAreRefused() {
        let png = ImageHeaderBytes.png(width: 10, height: 10)
        #expect(ImageHeader(parsing: Array(png.prefix(20))) == nil, "cut inside IHDR")
        #expect(ImageHeader(parsing: ImageHeaderBytes.png(width: 0, height: 10)) == nil)
        #expect(ImageHeader(parsing: ImageHeaderBytes.png(width: 1 << 31, height: 10)) == nil, "over the PNG maximum")
        #expect(ImageHeader(parsing: Array("GIF89a not an image we read".utf8)) == nil)
        #expect(ImageHeader(parsing: []) == nil)
        let jpeg = ImageHeaderBytes.jpeg(width: 50, height: 50, scans: 2)
        #expect(ImageHeader(parsing: Array(jpeg.prefix(30))) == nil, "cut before the frame header")
        #expect(ImageHeader(parsing: ImageHeaderBytes.jpeg(width: 50, height: 0, scans: 2)) == nil)
        // A segment length under 2 would loop forever or step backwards.
        #expect(ImageHeader(parsing: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0xFF, 0xD9]) == nil)
        for cut in stride(from: 0, through: jpeg.count, by: 7) {
            _ = ImageHeader(parsing: Array(jpeg.prefix(cut)))  // never traps, whatever the cut
        }
    }

    @Test func decodedBytesSaturatesInsteadOfOverflowing() throws {
        var header = try #require(ImageHeader(parsing: ImageHeaderBytes.png(width: 10, height: 10)))
        header.width = .max / 2
        header.height = 3
        #expect(header.decodedBytes == .max)
    }
}

/// `ImageCache.loadImage` decodes on the main actor only what the header says is cheap.
@MainActor
@Suite struct ImageCacheSynchronousDecisionTests {
    /// Records whether each decode ran on the thread that called `loadImage` (the main actor's, in
    /// this test) and returns a 1×1 bitmap.
    final class RecordingDecoder: ImageDecoder, @unchecked Sendable {
        private let lock = NSLock()
        private var threads: [Bool] = []
        private var caller = pthread_self()
        var decodedOnMain: [Bool] { lock.withLock { threads } }
        /// Notes the calling thread; call right before `loadImage`.
        func noteCaller() { lock.withLock { caller = pthread_self() } }
        func decode(_ data: [UInt8], limits: ImageLimits) throws(ImageError) -> ImageBitmap {
            lock.withLock { threads.append(pthread_equal(pthread_self(), caller) != 0) }
            guard let bitmap = ImageBitmap(width: 1, height: 1, pixels: [0xFF00_0000]) else { throw .decoderUnavailable("bitmap") }
            return bitmap
        }
    }

    private func folder(with files: [String: [UInt8]]) throws -> String {
        let folder = NSTemporaryDirectory() + "xkit-header-decision-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        return folder
    }

    @Test func smallFilesWithHugeOrManyScanImagesGoToTheBackground() async throws {
        let files: [String: [UInt8]] = [
            "wide.png": ImageHeaderBytes.png(width: 16_384, height: 2_048),
            "scans.jpg": ImageHeaderBytes.jpeg(width: 512, height: 512, scans: 704),
            "icon.png": ImageHeaderBytes.png(width: 64, height: 64),
            "photo.jpg": ImageHeaderBytes.jpeg(width: 256, height: 256, scans: 10),
        ]
        let path = try folder(with: files)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let decoder = RecordingDecoder()
        let cache = ImageCache(decoder: { decoder })
        cache.searchPaths = [path]
        for (name, bytes) in files { #expect(bytes.count < cache.synchronousLimit, "\(name) is a small file") }

        decoder.noteCaller()
        #expect(cache.loadImage(named: "icon", scale: 1) { _ in } == true, "64×64 decodes at once")
        decoder.noteCaller()
        #expect(cache.loadImage(named: "photo.jpg", scale: 1) { _ in } == true, "256×256 in 10 scans decodes at once")
        #expect(decoder.decodedOnMain == [true, true])

        var arrived = 0
        decoder.noteCaller()
        #expect(cache.loadImage(named: "wide", scale: 1) { _ in arrived += 1 } == false, "16384×2048 is 128 MiB decoded")
        #expect(cache.loadImage(named: "scans.jpg", scale: 1) { _ in arrived += 1 } == false, "704 scans")
        for _ in 0..<400 where arrived < 2 { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(arrived == 2)
        #expect(decoder.decodedOnMain == [true, true, false, false], "the costly two decoded off the calling thread")
        #expect(cache.count == 4)
    }

    @Test func theLimitsAreTheCachesToSet() throws {
        let cache = ImageCache(decoder: { UnavailableImageDecoder() })
        let wide = ImageHeader(parsing: ImageHeaderBytes.png(width: 1_024, height: 1_024))
        #expect(cache.decodesInBackground(wide), "4 MiB decoded is over the default 1 MiB")
        cache.synchronousDecodedLimit = 4 << 20
        #expect(!cache.decodesInBackground(wide))
        let scans = ImageHeader(parsing: ImageHeaderBytes.jpeg(width: 10, height: 10, scans: 13))
        #expect(cache.decodesInBackground(scans))
        cache.synchronousScanLimit = 13
        #expect(!cache.decodesInBackground(scans))
        #expect(!cache.decodesInBackground(nil), "an unreadable header is rejected by the decoder at once")
    }
}
