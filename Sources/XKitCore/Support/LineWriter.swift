#if canImport(Glibc)
import Glibc
#endif

/// Writes whole lines to a file descriptor without ever blocking the caller.
///
/// What the descriptor cannot take at once waits in a bounded buffer; a line that does not fit is
/// dropped and counted, and the count goes out as a line of its own (`dropReport`) once there is room.
/// The buffer drains on the next `write`, whenever `flush()` is called (the X backend calls it when
/// the descriptor becomes writable), and at exit. Thread-safe.
///
/// The descriptor is never switched to O_NONBLOCK: stderr is usually shared with the shell and other
/// processes, which would then see EAGAIN. Instead each write is gated by a zero-timeout `poll` and
/// limited to `PIPE_BUF` bytes, which a pipe that polls writable takes without blocking.
package final class LineWriter: @unchecked Sendable {
    /// The descriptor written to.
    package let fileDescriptor: Int32
    /// The most bytes kept waiting; lines beyond it are dropped.
    package let capacity: Int

    private let dropReport: @Sendable (Int) -> String
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var pending: [UInt8] = []
    private var head = 0
    private var unreportedDrops = 0
    private var totalDrops = 0
    private var isBroken = false
    private var backlogHandler: (@Sendable (LineWriter) -> Void)?
    private let isSocket: Bool

    /// A writer to `fileDescriptor` keeping at most `capacity` bytes waiting; `dropReport(n)` is the
    /// line written after `n` lines were dropped.
    package init(fileDescriptor: Int32, capacity: Int = 1 << 20, dropReport: @escaping @Sendable (Int) -> String) {
        self.fileDescriptor = fileDescriptor
        self.capacity = capacity
        self.dropReport = dropReport
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        var info = stat()
        isSocket = fstat(fileDescriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Lines dropped so far because the reader did not keep up.
    package var droppedLineCount: Int { locked { totalDrops } }

    /// Bytes waiting for the descriptor to become writable.
    package var pendingByteCount: Int { locked { pending.count - head } }

    /// Called, off the lock and from whichever thread wrote, each time bytes start waiting, so a run
    /// loop can call `flush()` once the descriptor is writable.
    package func setBacklogHandler(_ handler: (@Sendable (LineWriter) -> Void)?) {
        let hasBacklog: Bool = locked {
            backlogHandler = handler
            return pending.count > head
        }
        if hasBacklog { handler?(self) }
    }

    /// Queues `line` plus a newline and writes what the descriptor takes now; never blocks.
    package func write(line: String) {
        let handler: (@Sendable (LineWriter) -> Void)? = locked {
            let hadBacklog = pending.count > head
            drainLocked()
            if isBroken { totalDrops += 1; return nil }
            // The line goes in only with the report of earlier drops in front of it, so the reader
            // learns of a gap exactly where it is.
            let report = unreportedDrops > 0 ? dropReport(unreportedDrops).utf8.count + 1 : 0
            if pending.count - head + report + line.utf8.count + 1 > capacity {
                unreportedDrops += 1
                totalDrops += 1
            } else {
                reportDropsLocked()
                pending.append(contentsOf: line.utf8)
                pending.append(10)
                drainLocked()
            }
            return !hadBacklog && pending.count > head ? backlogHandler : nil
        }
        handler?(self)
    }

    /// Writes what the descriptor takes now; returns true when nothing is left waiting.
    @discardableResult
    package func flush() -> Bool {
        locked {
            drainLocked()
            if pending.count == head { reportDropsLocked(); drainLocked() }
            return pending.count == head
        }
    }

    /// Writes what is waiting, waiting up to `seconds` for a slow reader (for the end of the process).
    package func flush(waitingUpTo seconds: Double) {
        let deadline = Self.now() + seconds
        locked {
            while true {
                drainLocked()
                if pending.count == head {
                    reportDropsLocked()
                    drainLocked()
                }
                let remaining = deadline - Self.now()
                if pending.count == head || isBroken || remaining <= 0 { return }
                var pfd = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&pfd, 1, Int32(max(1, min(remaining * 1000, 1000))))
            }
        }
    }

    // MARK: Internals (called with the lock held)

    private func reportDropsLocked() {
        guard unreportedDrops > 0 else { return }
        let report = dropReport(unreportedDrops)
        let length = report.utf8.count + 1
        guard pending.count - head + length <= capacity else { return }
        pending.append(contentsOf: report.utf8)
        pending.append(10)
        unreportedDrops = 0
    }

    /// Writes PIPE_BUF-sized pieces while the descriptor polls writable.
    private func drainLocked() {
        while head < pending.count && !isBroken {
            var pfd = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&pfd, 1, 0)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { break }
            if pfd.revents & Int16(POLLERR | POLLNVAL) != 0 { markBroken(); break }
            let count = min(pending.count - head, Int(PIPE_BUF))
            let written = pending.withUnsafeBytes { bytes -> Int in
                let start = bytes.baseAddress.map { $0 + head }
                return isSocket ? send(fileDescriptor, start, count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                                : Glibc.write(fileDescriptor, start, count)
            }
            if written > 0 {
                head += written
            } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
                if errno == EAGAIN { break }
            } else {
                markBroken()
            }
        }
        if head == pending.count {
            pending.removeAll(keepingCapacity: pending.capacity <= 1 << 16)
            head = 0
        } else if head > 1 << 16 && head * 2 > pending.count {
            pending.removeFirst(head)
            head = 0
        }
    }

    /// The reader is gone (EPIPE) or the descriptor is bad: count what was waiting as dropped.
    private func markBroken() {
        isBroken = true
        totalDrops += pending[head...].reduce(0) { $1 == 10 ? $0 + 1 : $0 }
        pending.removeAll()
        head = 0
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
