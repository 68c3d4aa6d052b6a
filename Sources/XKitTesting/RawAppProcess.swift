import Foundation
import XKit
#if canImport(Glibc)
import Glibc
#endif

/// A pipe for a child's output that the test reads only when it chooses to, so it can play a reader
/// that stalls (optionally with the pipe already full) or goes away.
public final class StalledPipe: @unchecked Sendable {
    /// The end the child writes to; closed in this process once the child holds it.
    public private(set) var writeFD: Int32
    /// The end the test reads from, or -1 once closed.
    public private(set) var readFD: Int32
    /// Bytes written to fill the pipe.
    public private(set) var prefilledBytes = 0

    /// A new pipe; with `full`, filled to capacity so the next write to it would block.
    public init(full: Bool) throws {
        let fds = try makeCloexecPipe()
        readFD = fds.read
        writeFD = fds.write
        if full { prefilledBytes = fill(writeFD) }
    }

    deinit {
        closeWriteEnd()
        closeReadEnd()
    }

    /// Reads whatever is in the pipe now, without waiting.
    public func drain() -> Data {
        guard readFD >= 0 else { return Data() }
        let flags = fcntl(readFD, F_GETFL)
        _ = fcntl(readFD, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(readFD, F_SETFL, flags) }
        var out = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if n > 0 { out.append(contentsOf: buffer[0..<n]) } else if n < 0 && errno == EINTR { continue } else { break }
        }
        return out
    }

    /// Closes the reading end: the child's next write gets EPIPE (or SIGPIPE, if it does not ignore it).
    public func closeReadEnd() {
        if readFD >= 0 { close(readFD); readFD = -1 }
    }

    /// Closes this process's copy of the writing end (after the child has inherited it).
    public func closeWriteEnd() {
        if writeFD >= 0 { close(writeFD); writeFD = -1 }
    }

    private func fill(_ fd: Int32) -> Int {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        let chunk = [UInt8](repeating: UInt8(ascii: "#"), count: 4096)
        var total = 0
        while true {
            let n = chunk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n > 0 { total += n } else if n < 0 && errno == EINTR { continue } else { break }
        }
        // A pipe that holds less than a page still takes single bytes.
        var byte = UInt8(ascii: "#")
        while write(fd, &byte, 1) == 1 { total += 1 }
        return total
    }
}

/// An XKit executable run on the test display with stderr on a descriptor the test chooses and no
/// trace reader: for tests of how the app copes with its stderr, seen through X instead of the trace.
public final class RawAppProcess: @unchecked Sendable {
    private let child: ChildProcess
    public var pid: pid_t { child.pid }
    public var isRunning: Bool { !child.hasExited }
    public var exitStatus: Int32? { child.exitStatus }
    /// The signal that ended the process, if one did.
    public var terminationSignal: Int32? { child.terminationSignal }

    /// Launches `executable` (a name resolved like `AppProcess`, or a path) with stdout to /dev/null,
    /// stderr duplicated from `stderrFD`, and the test display's environment plus `environment`.
    public init(_ executable: String, arguments: [String] = [], environment: [String: String] = [:],
                stderrFD: Int32) throws {
        let path = executable.contains("/") ? executable : try AppProcess.executableURL(named: executable).path
        var env = try XvfbServer.shared().environment
        if ProcessInfo.processInfo.environment["LANG"] == nil && ProcessInfo.processInfo.environment["LC_ALL"] == nil {
            env["LANG"] = "C.UTF-8"
        }
        for (key, value) in environment { env[key] = value }
        child = try ChildProcess.spawn([path] + arguments, environment: env, stdin: .null, stdout: .null,
                                       stderr: .descriptor(stderrFD))
    }

    deinit { terminate() }

    /// Waits up to `timeout` for the app to exit by itself; returns its status.
    @discardableResult
    public func waitForExit(timeout: TimeInterval = 10) -> Int32? { child.wait(timeout: timeout) }

    /// SIGTERM, then SIGKILL after `grace` seconds. Idempotent.
    @discardableResult
    public func terminate(grace: TimeInterval = 2) -> Int32 { child.terminate(grace: grace) }
}
