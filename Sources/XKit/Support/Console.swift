import Glibc

/// Writes to stdout and stderr without touching C's shared `FILE*` globals (which Swift 6 flags).
package enum Console {
    /// Writes a line to standard output.
    package static func out(_ text: String) { write(fd: 1, text + "\n") }
    /// Writes a line to standard error.
    package static func error(_ text: String) { write(fd: 2, text + "\n") }

    /// Writes raw bytes to a file descriptor, retrying short writes.
    package static func write(fd: Int32, bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                offset += n
            }
        }
    }

    private static func write(fd: Int32, _ text: String) { write(fd: fd, bytes: Array(text.utf8)) }
}
