import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Everything XKitTesting can fail with. The message always says what to do next.
public struct XKitTestingError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A value guarded by a lock; the harness is used from test threads, reader threads and atexit.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock(); defer { lock.unlock() }
        return try body(&value)
    }
}

/// Seconds on a monotonic clock, for deadlines that must not jump with the wall clock.
func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// `kill(pid, sig)`, refused for pids that are not one child: 0 is our own process group, -1
/// every process we may signal, and a negative pid a whole group (use `signalGroup` for that).
@discardableResult
func signalProcess(_ pid: pid_t, _ sig: Int32) -> Bool {
    guard pid > 0 else { return false }
    return kill(pid, sig) == 0
}

/// `kill(-pgid, sig)` for the process group a child leads; refused for 0 and 1 (ourselves, init).
@discardableResult
func signalProcessGroup(_ pgid: pid_t, _ sig: Int32) -> Bool {
    guard pgid > 1 else { return false }
    return kill(-pgid, sig) == 0
}

func sleepSeconds(_ seconds: Double) {
    guard seconds > 0 else { return }
    var ts = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    var remaining = timespec()
    while nanosleep(&ts, &remaining) == -1 && errno == EINTR { ts = remaining }
}

/// Locating the package checkout, to find `assets/` and `.build/`.
public enum PackageRoot {
    /// The directory holding `Package.swift`: `$XKIT_PACKAGE_ROOT` if set, else the first ancestor of
    /// `filePath` (the caller's source file by default), else of the current directory.
    public static func find(from filePath: String = #filePath) -> URL? {
        if let env = ProcessInfo.processInfo.environment["XKIT_PACKAGE_ROOT"], !env.isEmpty {
            return URL(fileURLWithPath: env, isDirectory: true)
        }
        for start in [filePath, FileManager.default.currentDirectoryPath, #filePath] {
            var dir = URL(fileURLWithPath: start).standardizedFileURL
            if !start.hasSuffix("/") && !isDirectory(dir.path) { dir.deleteLastPathComponent() }
            while true {
                if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                    return dir
                }
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        return nil
    }

    /// Like `find`, but throws a helpful error instead of returning nil.
    public static func require(from filePath: String = #filePath) throws -> URL {
        guard let root = find(from: filePath) else {
            throw XKitTestingError("Cannot locate the XKit package root (no Package.swift above \(filePath) or \(FileManager.default.currentDirectoryPath)); set XKIT_PACKAGE_ROOT")
        }
        return root
    }

    /// `assets/NAME` inside the package.
    public static func asset(_ relativePath: String) throws -> URL {
        try require().appendingPathComponent("assets").appendingPathComponent(relativePath)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}

/// Polls `condition` every `interval` seconds until it is true or `timeout` passes; returns the last result.
/// Blocks the calling thread: don't use it on the main thread while in-process XKit code must run there —
/// use the `async` overload instead.
@discardableResult
public func waitUntil(timeout: TimeInterval = 5, interval: TimeInterval = 0.01,
                      _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = monotonicNow() + timeout
    while true {
        if try condition() { return true }
        if monotonicNow() >= deadline { return false }
        sleepSeconds(interval)
    }
}

/// Polls `condition` with `Task.sleep` between tries, so the main actor / main queue keeps running.
@discardableResult
public func waitUntil(timeout: TimeInterval = 5, interval: TimeInterval = 0.01,
                      _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = monotonicNow() + timeout
    while true {
        if try await condition() { return true }
        if monotonicNow() >= deadline { return false }
        try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
    }
}

/// Runs blocking work on a fresh thread (not the cooperative pool) and awaits it, so an `async`
/// test on the main actor stays responsive while, say, `xclip -o` asks the app under test for data.
func offMainThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (cont: CheckedContinuation<T, Error>) in
        let thread = Thread { cont.resume(with: Result { try work() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// Waits on the main actor until `condition` holds, sleeping between checks so the main actor
/// (and an in-process XKit app's event handling) keeps running; false after `timeout`.
///
/// Use this rather than `waitUntil` with a synchronous closure from `@MainActor` tests: that
/// overload sleeps the thread and starves the very work being waited for.
@MainActor
public func eventually(timeout: TimeInterval = 5, _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = monotonicNow() + timeout
    while true {
        if condition() { return true }
        if monotonicNow() > deadline { return false }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
}

/// Whether the tests run under a sanitizer (`make sanitize` sets `XKIT_SANITIZER`).
///
/// A sanitizer multiplies time and memory two- to fivefold, so the time and memory budgets some tests
/// check (a click within 100 ms, peak RSS within 64 MiB) do not apply then; everything else does.
public enum Sanitizer {
    /// True under `make sanitize`.
    public static var isActive: Bool { getenv("XKIT_SANITIZER") != nil }
}
