#if canImport(Glibc)
import Glibc
#endif

/// Process-wide set-up of the standard streams that must happen before XKit opens anything.
package enum StandardStreams {
    /// Opens `/dev/null` onto any of fds 0, 1 and 2 that is closed, and ignores SIGPIPE; idempotent.
    ///
    /// A process started with `2>&-` would otherwise get its X connection (or trace file) as fd 2,
    /// and every later write to "stderr" would go into the X protocol stream, while code that
    /// redirects stderr (a daemon detaching from its terminal) would cut the connection. SIGPIPE is
    /// ignored so a reader that closes our stderr or stdout pipe makes `write` fail with EPIPE
    /// instead of killing the app.
    package static func prepare() {
        _ = prepared
    }

    private static let prepared: Void = {
        openClosedStandardDescriptors()
        signal(SIGPIPE, SIG_IGN)
    }()

    /// Opens `/dev/null` onto each of fds 0, 1 and 2 that is closed; safe to call again (e.g. after a fork).
    package static func openClosedStandardDescriptors() {
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // open() returns the lowest free descriptor, which is `fd` when the lower ones are open.
            let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != fd {
                dup2(null, fd)
                close(null)
            }
        }
    }
}
