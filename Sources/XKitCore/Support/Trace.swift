#if canImport(Glibc)
import Glibc
#endif

/// The `XKIT_TRACE` facility: one JSON object per line, so outside tools can follow the app.
///
/// `XKIT_TRACE=1` (or `true`, `yes`) traces to stderr; a value holding a `/` is a file to trace to.
/// Trace lines and warnings never block the app: they go through a `LineWriter`, which drops lines
/// a reader does not take in time and reports how many (`{"event":"trace.dropped","count":N}`).
///
/// It is process-wide on purpose, like the stderr it writes to: its output is chosen once from the
/// environment, and the set of warnings already given (`warnOnce`) is a lock-guarded cache. No
/// toolkit service hides here; views reach those through their window.
package enum Trace {
    /// Whether tracing is on; read once from the environment.
    package static var isEnabled: Bool { output.trace != nil }

    /// Writes `{"event":name, ...fields}` when tracing is on; `fields` is built only then.
    package static func emit(_ name: String, _ fields: @autoclosure () -> [(String, JSON)] = []) {
        guard let trace = output.trace else { return }
        trace.write(line: JSON.object([("event", .string(name))] + fields()).serialized)
    }

    /// Logs a warning: to stderr, and as a `warning` trace event when tracing is on.
    package static func warn(_ message: String) {
        let output = output
        if let trace = output.trace {
            trace.write(line: JSON.object([("event", "warning"), ("message", .string(message))]).serialized)
        }
        if output.trace !== output.standardError {
            output.standardError.write(line: "xkit: warning: " + message)
        }
    }

    /// Writes a plain line to stderr without blocking, e.g. a fatal error just before `exit`.
    package static func writeToStandardError(_ line: String) {
        output.standardError.write(line: line)
    }

    /// Logs a warning the first time `key` is seen in this process; later calls with it do nothing.
    package static func warnOnce(_ key: String, _ message: @autoclosure () -> String) {
        if warnedKeys.insert(key) { warn(message()) }
    }

    /// The writers behind the trace and warnings (stderr first), for a run loop to flush.
    package static var writers: [LineWriter] {
        let output = output
        guard let trace = output.trace, trace !== output.standardError else { return [output.standardError] }
        return [output.standardError, trace]
    }

    /// Opens the trace output now, so a bad `XKIT_TRACE` is reported at start-up rather than on first use.
    package static func prepare() { _ = output }

    private static let output: TraceOutput = makeOutput()

    private static func makeOutput() -> TraceOutput {
        StandardStreams.prepare()
        let setting = TraceSetting(environmentValue: getenv("XKIT_TRACE").map { String(cString: $0) })
        // Tracing to stderr shares one writer with warnings, so they keep their order and one bound.
        let standardError = LineWriter(fileDescriptor: 2,
                                       dropReport: setting == .standardError ? jsonDropReport : plainDropReport)
        var trace: LineWriter?
        switch setting {
        case .off: break
        case .standardError: trace = standardError
        case .file(let path):
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
            if fd >= 0 {
                trace = LineWriter(fileDescriptor: fd, dropReport: jsonDropReport)
            } else {
                standardError.write(line: "xkit: warning: cannot open the XKIT_TRACE file \(path): "
                    + String(cString: strerror(errno)) + "; tracing is off")
            }
        case .invalid(let value):
            standardError.write(line: "xkit: warning: XKIT_TRACE=\(JSON.string(value).serialized) is not 1, true, yes "
                + "or a file path (holding a /); tracing is off")
        }
        atexit {
            for writer in Trace.writers { writer.flush(waitingUpTo: 0.2) }
        }
        return TraceOutput(trace: trace, standardError: standardError)
    }

    private static let jsonDropReport: @Sendable (Int) -> String = { count in
        JSON.object([("event", "trace.dropped"), ("count", .int(count))]).serialized
    }

    private static let plainDropReport: @Sendable (Int) -> String = { count in
        "xkit: warning: \(count) lines of output dropped: stderr is not being read"
    }

    private static let warnedKeys = LockedStringSet()

    /// Milliseconds since the process started, as the kernel counts it.
    package static func millisecondsSinceProcessStart() -> Int {
        Int(((monotonicBootSeconds() - processStartSeconds) * 1000).rounded())
    }

    private static let processStartSeconds: Double = {
        // Field 22 of /proc/self/stat is the start time in clock ticks since boot.
        guard let file = fopen("/proc/self/stat", "r") else { return monotonicBootSeconds() }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return monotonicBootSeconds() }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The command name (field 2) may hold spaces, so count fields after its closing parenthesis.
        guard let close = line.lastIndex(of: ")") else { return monotonicBootSeconds() }
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return monotonicBootSeconds() }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }()

    private static func monotonicBootSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// What `XKIT_TRACE` asks for.
package enum TraceSetting: Equatable, Sendable {
    /// Unset, empty, `0`, `false` or `no`.
    case off
    /// `1`, `true` or `yes`: JSON lines on stderr.
    case standardError
    /// A value holding a `/`: JSON lines into that file (truncated at start).
    case file(String)
    /// Anything else; tracing stays off and one warning says why.
    case invalid(String)

    /// Reads a value of `XKIT_TRACE` (nil when unset).
    package init(environmentValue value: String?) {
        switch value {
        case nil, "", "0", "false", "no": self = .off
        case "1", "true", "yes": self = .standardError
        case let path? where path.contains("/"): self = .file(path)
        case let other?: self = .invalid(other)
        }
    }
}

/// Where trace lines and warnings go; `trace` is `standardError` itself when tracing to stderr.
private struct TraceOutput: Sendable {
    let trace: LineWriter?
    let standardError: LineWriter
}

/// A set of strings behind a mutex, for once-only warnings from any thread.
private final class LockedStringSet: @unchecked Sendable {
    private var items: Set<String> = []
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        return m
    }()

    /// Inserts `item`; returns whether it was new.
    func insert(_ item: String) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return items.insert(item).inserted
    }
}
