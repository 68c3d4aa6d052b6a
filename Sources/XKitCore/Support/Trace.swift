#if canImport(Glibc)
import Glibc
#endif

/// The `XKIT_TRACE=1` facility: one JSON object per line on stderr, so outside tools can follow the app.
public enum Trace {
    /// Whether tracing is on; read once from the environment.
    public static let isEnabled: Bool = {
        guard let value = getenv("XKIT_TRACE") else { return false }
        let s = String(cString: value)
        return !s.isEmpty && s != "0"
    }()

    /// Writes `{"event":name, ...fields}` when tracing is on; `fields` is built only then.
    public static func emit(_ name: String, _ fields: @autoclosure () -> [(String, JSON)] = []) {
        guard isEnabled else { return }
        write(line: JSON.object([("event", .string(name))] + fields()).serialized)
    }

    /// Logs a warning: always to stderr, and as a `warning` trace event.
    public static func warn(_ message: String) {
        if isEnabled {
            write(line: JSON.object([("event", "warning"), ("message", .string(message))]).serialized)
        } else {
            write(line: "xkit: warning: " + message)
        }
    }

    /// Milliseconds since the process started, as the kernel counts it.
    public static func millisecondsSinceProcessStart() -> Int {
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

    private static func write(line: String) {
        var bytes = Array((line + "\n").utf8)
        bytes.withUnsafeMutableBytes { buf in
            var offset = 0
            while offset < buf.count {
                let n = Glibc.write(2, buf.baseAddress.map { $0 + offset }, buf.count - offset)
                if n <= 0 { break }
                offset += n
            }
        }
    }
}
