import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A daemon a test runs beside the app (an XSETTINGS manager, say), killed with its process
/// group when stopped or when the test process ends.
///
/// Use this rather than Foundation's `Process`: the harness reaps its children itself, so
/// `Process.waitUntilExit` would wait forever.
public final class HelperProcess: @unchecked Sendable {
    private let child: ChildProcess
    /// The process id.
    public var pid: pid_t { child.pid }
    /// Whether it is still running.
    public var isRunning: Bool { !child.hasExited }

    /// Starts `argv` (searching PATH) with this process's environment plus `environment`; its
    /// output is discarded.
    public init(_ argv: [String], environment: [String: String] = [:]) throws {
        child = try ChildProcess.spawn(argv, environment: environment, stdin: .null, stdout: .null, stderr: .null)
    }

    deinit { stop() }

    /// Sends a signal (SIGHUP to make a daemon reload its configuration).
    public func signal(_ number: Int32) { kill(child.pid, number) }

    /// SIGTERM, then SIGKILL; reaps it.
    public func stop() { child.terminate(grace: 0.5) }
}
