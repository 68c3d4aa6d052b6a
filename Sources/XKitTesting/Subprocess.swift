import Foundation
import XKit
#if canImport(Glibc)
import Glibc
#endif

/// The outcome of `runProcess`.
public struct ProcessResult: Sendable, CustomStringConvertible {
    /// The exit code; 128 + signal when killed by a signal; -1 if it could not be reaped.
    public var status: Int32
    /// The terminating signal, if any.
    public var signal: Int32?
    public var stdout: Data
    public var stderr: Data
    /// Whether the deadline passed and the process was killed.
    public var timedOut: Bool
    /// The child's peak resident set size in KiB (from wait4), or nil if unknown.
    public var maxResidentKiB: Int? = nil

    public var succeeded: Bool { status == 0 && !timedOut }
    public var stdoutString: String { String(decoding: stdout, as: UTF8.self) }
    public var stderrString: String { String(decoding: stderr, as: UTF8.self) }
    public var description: String {
        "status \(status)\(timedOut ? " (timed out)" : "") stdout \(stdout.count) bytes, stderr: \(stderrString.prefix(500))"
    }
}

/// Where a child's standard stream goes.
enum Redirect {
    case pipe, null, inherit
    case file(String)
    /// A descriptor of the caller's (e.g. one end of a pipe the test holds), duplicated onto the stream.
    case descriptor(Int32)
}

/// A spawned child in its own process group. All children are killed at process exit.
final class ChildProcess: @unchecked Sendable {
    let pid: pid_t
    let argv: [String]
    /// Parent ends of the pipes (non-CLOEXEC-leaking: all opened with O_CLOEXEC), or -1.
    var stdinFD: Int32
    var stdoutFD: Int32
    var stderrFD: Int32
    private let state = Locked<(exited: Bool, status: Int32, signal: Int32?, maxRSS: Int?)>((false, -1, nil, nil))

    private init(pid: pid_t, argv: [String], stdinFD: Int32, stdoutFD: Int32, stderrFD: Int32) {
        self.pid = pid; self.argv = argv
        self.stdinFD = stdinFD; self.stdoutFD = stdoutFD; self.stderrFD = stderrFD
    }

    /// Spawns `argv` (searching PATH) in `ChildEnvironment.make(environment)`: never the host's
    /// `XKIT_*` or locale settings, which would change what the child does under test.
    static func spawn(_ argv: [String], environment: [String: String] = [:],
                      stdin: Redirect = .null, stdout: Redirect = .pipe, stderr: Redirect = .pipe,
                      extraStdinFD: Int32? = nil) throws -> ChildProcess {
        precondition(!argv.isEmpty)
        ignoreSIGPIPE
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        var parentEnds: [Int32] = [-1, -1, -1]
        var childEnds: [Int32] = []
        defer { childEnds.forEach { close($0) } }

        for (target, redirect) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch redirect {
            case .inherit: break
            case .null:
                posix_spawn_file_actions_addopen(&fileActions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let fd):
                posix_spawn_file_actions_adddup2(&fileActions, fd, target)
            case .file(let path):
                posix_spawn_file_actions_addopen(&fileActions, target, path,
                                                 target == 0 ? O_RDONLY : (O_WRONLY | O_CREAT | O_APPEND), 0o644)
            case .pipe:
                let fds: (read: Int32, write: Int32)
                do { fds = try makeCloexecPipe() } catch {
                    parentEnds.filter { $0 >= 0 }.forEach { close($0) }
                    throw error
                }
                let (childEnd, parentEnd) = target == 0 ? (fds.read, fds.write) : (fds.write, fds.read)
                childEnds.append(childEnd)
                parentEnds[Int(target)] = parentEnd
                // dup2 clears FD_CLOEXEC on the target descriptor.
                posix_spawn_file_actions_adddup2(&fileActions, childEnd, target)
                if target != 0 { _ = fcntl(parentEnd, 1031 /* F_SETPIPE_SZ */, 1 << 20) }
            }
        }
        if let extra = extraStdinFD {
            posix_spawn_file_actions_adddup2(&fileActions, extra, 0)
        }
        // Close every other descriptor in the child (X connections, other tests' pipes...).
        if let closeFrom = addCloseFrom { _ = closeFrom(&fileActions, 3) }

        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var emptySet = sigset_t()
        sigemptyset(&emptySet)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigmask(&attr, &emptySet)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        // Own process group, so `terminate` reaches grandchildren too (shell wrappers, forking tools).
        posix_spawnattr_setpgroup(&attr, 0)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let env = ChildEnvironment.make(environment)
        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cArgv.forEach { free($0) }; cEnv.forEach { free($0) } }

        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, argv[0], &fileActions, &attr, cArgv, cEnv)
        guard rc == 0 else {
            parentEnds.filter { $0 >= 0 }.forEach { close($0) }
            throw XKitTestingError("cannot start \(argv[0]): \(String(cString: strerror(rc)))")
        }
        let child = ChildProcess(pid: pid, argv: argv, stdinFD: parentEnds[0], stdoutFD: parentEnds[1], stderrFD: parentEnds[2])
        liveChildren.withLock { $0[pid] = true }
        return child
    }

    /// Reaps without blocking; returns true once the child has exited.
    @discardableResult
    func poll() -> Bool {
        state.withLock { st in
            if st.exited { return true }
            var status: Int32 = 0
            var usage = rusage()
            let r = wait4(pid, &status, WNOHANG, &usage)
            if r == pid {
                st.exited = true
                st.maxRSS = usage.ru_maxrss
                if status & 0x7f == 0 { st.status = (status >> 8) & 0xff } else {
                    st.signal = status & 0x7f; st.status = 128 + (status & 0x7f)
                }
                liveChildren.withLock { _ = $0.removeValue(forKey: pid) }
                return true
            }
            if r == -1 && errno == ECHILD { st.exited = true; return true }
            return false
        }
    }

    var hasExited: Bool { poll() }
    var exitStatus: Int32? { poll() ? state.withLock { $0.status } : nil }
    var terminationSignal: Int32? { poll() ? state.withLock { $0.signal } : nil }
    /// Peak resident memory in KiB, once exited.
    var maxResidentKiB: Int? { poll() ? state.withLock { $0.maxRSS } : nil }

    /// Waits up to `timeout` seconds for exit; returns the status or nil.
    func wait(timeout: Double) -> Int32? {
        let deadline = monotonicNow() + timeout
        while !poll() {
            if monotonicNow() >= deadline { return nil }
            sleepSeconds(0.002)
        }
        return exitStatus
    }

    /// Sends `sig` to the child's whole process group.
    func signalGroup(_ sig: Int32) {
        // Also after exit: stragglers may remain in the group.
        signalProcessGroup(pid, sig)
    }

    /// SIGTERM, then SIGKILL after `grace` seconds; always reaps.
    @discardableResult
    func terminate(grace: Double = 1) -> Int32 {
        if !poll() {
            signalGroup(SIGTERM)
            if wait(timeout: grace) == nil {
                signalGroup(SIGKILL)
                _ = wait(timeout: 5)
            }
        }
        signalProcessGroup(pid, SIGKILL) // anything the child left behind in its group
        return exitStatus ?? -1
    }

    func closeStdin() { if stdinFD >= 0 { close(stdinFD); stdinFD = -1 } }
    func closeAll() {
        closeStdin()
        if stdoutFD >= 0 { close(stdoutFD); stdoutFD = -1 }
        if stderrFD >= 0 { close(stderrFD); stderrFD = -1 }
    }
}

