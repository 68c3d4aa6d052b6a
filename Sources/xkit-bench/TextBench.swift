import Foundation
import XKit
import XKitTesting

/// `xkit-bench text`: 1 MiB of mixed-script text laid out at 600 px with the real Xft measurer,
/// then 100,000 random-point hit tests, against Pango (`pango_hit --para`) in the same run.
///
/// Each of the `--runs` repetitions (default 5) runs each side in a fresh process, so neither
/// gets warm font caches from an earlier run; medians are printed with the ratios. Options:
/// `--file F` (default: made by gen_text.py), `--world` (gen_text.py's corpus with Arabic, Hebrew,
/// Hindi, Thai and emoji, which need shaping and bidi), `--runs N`, `--hits N`, `--width PX`. Without a
/// DISPLAY it starts a private Xvfb. `--child FILE HITS WIDTH` is one XKit run (used internally).
func runTextBench(arguments: [String]) -> Int32 {
    if arguments.first == "--child" {
        return MainActor.assumeIsolated { TextBenchChild.run(Array(arguments.dropFirst())) }
    }
    var options = TextBenchOptions()
    if let error = options.parse(arguments) {
        Console.error("xkit-bench text: \(error)\n" + TextBenchOptions.usage)
        return 2
    }
    if getenv("DISPLAY") == nil {
        // The harness's private Xvfb sets DISPLAY for this process and its children.
        do { _ = try XvfbServer.shared() } catch {
            Console.error("xkit-bench text: no DISPLAY and Xvfb would not start: \(error)")
            return 1
        }
    }
    return TextBenchDriver(options: options).run()
}

/// The parent side: prepares the text and Pango, runs both sides alternately, prints medians.
struct TextBenchDriver {
    let options: TextBenchOptions
    /// Font size in pixels matching Pango's "Sans 12" at 96 dpi.
    static let pixelSize = 16

    func run() -> Int32 {
        guard let anchors = TextBenchOptions.anchorsDirectory() else {
            Console.error("xkit-bench text: cannot find the anchors (set XKIT_ANCHORS to shared/anchors)")
            return 1
        }
        let work = "/tmp/xkit-bench-text"
        mkdir(work, 0o755)
        let file = options.file ?? work + (options.world ? "/text1m-world.txt" : "/text1m.txt")
        if options.file == nil {
            let made = capture(["python3", anchors + "/gen_text.py", "1048576", file] + (options.world ? ["1", "--world"] : []))
            guard made.status == 0 else { Console.error("xkit-bench text: gen_text.py failed"); return 1 }
        }
        let pango = work + "/pango_hit"
        let built = capture(["sh", "-c", "gcc -O2 -Wall '\(anchors)/pango_hit.c' -o '\(pango)' "
                                          + "$(pkg-config --cflags --libs pangocairo)"])
        guard built.status == 0 else {
            Console.error("xkit-bench text: cannot build pango_hit (apt-get install -y libpango1.0-dev)")
            return 1
        }
        guard let me = TextBenchOptions.executablePath() else { return 1 }
        Console.out("text: \(file), wrapped at \(Int(options.width)) px, \(options.hits) hits, \(options.runs) runs, "
                    + "DISPLAY=\(String(cString: getenv("DISPLAY")))")
        var xkit: [[String: Double]] = [], pangoRuns: [[String: Double]] = []
        for i in 0..<options.runs {
            let ours = capture([me, "text", "--child", file, String(options.hits), String(Int(options.width))])
            let theirs = capture([pango, "--para", file, String(options.hits), String(Int(options.width)), "Sans 12"])
            guard ours.status == 0, theirs.status == 0 else {
                Console.error("xkit-bench text: a run failed:\n\(ours.output)\n\(theirs.output)")
                return 1
            }
            xkit.append(Bench.fields(ours.output))
            pangoRuns.append(Bench.fields(theirs.output))
            Console.out("run \(i + 1): " + ours.output.split(separator: "\n").joined(separator: " ") + "\n       "
                        + theirs.output.split(separator: "\n").joined(separator: " "))
        }
        let layout = median(xkit, "layout_ms"), pangoLayout = median(pangoRuns, "layout_ms")
        let hits = median(xkit, "hits_per_s"), carets = median(xkit, "caret_per_s")
        let pangoHits = median(pangoRuns, "hits_per_s")
        let layoutGoal = options.world ? "0.25" : "0.5", hitGoal = options.world ? "4" : "2"
        Console.out("""
        medians of \(options.runs):
          layout     xkit \(fmt(layout, 1)) ms   pango \(fmt(pangoLayout, 1)) ms   ratio \(fmt(layout / pangoLayout, 3))× (goal ≤ \(layoutGoal)×)
          hit tests  xkit characterIndex \(fmt(hits, 0))/s, caretIndex \(fmt(carets, 0))/s   pango xy_to_index \(fmt(pangoHits, 0))/s
                     ratio \(fmt(hits / pangoHits, 1))× (characterIndex), \(fmt(carets / pangoHits, 1))× (caretIndex) (goal ≥ \(hitGoal)×)
          lines      xkit \(fmt(median(xkit, "lines"), 0))   pango \(fmt(median(pangoRuns, "lines"), 0))
        """)
        return 0
    }

