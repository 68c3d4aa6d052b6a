import Glibc

/// `xkit-bench tags`: XKit's tag scene against the anchors (Xlib+Xft floor, GTK FlowBox, Tk canvas).
///
/// Each program shows N tags in a 600×700 window and exits at its first frame. Runs alternate
/// (A B C D A B C D …) on a private Xvfb after one warm-up each; wall time and peak RSS come from
/// `wait4`'s rusage, and the table gives medians with XKit's ratio to the Tk canvas.
/// Options: `--runs N` (10), `--counts 1000,10000`, `--demo PATH`, `--anchors DIR`, `--no-gtk`.
@MainActor
func runTagsBench(arguments: [String]) -> Int32 {
    var runs = 10
    var counts = [1000, 10000]
    var demo = TagsBenchSupport.siblingExecutable("xkit-demo")
    var anchors = "/work/shared/anchors"
    var withGTK = true
    var i = 0
    while i < arguments.count {
        let arg = arguments[i]
        let value: String? = i + 1 < arguments.count ? arguments[i + 1] : nil
        switch arg {
        case "--runs": runs = value.flatMap { Int($0) } ?? runs; i += 1
        case "--counts": counts = value.map { $0.split(separator: ",").compactMap { Int($0) } } ?? counts; i += 1
        case "--demo": demo = value ?? demo; i += 1
        case "--anchors": anchors = value ?? anchors; i += 1
        case "--no-gtk": withGTK = false
        case "tags": break
        default:
            TagsBenchSupport.print("usage: xkit-bench tags [--runs N] [--counts 1000,10000] [--demo PATH] [--anchors DIR] [--no-gtk]")
            return 2
        }
        i += 1
    }
    guard let server = TagsBenchSupport.startXvfb() else {
        TagsBenchSupport.print("xkit-bench: cannot start Xvfb")
        return 1
    }
    defer { kill(server.pid, SIGTERM); var status: Int32 = 0; waitpid(server.pid, &status, 0) }
    let build = "/tmp/xkit-bench-anchors"
    mkdir(build, 0o755)
    let xftBuilt = TagsBenchSupport.shell("gcc -O2 -o \(build)/tags_xft \(anchors)/tags_xft.c $(pkg-config --cflags --libs x11 xft fontconfig)")
    let gtkBuilt = withGTK && TagsBenchSupport.shell("gcc -O2 -o \(build)/tags_gtk \(anchors)/tags_gtk.c $(pkg-config --cflags --libs gtk+-3.0) 2>/dev/null")
    let hasWish = TagsBenchSupport.shell("command -v wish >/dev/null")

    TagsBenchSupport.print("tags bench: display \(server.display), \(runs) runs each after a warm-up, alternating; medians")
    TagsBenchSupport.print("program                      N      wall ms   cpu ms   peak MiB   xkit/this (wall)")
    var xkitByCount: [Int: TagsBenchSupport.Stats] = [:]
    for n in counts {
        var programs: [(String, [String], [String])] = [
            ("xkit-demo (release)", [demo, "--scene", "tags", "--tags", "\(n)", "--exit-after-first-frame"], []),
        ]
        if xftBuilt { programs.append(("tags_xft floor", ["\(build)/tags_xft", "\(n)"], [])) }
        if hasWish { programs.append(("tk canvas (wish)", ["/usr/bin/env", "wish", "\(anchors)/tags_tk.tcl", "\(n)", "canvas"], [])) }
        if gtkBuilt { programs.append(("gtk flowbox", ["\(build)/tags_gtk", "\(n)"], ["NO_AT_BRIDGE=1"])) }
        var samples = [[TagsBenchSupport.Sample]](repeating: [], count: programs.count)
        for (index, program) in programs.enumerated() {
            _ = TagsBenchSupport.run(program.1, display: server.display, extraEnv: program.2)
            _ = index
        }
        for _ in 0..<runs {
            for (index, program) in programs.enumerated() {
                // GTK takes seconds at 10,000; three of its runs are enough for a median.
                if program.0.hasPrefix("gtk") && samples[index].count >= 3 { continue }
                if let s = TagsBenchSupport.run(program.1, display: server.display, extraEnv: program.2) { samples[index].append(s) }
            }
        }
        let stats = samples.map(TagsBenchSupport.Stats.init)
        xkitByCount[n] = stats.first
        for (index, program) in programs.enumerated() {
            let s = stats[index]
            let ratio = index == 0 || s.wall == 0 ? "" : TagsBenchSupport.fixed(stats[0].wall / s.wall, 3) + "×"
            TagsBenchSupport.print(TagsBenchSupport.pad(program.0, 26) + TagsBenchSupport.pad("\(n)", 7, right: true)
                + TagsBenchSupport.pad(TagsBenchSupport.fixed(s.wall * 1000, 1), 11, right: true)
                + TagsBenchSupport.pad(TagsBenchSupport.fixed(s.cpu * 1000, 1), 9, right: true)
                + TagsBenchSupport.pad(TagsBenchSupport.fixed(s.rssMiB, 1), 11, right: true)
                + "   " + ratio + (s.failures > 0 ? "  (\(s.failures) failed runs)" : ""))
        }
    }
    if counts.count >= 2, let a = xkitByCount[counts[0]], let b = xkitByCount[counts[counts.count - 1]] {
        TagsBenchSupport.print("xkit growth \(counts[0]) → \(counts[counts.count - 1]) tags: wall ×\(TagsBenchSupport.fixed(b.wall / max(a.wall, 1e-9), 2)), "
            + "cpu ×\(TagsBenchSupport.fixed(b.cpu / max(a.cpu, 1e-9), 2)), tags ×\(counts[counts.count - 1] / max(1, counts[0]))")
    }
    return 0
}