/// The explicit environment test children run in.
public enum ChildEnvironment {
    /// Host variables children may see: where programs and home are, the test display and fonts
    /// (which `XvfbServer.shared()` puts in this process's environment), and the sanitizers' options,
    /// so an app launched by a test under `make sanitize` reads the same suppressions as the test.
    public static let passedThrough = ["PATH", "HOME", "USER", "LOGNAME", "TMPDIR", "DISPLAY", "FONTCONFIG_FILE",
                                       "ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"]

    /// `passedThrough` from the host, `LANG=C.UTF-8`, then `overrides`. Nothing else: no `XKIT_*`,
    /// no `LC_*`, no input-method or session variables unless a test passes them.
    public static func make(_ overrides: [String: String] = [:]) -> [String: String] {
        var env: [String: String] = ["LANG": "C.UTF-8", "PATH": "/usr/local/bin:/usr/bin:/bin"]
        // getenv, not ProcessInfo: the values XvfbServer sets with setenv must be seen at once.
        for name in passedThrough { if let value = getenv(name) { env[name] = String(cString: value) } }
        // `make sanitize` checks leaks in the apps the tests launch, not in the test runner (see sanitize.sh).
        if let value = getenv("XKIT_CHILD_ASAN_OPTIONS") { env["ASAN_OPTIONS"] = String(cString: value) }
        for (key, value) in overrides { env[key] = value }
        return env
    }
}

/// Children still running, killed (by process group) when the test process exits.
let liveChildren: Locked<[pid_t: Bool]> = {
    let registry = Locked<[pid_t: Bool]>([:])
    atexit {
        let pids = liveChildren.withLock { Array($0.keys) }
        for pid in pids { signalProcessGroup(pid, SIGKILL) }
        for pid in pids { var st: Int32 = 0; waitpid(pid, &st, 0) }
    }
    return registry
}()

private let ignoreSIGPIPE: Void = { signal(SIGPIPE, SIG_IGN); return () }()

/// glibc's `posix_spawn_file_actions_addclosefrom_np` is behind _GNU_SOURCE, so look it up at run time.
private let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    guard let sym = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(sym, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
}()

