import Foundation
import XKit

/// The result of comparing two images pixel by pixel.
public struct ImageDiff: Sendable, CustomStringConvertible {
    /// Pixels where some channel differs by more than the tolerance.
    public let differingPixels: Int
    public let totalPixels: Int
    /// differingPixels / totalPixels (1 when the sizes differ).
    public let fraction: Double
    /// The largest per-channel difference anywhere (0...255; 255 when the sizes differ).
    public let maxDifference: Int
    public let sizeMismatch: Bool
    /// Bounding box of the differing pixels (x, y, w, h), if any.
    public let differingBounds: (x: Int, y: Int, width: Int, height: Int)?
    /// The differing pixels in red over a faded copy of the first image.
    public let diffImage: RGBImage

    /// Whether at most `maxFraction` of the pixels differ (and the sizes agree).
    public func matches(maxFraction: Double = 0) -> Bool { !sizeMismatch && fraction <= maxFraction }

    public var description: String {
        sizeMismatch ? "sizes differ" :
            "\(differingPixels) of \(totalPixels) pixels differ (\(String(format: "%.4f", fraction * 100))%), max channel difference \(maxDifference)"
            + (differingBounds.map { " within [\($0.x), \($0.y), \($0.width), \($0.height)]" } ?? "")
    }

    /// Compares `a` with `b`: a pixel differs when any channel differs by more than `tolerance`.
    public static func compare(_ a: RGBImage, _ b: RGBImage, tolerance: Int = 0) -> ImageDiff {
        if a.width != b.width || a.height != b.height {
            let w = max(a.width, b.width), h = max(a.height, b.height)
            return ImageDiff(differingPixels: w * h, totalPixels: w * h, fraction: 1, maxDifference: 255, sizeMismatch: true,
                             differingBounds: (0, 0, w, h), diffImage: RGBImage(width: w, height: h, fill: RGBImage.Pixel(r: 255, g: 0, b: 0)))
        }
        let n = a.width * a.height
        var diff = [UInt8](repeating: 0, count: n * 3)
        var count = 0, maxDiff = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                diff.withUnsafeMutableBufferPointer { pd in
                    for i in 0..<n {
                        let o = i * 3
                        var m = Int(pa[o]) - Int(pb[o]); if m < 0 { m = -m }
                        var d = Int(pa[o + 1]) - Int(pb[o + 1]); if d < 0 { d = -d }; if d > m { m = d }
                        d = Int(pa[o + 2]) - Int(pb[o + 2]); if d < 0 { d = -d }; if d > m { m = d }
                        if m > maxDiff { maxDiff = m }
                        if m > tolerance {
                            count += 1
                            pd[o] = 255; pd[o + 1] = 0; pd[o + 2] = 0
                            let x = i % a.width, y = i / a.width
                            if x < minX { minX = x }; if x > maxX { maxX = x }
                            if y < minY { minY = y }; if y > maxY { maxY = y }
                        } else {
                            // Faded luminance of `a` for context.
                            let lum = (Int(pa[o]) * 3 + Int(pa[o + 1]) * 6 + Int(pa[o + 2])) / 10
                            let v = UInt8(255 - (255 - lum) / 4)
                            pd[o] = v; pd[o + 1] = v; pd[o + 2] = v
                        }
                    }
                }
            }
        }
        return ImageDiff(differingPixels: count, totalPixels: n, fraction: n == 0 ? 0 : Double(count) / Double(n),
                         maxDifference: maxDiff, sizeMismatch: false,
                         differingBounds: maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1),
                         diffImage: RGBImage(width: a.width, height: a.height, pixels: diff))
    }
}

/// A golden-image mismatch (or a missing golden); the message names the files to look at.
public struct GoldenMismatch: Error, CustomStringConvertible, Sendable {
    public let name: String
    public let message: String
    public let actualPath: String
    public let diffPath: String?
    public var description: String { message }
}

/// Where failing screenshots go.
public let failureDirectory = URL(fileURLWithPath: "/tmp/xkit-failures", isDirectory: true)

/// Compares `image` with `assets/golden/NAME.png`. With `XKIT_RECORD_GOLDENS=1` in the environment it
/// writes the golden instead (and passes). Otherwise a missing or different golden throws a
/// `GoldenMismatch` after writing `NAME.actual.png` and `NAME.diff.png` under /tmp/xkit-failures/.
/// Goldens are never re-recorded silently.
///
/// - Parameters:
///   - tolerance: per-channel difference that still counts as equal (antialiasing noise).
///   - maxFraction: fraction of pixels allowed to differ beyond the tolerance.
@discardableResult
public func assertMatchesGolden(_ image: RGBImage, name: String, tolerance: Int = 8, maxFraction: Double = 0.0005,
                                goldenDirectory: URL? = nil) throws -> ImageDiff? {
    let directory = try goldenDirectory ?? PackageRoot.asset("golden")
    let golden = directory.appendingPathComponent(name + ".png")
    let record = ProcessInfo.processInfo.environment["XKIT_RECORD_GOLDENS"] == "1"
    if record {
        try image.writePNG(to: golden)
        FileHandle.standardError.write(Data("xkit-testing: recorded golden \(golden.path)\n".utf8))
        return nil
    }
    let safeName = name.replacingOccurrences(of: "/", with: "_")
    let actualURL = failureDirectory.appendingPathComponent(safeName + ".actual.png")
    guard FileManager.default.fileExists(atPath: golden.path) else {
        try image.writePNG(to: actualURL)
        throw GoldenMismatch(name: name, message: """
            Golden \(golden.path) does not exist. The actual image is at \(actualURL.path).
            If it looks right, record it with XKIT_RECORD_GOLDENS=1 and commit the PNG.
            """, actualPath: actualURL.path, diffPath: nil)
    }
    let expected = try RGBImage.readPNG(from: golden)
    let diff = ImageDiff.compare(expected, image, tolerance: tolerance)
    if diff.matches(maxFraction: maxFraction) { return diff }
    let diffURL = failureDirectory.appendingPathComponent(safeName + ".diff.png")
    try image.writePNG(to: actualURL)
    try diff.diffImage.writePNG(to: diffURL)
    let sizes = diff.sizeMismatch ? " (golden \(expected.width)x\(expected.height), actual \(image.width)x\(image.height))" : ""
    throw GoldenMismatch(name: name, message: """
        Screenshot \(name.debugDescription) differs from its golden: \(diff)\(sizes); allowed \(maxFraction * 100)% beyond tolerance \(tolerance).
          golden: \(golden.path)
          actual: \(actualURL.path)
          diff:   \(diffURL.path)
        If the change is intended, re-record with XKIT_RECORD_GOLDENS=1.
        """, actualPath: actualURL.path, diffPath: diffURL.path)
}
