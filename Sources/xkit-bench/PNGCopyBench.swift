import Foundation
import XKit
import XKitTesting

/// `xkit-bench png [ROUNDS] [SIDE]`: a SIDE×SIDE picture (4096 by default) copied as `image/png`
/// the way `ImageView.copyImage` copies it (encoded only when asked), read by `xclip -t image/png -o`,
/// against `xclip -i -t image/png` serving the very file XKit produced.
///
/// The bench owns CLIPBOARD in its own process, so each read runs as a child polled from the main
/// actor while the main actor answers the requests. Every XKit round copies afresh; the encoding
/// starts at the copy, off the main actor, so a paste at once waits for it and one a few seconds
/// later (as people paste) finds the PNG made.
@MainActor
func runPNGCopyBench(arguments: [String]) async -> Int32 {
    let rounds = Int(arguments.first ?? "") ?? 7
    let side = Int(arguments.dropFirst().first ?? "") ?? 4096
    do {
        let server = try XvfbServer.shared()
        let env = server.environment
        let app = try Application.start(name: "xkit-bench")
        app.terminatesAfterLastWindowClosed = false
        guard let bitmap = PhotoLikeBitmap.make(side: side) else {
            print("png: could not make a \(side)×\(side) bitmap")
            return 1
        }
        let image = Image(bitmap: bitmap)
        let encoder = app.platform.imageEncoder
        let directory = FileManager.default.temporaryDirectory
        let served = directory.appendingPathComponent("xkit-bench-png-\(getpid()).png").path
        let scratch = directory.appendingPathComponent("xkit-bench-png-out-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: served); try? FileManager.default.removeItem(atPath: scratch) }
        let read = ["xclip", "-o", "-selection", "clipboard", "-t", "image/png"]

        func copyFromXKit() throws {
            let item = try PasteboardItem(image: image, encoder: encoder)
            app.platform.pasteboard(.clipboard).setItems([item], event: nil)
        }
        func copyFromXclip() async throws {
            let taken = try runProcess(["xclip", "-i", "-selection", "clipboard", "-t", "image/png", served], timeout: 60, environment: env)
            guard taken.succeeded else { throw XKitTestingError("xclip could not take CLIPBOARD: \(taken.stderrString)") }
            try await Task.sleep(nanoseconds: 200_000_000)
        }

        // Check before timing: what xclip reads from XKit decodes to the same pixels.
        try copyFromXKit()
        let check = await AsyncChild.run(read, environment: env, stdout: scratch).sample
        guard check.status == 0, let png = FileManager.default.contents(atPath: scratch) else {
            print("png: xclip could not read XKit's image/png (exit \(check.status))")
            return 1
        }
        let decoded = try PNGDecoder.decode([UInt8](png))
        guard decoded.width == side, decoded.height == side, PhotoLikeBitmap.matches(decoded, bitmap) else {
            print("png: the PNG xclip read is \(decoded.width)×\(decoded.height) and does not match the copied pixels")
            return 1
        }
        try FileManager.default.moveItem(atPath: scratch, toPath: served)
        var encodes: [Double] = []
        for _ in 0..<5 {
            let start = monotonicSeconds()
            try encoder.writePNG(bitmap) { _ in }
            encodes.append(monotonicSeconds() - start)
        }
        let encodeSeconds = encodes.sorted()[2]
        print("png: \(side)×\(side) photo-like picture, PNG \(png.count >> 10) KiB (raw \((side * side * 4) >> 20) MiB), "
              + "encoded in process in \(String(format: "%.0f", encodeSeconds * 1000)) ms (median of 5); \(rounds) rounds on \(server.display), medians")

        var samples: [String: [ProcessSample]] = [:]
        var stalls: [Double] = []
        let xkitName = "xclip -o ← XKit, pasted at once", laterName = "xclip -o ← XKit, pasted after 3 s"
        let xclipName = "xclip -o ← xclip -i (file)"
        for _ in 0..<rounds {
            try copyFromXKit()
            let served = await AsyncChild.run(read, environment: env, stdout: "/dev/null")
            samples[xkitName, default: []].append(served.sample)
            stalls.append(served.longestStall)
            // A person pastes a few seconds after copying; the encoding started at the copy.
            try copyFromXKit()
            try await Task.sleep(nanoseconds: 3_000_000_000)
            samples[laterName, default: []].append(await AsyncChild.run(read, environment: env, stdout: "/dev/null").sample)
            try await copyFromXclip()
            samples[xclipName, default: []].append(await AsyncChild.run(read, environment: env, stdout: "/dev/null").sample)
        }
        Bench.report(samples, order: [xkitName, laterName, xclipName], baseline: xclipName)
        print(String(format: "XKit's main actor, longest stall while serving (median of rounds): %.1f ms", Bench.median(stalls) * 1000))
        _ = try? runProcess(["xclip", "-i", "-selection", "clipboard", "/dev/null"], environment: env)
        return 0
    } catch {
        print("png: \(error)")
        return 1
    }
}

/// A deterministic picture that compresses like a photo: smooth gradients with a little noise.
enum PhotoLikeBitmap {
    static func make(side: Int) -> ImageBitmap? {
        var pixels = [UInt32](repeating: 0, count: side * side)
        var seed: UInt32 = 12345
        for y in 0..<side {
            for x in 0..<side {
                seed = seed &* 1_103_515_245 &+ 12345
                let noise = Int((seed >> 16) & 15) - 8
                let r = clamp(x * 255 / side + noise), g = clamp(y * 255 / side + noise), b = clamp((x + y) * 127 / side + noise)
                pixels[y * side + x] = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            }
        }
        return ImageBitmap(width: side, height: side, pixels: pixels)
    }

    /// Whether the decoded PNG has the bitmap's colours at a grid of sample points.
    static func matches(_ decoded: RGBImage, _ bitmap: ImageBitmap) -> Bool {
        let step = max(1, bitmap.width / 61)
        for y in stride(from: 0, to: bitmap.height, by: step) {
            for x in stride(from: 0, to: bitmap.width, by: step) {
                let want = bitmap.rgba(x: x, y: y), got = decoded.pixel(x: x, y: y)
                if got.r != want.r || got.g != want.g || got.b != want.b { return false }
            }
        }
        return true
    }

    private static func clamp(_ value: Int) -> Int { min(255, max(0, value)) }
}

/// A child process the main actor waits for without blocking, so it can serve the selection the
/// child reads.
enum AsyncChild {
    /// The child's sample, and the longest the main actor went without resuming this loop (what a
    /// user would feel as a frozen window while the child is served).
    @MainActor
    static func run(_ argv: [String], environment: [String: String], stdout path: String) async -> (sample: ProcessSample, longestStall: Double) {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let start = monotonicSeconds()
        guard let pid = Bench.spawnQuietly(argv, environment: env.map { "\($0.key)=\($0.value)" }, stdout: path) else {
            return (ProcessSample(wall: 0, cpu: 0, peakKiB: 0, status: 127), 0)
        }
        var status: Int32 = 0
        var usage = rusage()
        var lastWake = start, longestStall = 0.0
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            try? await Task.sleep(nanoseconds: 250_000)
            let now = monotonicSeconds()
            longestStall = max(longestStall, now - lastWake)
            lastWake = now
        }
        let wall = monotonicSeconds() - start
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        // ru_maxrss of a posix_spawn child is the parent's high-water mark (see Bench.run): not reported.
        return (ProcessSample(wall: wall, cpu: cpu, peakKiB: 0, status: (status >> 8) & 0xFF), longestStall)
    }
}
