import Foundation
import XKit

/// Reads CLIPBOARD with `xclip -o` back to back on a thread of its own, so another process keeps
/// the owner serving a big transfer while keys are typed into it.
///
/// Stop it before the owner goes: xclip waits forever for the rest of an INCR transfer whose owner
/// died, so `stop()` kills the read in progress and does not count it.
final class ClipboardReaderLoop: @unchecked Sendable {
    /// One finished read: its wall time and exit status.
    struct Read {
        var seconds: Double
        var status: Int32
    }

    private let lock = NSLock()
    private var stopping = false
    private var current: pid_t = 0
    private var reads: [Read] = []
    private let finished = DispatchSemaphore(value: 0)
    private let environment: [String]

    init(environment: [String: String]) {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        self.environment = env.map { "\($0.key)=\($0.value)" }
    }

    private var started = false

    /// Starts reading until `stop()`.
    func start() {
        started = true
        let thread = Thread { [self] in
            while !lock.withLock({ stopping }) {
                let start = monotonicSeconds()
                guard let status = readOnce() else { break }
                // Until the owner is up, xclip fails at once: don't spin.
                if status != 0 { Thread.sleep(forTimeInterval: 0.05) }
                lock.withLock { if !stopping { reads.append(Read(seconds: monotonicSeconds() - start, status: status)) } }
            }
            finished.signal()
        }
        thread.start()
    }

    /// Kills the read in progress and returns the reads that finished; later calls just return them.
    @discardableResult
    func stop() -> [Read] {
        let wasStopping = lock.withLock {
            let was = stopping
            stopping = true
            if current > 0 { kill(current, SIGKILL) }
            return was
        }
        if !wasStopping && started { finished.wait() }
        return lock.withLock { reads }
    }

    /// Runs one `xclip -o` with its output thrown away; nil when it could not start or we are stopping.
    private func readOnce() -> Int32? {
        // Spawning and recording the pid under the lock, so `stop()` never misses a read just begun.
        let pid: pid_t? = lock.withLock {
            guard !stopping, let pid = Bench.spawnQuietly(["xclip", "-o", "-selection", "clipboard"],
                                                          environment: environment) else { return nil }
            current = pid
            return pid
        }
        guard let pid else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        lock.withLock { current = 0 }
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