/// Runs `argv` to completion with `stdin` fed in, reading stdout and stderr concurrently (one poll loop),
/// so multi-megabyte outputs never deadlock. Kills the process group after `timeout` seconds.
/// Blocking; see `runProcessAsync` for main-actor tests.
public func runProcess(_ argv: [String], stdin: Data? = nil, timeout: TimeInterval = 10,
                       environment: [String: String] = [:]) throws -> ProcessResult {
    let child = try ChildProcess.spawn(argv, environment: environment,
                                       stdin: stdin == nil ? .null : .pipe, stdout: .pipe, stderr: .pipe)
    defer { child.closeAll() }
    var out = [UInt8](), err = [UInt8]()
    out.reserveCapacity(1 << 16)
    let input = stdin.map { [UInt8]($0) } ?? []
    var inputOffset = 0
    if child.stdinFD >= 0 {
        _ = fcntl(child.stdinFD, F_SETFL, fcntl(child.stdinFD, F_GETFL) | O_NONBLOCK)
        if input.isEmpty { child.closeStdin() }
    }
    let deadline = monotonicNow() + timeout
    var exitedAt: Double?
    var timedOut = false
    var buffer = [UInt8](repeating: 0, count: 1 << 20)

    while true {
        if exitedAt == nil && child.poll() { exitedAt = monotonicNow() }
        let openOutputs = (child.stdoutFD >= 0 ? 1 : 0) + (child.stderrFD >= 0 ? 1 : 0)
        if let exited = exitedAt {
            // Normally the pipes hit EOF right after exit; a forked grandchild may keep them open.
            if openOutputs == 0 || monotonicNow() - exited > 0.5 { break }
        }
        if monotonicNow() >= deadline {
            timedOut = true
            child.terminate(grace: 0.5)
            break
        }
        var fds: [pollfd] = []
        if child.stdoutFD >= 0 { fds.append(pollfd(fd: child.stdoutFD, events: Int16(POLLIN), revents: 0)) }
        if child.stderrFD >= 0 { fds.append(pollfd(fd: child.stderrFD, events: Int16(POLLIN), revents: 0)) }
        if child.stdinFD >= 0 { fds.append(pollfd(fd: child.stdinFD, events: Int16(POLLOUT), revents: 0)) }
        if fds.isEmpty { sleepSeconds(0.002); continue }
        let n = Glibc.poll(&fds, nfds_t(fds.count), 20)
        if n < 0 && errno != EINTR { break }
        if n <= 0 { continue }
        for pfd in fds where pfd.revents != 0 {
            if pfd.fd == child.stdinFD {
                if pfd.revents & Int16(POLLOUT) != 0 {
                    let written = input.withUnsafeBytes { raw in
                        write(pfd.fd, raw.baseAddress! + inputOffset, min(input.count - inputOffset, 1 << 20))
                    }
                    if written > 0 { inputOffset += written }
                    if inputOffset >= input.count || (written < 0 && errno != EAGAIN && errno != EINTR) {
                        child.closeStdin()
                    }
                } else {
                    child.closeStdin() // POLLERR/POLLHUP: the reader went away
                }
                continue
            }
            let got = buffer.withUnsafeMutableBytes { read(pfd.fd, $0.baseAddress!, $0.count) }
            if got > 0 {
                if pfd.fd == child.stdoutFD { out.append(contentsOf: buffer[0..<got]) } else { err.append(contentsOf: buffer[0..<got]) }
            } else if got == 0 || (errno != EINTR && errno != EAGAIN) {
                if pfd.fd == child.stdoutFD { close(child.stdoutFD); child.stdoutFD = -1 } else { close(child.stderrFD); child.stderrFD = -1 }
            }
        }
    }
    let status = child.wait(timeout: 5) ?? {
        child.terminate(grace: 0.2)
        return child.exitStatus ?? -1
    }()
    return ProcessResult(status: status, signal: child.terminationSignal, stdout: Data(out), stderr: Data(err),
                         timedOut: timedOut, maxResidentKiB: child.maxResidentKiB)
}

/// `runProcess` on a separate thread, so the caller's actor (e.g. the main actor serving X selections
/// for in-process XKit code) keeps running while the child talks to it.
public func runProcessAsync(_ argv: [String], stdin: Data? = nil, timeout: TimeInterval = 10,
                            environment: [String: String] = [:]) async throws -> ProcessResult {
    try await offMainThread { try runProcess(argv, stdin: stdin, timeout: timeout, environment: environment) }
}

/// Whether an executable named `name` is on PATH.
public func findExecutable(_ name: String) -> String? {
    if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for dir in path.split(separator: ":") {
        let candidate = "\(dir)/\(name)"
        if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
}

/// `pipe2(fds, O_CLOEXEC)`; glibc hides `pipe2` behind _GNU_SOURCE, so it is looked up at run time.
func makeCloexecPipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    let ok: Bool
    if let pipe2 = pipe2Function {
        ok = pipe2(&fds, O_CLOEXEC) == 0
    } else {
        ok = pipe(&fds) == 0
        if ok { fds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) } }
    }
    guard ok else { throw XKitTestingError("pipe failed: \(String(cString: strerror(errno)))") }
    return (fds[0], fds[1])
}

private let pipe2Function: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? = {
    guard let sym = dlsym(nil, "pipe2") else { return nil }
    return unsafeBitCast(sym, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
}()
