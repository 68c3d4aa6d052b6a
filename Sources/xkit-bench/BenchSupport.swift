import Foundation
import XKit
import XKitTesting

/// One whole-process run: wall time from spawn to exit, CPU time and peak RSS (wait4's rusage).
struct ProcessSample {
    var wall: Double
    var cpu: Double
    var peakKiB: Int
    var status: Int32
}

/// Shared pieces of the benchmarks: timing child processes, medians, the anchor programs.
enum Bench {
    /// The `key=value` numbers of a result line (keylat's, keydone's, scrolllat's, the text bench's).
    static func fields(_ output: String) -> [String: Double] {
        var result: [String: Double] = [:]
        for token in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = token.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { result[String(parts[0])] = value }
        }
        return result
    }

    /// Runs a command to completion with output discarded; peak RSS comes from GNU time.
    ///
    /// A child started with posix_spawn (vfork) reports the parent's high-water mark in
    /// `ru_maxrss` until it execs, so the benchmark's own memory would leak into every figure;
    /// `/usr/bin/time` forks a small process instead and reports the child's own peak.
    static func run(_ argv: [String], environment: [String: String] = [:]) -> ProcessSample {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-bench-time-\(getpid())").path
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return spawn(argv, environment: environment) }
        var sample = spawn(["/usr/bin/time", "-f", "%M", "-o", report] + argv, environment: environment)
        if let text = try? String(contentsOfFile: report, encoding: .utf8),
           let kib = text.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
            sample.peakKiB = kib
        }
        return sample
    }

    private static func spawn(_ argv: [String], environment: [String: String]) -> ProcessSample {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let start = monotonicSeconds()
        guard let pid = spawnQuietly(argv, environment: env.map { "\($0.key)=\($0.value)" }) else {
            return ProcessSample(wall: 0, cpu: 0, peakKiB: 0, status: 127)
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let wall = monotonicSeconds() - start
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return ProcessSample(wall: wall, cpu: cpu, peakKiB: usage.ru_maxrss, status: (status >> 8) & 0xFF)
    }

    /// Starts `argv` (looked up on PATH) with stdin and stderr on /dev/null and stdout into `stdout`
    /// (truncated); nil when it cannot start.
    static func spawnQuietly(_ argv: [String], environment: [String], stdout: String = "/dev/null") -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        var pid: pid_t = 0
        guard let program = argv.first, posix_spawnp(&pid, program, &actions, nil, cArgs, cEnv) == 0 else { return nil }
        return pid
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// Where ../shared/anchors is: $XKIT_ANCHORS, or beside the package root.
    static func anchorsDirectory() throws -> URL {
        if let env = ProcessInfo.processInfo.environment["XKIT_ANCHORS"] { return URL(fileURLWithPath: env) }
        let root = try PackageRoot.require()
        let candidate = root.deletingLastPathComponent().appendingPathComponent("shared/anchors")
        guard FileManager.default.fileExists(atPath: candidate.path) else {
            throw XKitTestingError("anchors not found at \(candidate.path); set XKIT_ANCHORS")
        }
        return candidate
    }

    /// Compiles an anchor C program with gcc into a temporary folder; nil (with a note) if it fails.
    static func buildAnchor(_ source: String, packages: String) -> String? {
        guard let dir = try? anchorsDirectory() else { return nil }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-anchors")
        try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let binary = out.appendingPathComponent((source as NSString).deletingPathExtension).path
        let flags = (try? runProcess(["pkg-config", "--cflags", "--libs"] + packages.split(separator: " ").map(String.init)))?
            .stdoutString.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init) ?? []
        let result = try? runProcess(["gcc", "-O2", dir.appendingPathComponent(source).path, "-o", binary] + flags, timeout: 120)
        guard result?.succeeded == true else {
            print("note: could not build \(source): \(result?.stderrString.prefix(200) ?? "gcc failed")")
            return nil
        }
        return binary
    }

    /// The executable built next to this benchmark (release), e.g. xkit-demo.
    static func sibling(_ name: String) -> String {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Runs each program `rounds` times, interleaved A B C A B C, after one warm-up each;
    /// a program listed in `capped` stops after that many runs (GTK takes seconds at 10,000 tags).
    static func interleaved(_ programs: [(name: String, argv: [String])], rounds: Int,
                            environment: [String: String], capped: [String: Int] = [:]) -> [String: [ProcessSample]] {
        var samples: [String: [ProcessSample]] = [:]
        for program in programs { _ = run(program.argv, environment: environment) }
        for _ in 0..<rounds {
            for program in programs where samples[program.name, default: []].count < capped[program.name, default: .max] {
                samples[program.name, default: []].append(run(program.argv, environment: environment))
            }
        }
        return samples
    }

    /// Prints a table of medians and each program's wall-time ratio to `baseline` (this ÷ baseline).
    static func report(_ samples: [String: [ProcessSample]], order: [String], baseline: String) {
        let base = median(samples[baseline]?.map(\.wall) ?? [])
        print(pad("program", 30) + pad("wall ms", 10, right: true) + pad("cpu ms", 10, right: true)
              + pad("peak MiB", 10, right: true) + "   ÷ " + baseline)
        for name in order {
            guard let runs = samples[name], !runs.isEmpty else { continue }
            let wall = median(runs.map(\.wall)), cpu = median(runs.map(\.cpu))
            let rss = median(runs.map { Double($0.peakKiB) / 1024 })
            let failures = runs.filter { $0.status != 0 }.count
            print(pad(name, 30) + pad(String(format: "%.1f", wall * 1000), 10, right: true)
                  + pad(String(format: "%.1f", cpu * 1000), 10, right: true) + pad(String(format: "%.1f", rss), 10, right: true)
                  + String(format: "   %.2f", wall / base) + (failures > 0 ? "  (\(failures) failed runs)" : ""))
        }
    }

    /// Pads (or right-aligns) text to a column width.
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? fill + text : text + fill
    }
}
