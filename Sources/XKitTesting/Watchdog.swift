import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A helper process (Xvfb, a window manager) that dies with the test process.
///
/// It runs under a tiny `sh` watchdog whose stdin is a pipe held open only by this process: when the
/// test process ends in any way (exit, crash, SIGKILL), the pipe reaches EOF and the watchdog kills
/// the helper. (`PR_SET_PDEATHSIG` would fire when the *thread* that spawned it exits, and Swift's
/// concurrency pool may retire that thread — so a pipe is the robust choice.)
/// The watchdog prints `pid N` first on its stdout, then whatever the helper writes there.
final class Watchdog: Sendable {
    let shell: ChildProcess
    private let writeFD: Int32

    /// Starts `argv` under a watchdog. `helperStdoutToStderr` sends the helper's own stdout to the
    /// watchdog's stderr, leaving only the `pid` line on the pipe.
    init(_ argv: [String], environment: [String: String], stdout: Redirect, stderr: Redirect,
         helperStdoutToStderr: Bool = false) throws {
        let (watchRead, watchWrite) = try makeCloexecPipe()
        let script = """
        "$@" </dev/null \(helperStdoutToStderr ? ">&2" : "") &
        x=$!
        echo "pid $x"
        cat >/dev/null
        kill -TERM $x 2>/dev/null
        i=0
        while kill -0 $x 2>/dev/null && [ $i -lt 40 ]; do sleep 0.05; i=$((i+1)); done
        kill -KILL $x 2>/dev/null
        wait $x 2>/dev/null
        """
        do {
            shell = try ChildProcess.spawn(["/bin/sh", "-c", script, "xkit-watchdog"] + argv, environment: environment,
                                           stdin: .inherit, stdout: stdout, stderr: stderr, extraStdinFD: watchRead)
        } catch {
            close(watchRead); close(watchWrite)
            throw error
        }
        close(watchRead)
        writeFD = watchWrite
    }

    /// Closes the pipe: the watchdog kills the helper (TERM, then KILL after 2 s) and exits.
    /// Waits up to `timeout` for it; idempotent.
    func stop(helper pid: pid_t?, timeout: TimeInterval = 3) {
        close(writeFD)
        if let pid { signalProcess(pid, SIGTERM) }
        if shell.wait(timeout: timeout) == nil { shell.terminate(grace: 0.5) }
        if let pid { signalProcess(pid, SIGKILL) } // the watchdog's child; already gone in the normal case
    }

    /// Reads the watchdog's stdout until every wanted line arrived or `timeout` passed.
    /// `accept` sees each complete line and returns true once it has all it needs.
    func readLines(timeout: TimeInterval, _ accept: (String) -> Bool) -> String {
        var text = ""
        let deadline = monotonicNow() + timeout
        var buffer = [UInt8](repeating: 0, count: 256)
        var consumed = 0
        while monotonicNow() < deadline && shell.stdoutFD >= 0 {
            var pfd = pollfd(fd: shell.stdoutFD, events: Int16(POLLIN), revents: 0)
            if Glibc.poll(&pfd, 1, 50) <= 0 {
                if shell.hasExited { break }
                continue
            }
            let n = buffer.withUnsafeMutableBytes { read(shell.stdoutFD, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            text += String(decoding: buffer[0..<n], as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            for line in lines.dropFirst(consumed) where accept(line.trimmingCharacters(in: .whitespaces)) {
                return text
            }
            consumed = lines.count
        }
        return text
    }
}