/// Process spawning, timing and formatting for the tags bench.
enum TagsBenchSupport {
    struct Sample { var wall: Double; var cpu: Double; var rssKiB: Int; var ok: Bool }

    struct Stats {
        var wall = 0.0, cpu = 0.0, rssMiB = 0.0, failures = 0
        init(_ samples: [Sample]) {
            let good = samples.filter(\.ok)
            failures = samples.count - good.count
            wall = median(good.map(\.wall))
            cpu = median(good.map(\.cpu))
            rssMiB = median(good.map { Double($0.rssKiB) / 1024 })
        }
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Runs a program under GNU time for its peak RSS: a spawned child's `ru_maxrss` starts from the
    /// spawner's own high-water mark (vfork shares our memory until exec), which is ~18 MiB here.
    static func run(_ argv: [String], display: String, extraEnv: [String] = []) -> Sample? {
        let timeTool = "/usr/bin/time"
        guard access(timeTool, X_OK) == 0 else { return spawn(argv, display: display, extraEnv: extraEnv) }
        let report = "/tmp/xkit-bench-rss-\(getpid())"
        guard var sample = spawn([timeTool, "-f", "%M", "-o", report] + argv, display: display, extraEnv: extraEnv) else {
            return nil
        }
        if let file = fopen(report, "r") {
            var buffer = [CChar](repeating: 0, count: 256)
            var last = ""
            while fgets(&buffer, 256, file) != nil {
                let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !line.trimmingNewline.isEmpty { last = line.trimmingNewline }
            }
            fclose(file)
            if let kib = Int(last) { sample.rssKiB = kib }
        }
        unlink(report)
        return sample
    }

    /// Spawns a program and waits for it; wall from spawn to reap, cpu and peak RSS from wait4.
    static func spawn(_ argv: [String], display: String, extraEnv: [String] = []) -> Sample? {
        var env = ProcessEnvironment.current().filter { !$0.hasPrefix("DISPLAY=") && !$0.hasPrefix("XKIT_TRACE=") }
        env.append("DISPLAY=\(display)")
        env += extraEnv
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = now()
        guard posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = now() - start
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        let exitedOK = (status & 0x7F) == 0 && ((status >> 8) & 0xFF) == 0
        return Sample(wall: wall, cpu: cpu, rssKiB: usage.ru_maxrss, ok: exitedOK)
    }

    /// Starts `Xvfb -displayfd` (it picks a free display) with -noreset; nil if it does not come up.
    static func startXvfb() -> (pid: pid_t, display: String)? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 5)
        let argv = ["/usr/bin/Xvfb", "-displayfd", "5", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"]
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, cArgs, environ) == 0 else { return nil }
        close(fds[1])
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = read(fds[0], &buffer, 31)
        close(fds[0])
        guard n > 0 else { return nil }
        let number = String(decoding: buffer.prefix(n), as: UTF8.self).filter(\.isNumber)
        return number.isEmpty ? nil : (pid, ":" + number)
    }

    /// Runs a shell command line; returns whether it exited 0.
    static func shell(_ command: String) -> Bool {
        guard let sample = spawn(["/bin/sh", "-c", command], display: ":0") else { return false }
        return sample.ok
    }

    /// An executable next to this one (release builds keep them together).
    static func siblingExecutable(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return name }
        let exe = String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = exe.lastIndex(of: "/") else { return name }
        return String(exe[..<slash]) + "/" + name
    }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var s = String(rounded)
        if let dot = s.firstIndex(of: ".") {
            let decimals = s.distance(from: dot, to: s.endIndex) - 1
            if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
        }
        return s
    }

    static func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return right ? fill + s : s + fill
    }

    static func print(_ line: String) {
        Swift.print(line)
        fflush(nil)
    }
}

extension String {
    var trimmingNewline: String { String(filter { $0 != "\n" && $0 != "\r" && $0 != " " }) }
}

/// The environment as `KEY=VALUE` strings.
enum ProcessEnvironment {
    static func current() -> [String] {
        var result: [String] = []
        var p = environ
        while let entry = p.pointee {
            result.append(String(cString: entry))
            p += 1
        }
        return result
    }
}
