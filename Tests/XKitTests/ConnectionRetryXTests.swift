import Foundation
import Synchronization
import Testing
import XKitTesting

/// A server socket that exists but drops connections: the app retries a few times, then says why it
/// could not connect; one dropped connection before a good one costs a warning, not the launch.
@Suite(.serialized)
struct ConnectionRetryXTests {
    @Test func aServerThatDropsEveryConnectionIsTriedFourTimesThenNamed() throws {
        _ = try XvfbServer.shared()
        let server = try DroppingDisplayServer(dropFirst: .max, relayTo: nil)
        defer { server.stop() }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"], environment: ["DISPLAY": server.display])
        let status = app.waitForExit(timeout: 10)
        #expect(status == 1)
        let stderr = app.otherStderrLines.joined(separator: "\n")
        #expect(stderr.contains("cannot connect to the X display \"\(server.display)\""), "\(stderr)")
        #expect(stderr.contains("(tried 4 times)"), "\(stderr)")
        #expect(server.accepted == 4, "one connection per try")
    }

    @Test
    func oneDroppedConnectionBeforeAGoodOneIsRetriedWithAWarning() throws {
        let xvfb = try XvfbServer.shared()
        let target = try #require(DroppingDisplayServer.socketPath(for: xvfb.display))
        let server = try DroppingDisplayServer(dropFirst: 1, relayTo: target)
        defer { server.stop() }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"], environment: ["DISPLAY": server.display])
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped", timeout: 15)
        let warning = try app.waitForEvent(named: "warning") { ($0.string("message") ?? "").contains("connecting to the X display") }
        #expect((warning.string("message") ?? "").contains("worked on try 2"))
        #expect(server.accepted == 2)
    }
}

/// A Unix socket at `/tmp/.X11-unix/X<n>` that closes its first `dropFirst` connections at once and
/// relays later ones to `relayTo` (a real server's socket), byte for byte, on threads of its own.
final class DroppingDisplayServer: @unchecked Sendable {
    let display: String
    private let path: String
    private let listener: Int32
    private let dropFirst: Int
    private let relayTo: String?
    private let count = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    private var acceptThread: Thread?

    var accepted: Int { count.load(ordering: .relaxed) }

    /// The filesystem socket of a local display such as ":12".
    static func socketPath(for display: String) -> String? {
        guard let colon = display.lastIndex(of: ":") else { return nil }
        let number = display[display.index(after: colon)...].prefix { $0.isNumber }
        return number.isEmpty ? nil : "/tmp/.X11-unix/X\(number)"
    }

    init(dropFirst: Int, relayTo: String?) throws {
        self.dropFirst = dropFirst
        self.relayTo = relayTo
        mkdir("/tmp/.X11-unix", 0o1777)
        // A display number nobody uses: no socket file and no lock file.
        var number = 4000 + Int(getpid() % 2000)
        while access("/tmp/.X11-unix/X\(number)", F_OK) == 0 || access("/tmp/.X\(number)-lock", F_OK) == 0 { number += 1 }
        display = ":\(number)"
        path = "/tmp/.X11-unix/X\(number)"
        listener = try Self.listen(at: path)
        let thread = Thread { [self] in acceptLoop() }
        acceptThread = thread
        thread.start()
    }

    func stop() {
        stopped.store(true, ordering: .relaxed)
        unlink(path)
        // The accept loop polls with a timeout, so it notices the flag; the listener closes after it.
        while !(acceptThread?.isFinished ?? true) { usleep(10_000) }
        close(listener)
    }

    /// A Unix socket address for `path` (cut to what `sun_path` holds, NUL-terminated).
    private static func unixAddress(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    private static func listen(at path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw XKitTestingError("socket: \(String(cString: strerror(errno)))") }
        var address = unixAddress(path)
        unlink(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, Glibc.listen(fd, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw XKitTestingError("cannot listen at \(path): \(reason)")
        }
        return fd
    }

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let n = count.add(1, ordering: .relaxed).newValue
            guard n > dropFirst, let relayTo, let upstream = try? Self.connect(to: relayTo) else {
                close(client)
                continue
            }
            relay(client, upstream)
        }
    }

    private static func connect(to path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = unixAddress(path)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard fd >= 0, status == 0 else {
            close(fd)
            throw XKitTestingError("cannot connect to \(path)")
        }
        return fd
    }

    /// Copies bytes both ways until either side closes.
    ///
    /// A read or write a signal interrupts (EINTR: this process has children that exit) is tried again.
    private func relay(_ a: Int32, _ b: Int32) {
        let pumps = [(a, b), (b, a)].map { from, to in
            Thread {
                var buffer = [UInt8](repeating: 0, count: 65536)
                pumping: while true {
                    let n = read(from, &buffer, buffer.count)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { break }
                    var sent = 0
                    while sent < n {
                        let w = buffer[sent..<n].withUnsafeBytes { write(to, $0.baseAddress, $0.count) }
                        if w < 0 && errno == EINTR { continue }
                        guard w > 0 else { break pumping }
                        sent += w
                    }
                }
                shutdown(to, Int32(SHUT_WR))
            }
        }
        pumps.forEach { $0.start() }
    }
}