    private func median(_ runs: [[String: Double]], _ key: String) -> Double {
        let values = runs.compactMap { $0[key] }.sorted()
        guard !values.isEmpty else { return .nan }
        return values.count % 2 == 1 ? values[values.count / 2] : (values[values.count / 2 - 1] + values[values.count / 2]) / 2
    }
}

/// The benchmark's command line.
struct TextBenchOptions {
    var file: String?
    var runs = 5
    var hits = 100_000
    var width = 600.0
    /// Generate the world corpus (shaping, bidi, dictionary breaks) rather than the original one.
    var world = false

    static let usage = "usage: xkit-bench text [--file F | --world] [--runs N] [--hits N] [--width PX]"

    mutating func parse(_ arguments: [String]) -> String? {
        var i = 0
        while i < arguments.count {
            let flag = arguments[i]
            if flag == "--world" {
                world = true
                i += 1
                continue
            }
            guard i + 1 < arguments.count else { return "\(flag) needs a value" }
            let value = arguments[i + 1]
            switch flag {
            case "--file": file = value
            case "--runs": guard let n = Int(value), n > 0 else { return "bad --runs" }; runs = n
            case "--hits": guard let n = Int(value), n > 0 else { return "bad --hits" }; hits = n
            case "--width": guard let w = Double(value), w > 0 else { return "bad --width" }; width = w
            default: return "unknown option \(flag)"
            }
            i += 2
        }
        return nil
    }

    /// Where gen_text.py and pango_hit.c are: $XKIT_ANCHORS, ../shared/anchors, or /work/shared/anchors.
    static func anchorsDirectory() -> String? {
        var candidates: [String] = []
        if let env = getenv("XKIT_ANCHORS") { candidates.append(String(cString: env)) }
        candidates += ["../shared/anchors", "/work/shared/anchors"]
        return candidates.first { access($0 + "/pango_hit.c", R_OK) == 0 }
    }

    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// One XKit run in its own process: set-up, layout, then the two hit tests.
@MainActor
enum TextBenchChild {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3, let hits = Int(arguments[1]), let width = Double(arguments[2]) else { return 2 }
        guard let text = try? FileIO.readText(arguments[0]) else {
            Console.error("cannot read \(arguments[0])")
            return 1
        }
        let t0 = monotonicSeconds()
        guard let app = try? Application.start(name: "xkit-bench") else {
            Console.error("cannot open the display")
            return 1
        }
        let font = Font(family: "sans-serif", size: Double(TextBenchDriver.pixelSize) / app.scale)
        // Warm the font and the fallback fonts of every script, as pango_hit does.
        _ = TextLayout(AttributedText("warm П コ 복 ạ", font: font), maxWidth: width, measurer: app.platform.textMeasurer)
        let t1 = monotonicSeconds()
        let layout = TextLayout(AttributedText(text, font: font), maxWidth: width, measurer: app.platform.textMeasurer)
        let t2 = monotonicSeconds()
        var random = BenchRandom(seed: 42)
        let size = layout.size
        var inside = 0, sum = 0
        for _ in 0..<hits {
            let p = Point(x: random.unit() * size.width, y: random.unit() * size.height)
            if let index = layout.characterIndex(at: p) {
                inside += 1
                sum &+= text.utf8.distance(from: text.utf8.startIndex, to: index)
            }
        }
        let t3 = monotonicSeconds()
        random = BenchRandom(seed: 42)
        for _ in 0..<hits {
            let p = Point(x: random.unit() * size.width, y: random.unit() * size.height)
            sum &+= Int(layout.caretIndex(at: p).fraction * 8)
        }
        let t4 = monotonicSeconds()
        Console.out("xkit bytes=\(text.utf8.count) lines=\(layout.lineCount) height_px=\(Int(size.height)) "
                    + "setup_ms=\(fmt((t1 - t0) * 1000, 2)) layout_ms=\(fmt((t2 - t1) * 1000, 2)) "
                    + "hits_per_s=\(fmt(Double(hits) / (t3 - t2), 0)) caret_per_s=\(fmt(Double(hits) / (t4 - t3), 0)) "
                    + "inside=\(inside) sum=\(sum)")
        return 0
    }
}

/// A seeded generator, so every run tests the same points.
struct BenchRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func unit() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
}

/// Runs a program to completion and returns its exit status and standard output.
private func capture(_ argv: [String]) -> (status: Int32, output: String) {
    guard let result = try? runProcess(argv, timeout: 600) else { return (-1, "") }
    return (result.status, result.stdoutString)
}
