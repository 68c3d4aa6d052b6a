// Test support for the selection tests: a raw second X client, child processes (xclip, xsel,
// xkit-clip) and deterministic mixed-script text, on the harness's shared Xvfb.
import CX11
import CXTest
import Dispatch
import Foundation
import Glibc
import Testing
@testable import XKit
import XKitTesting

/// The test display all selection tests share: the harness's private Xvfb.
enum PrivateDisplay {
    private static let started: String = {
        // libX11 1.8 makes connections thread-safe by default; raw clients run on background threads.
        XInitThreads()
        do {
            return try XvfbServer.shared().display
        } catch {
            fatalError("cannot start the test Xvfb: \(error)")
        }
    }()

    /// Starts Xvfb (once), points DISPLAY at it, and starts the XKit application on it.
    @MainActor
    static func application() throws -> Application {
        _ = started
        return try Application.start(name: "selection-tests")
    }

    static var name: String { started }
}

/// Runs blocking work (a raw client, a child process) off the main actor, so XKit's loop keeps serving.
func offMain<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: body()) }
    }
}

/// Sleeps on the main actor without blocking the event loop.
func pause(_ seconds: Double) async {
    try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
}

/// A second X client on its own connection, speaking the selection protocol by hand.
final class RawClient: @unchecked Sendable {
    let display: OpaquePointer
    let window: XID

    init() {
        guard let display = XOpenDisplay(PrivateDisplay.name) else { fatalError("raw client: no display") }
        self.display = display
        var attributes = XSetWindowAttributes()
        attributes.event_mask = Int(PropertyChangeMask)
        window = XCreateWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, UInt32(InputOnly), nil,
                               UInt(CWEventMask), &attributes)
        XSync(display, 0)
    }

    deinit { XCloseDisplay(display) }

    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    func name(_ atom: Atom) -> String {
        guard atom != 0, let cName = XGetAtomName(display, atom) else { return "None" }
        defer { XFree(cName) }
        return String(cString: cName)
    }

    /// A fresh server timestamp (zero-length append, as an owner should do).
    func serverTime() -> Time {
        var empty: UInt8 = 0
        let property = atom("_RAW_TIME")
        XChangeProperty(display, window, property, XA_STRING, 8, PropModeAppend, &empty, 0)
        let event = waitEvent(timeout: 2) { $0.type == PropertyNotify && $0.xproperty.atom == property }
        return event?.xproperty.time ?? 0
    }

    /// Waits for the first event matching `match`, discarding others; nil after `timeout` seconds.
    func waitEvent(timeout: Double, _ match: (XEvent) -> Bool) -> XEvent? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                if match(event) { return event }
            }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return nil }
            var fd = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, Int32(min(left, 0.05) * 1000) + 1)
        }
    }

    /// Sends ConvertSelection and waits for the SelectionNotify.
    func convert(_ selection: String = "CLIPBOARD", target: String, property: String? = "RAW_PROP",
                 time: Time = 0, requestor: XID? = nil, timeout: Double = 5, clear: Bool = true) -> XSelectionEvent? {
        let propertyAtom = property.map { atom($0) } ?? 0
        let requestor = requestor ?? window
        if propertyAtom != 0 && clear { XDeleteProperty(display, requestor, propertyAtom) }
        XConvertSelection(display, atom(selection), atom(target), propertyAtom, requestor, time)
        XFlush(display)
        return waitEvent(timeout: timeout) { $0.type == SelectionNotify }?.xselection
    }

    struct Property { var type: String; var format: Int32; var bytes: [UInt8]; var items: [Int] }

    /// Reads a whole property (format 8 as bytes, 32 as longs).
    func read(_ property: Atom, window: XID? = nil, delete: Bool = false) -> Property? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var pointer: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window ?? self.window, property, 0, Int(Int32.max / 4),
                                        delete ? 1 : 0, 0, &type, &format, &count, &after, &pointer)
        defer { if let pointer { XFree(pointer) } }
        guard status == Success, type != 0 else { return nil }
        var result = Property(type: name(type), format: format, bytes: [], items: [])
        if let pointer, count > 0 {
            if format == 8 {
                result.bytes = Array(UnsafeBufferPointer(start: pointer, count: Int(count)))
            } else if format == 32 {
                pointer.withMemoryRebound(to: Int.self, capacity: Int(count)) {
                    result.items = Array(UnsafeBufferPointer(start: $0, count: Int(count)))
                }
            }
        }
        return result
    }

    /// Follows an INCR transfer whose header was just read (and deleted); nil on a stall.
    /// `stopAfter` stops after that many chunks (for tests that abandon a transfer).
    func readIncr(_ property: Atom, stopAfter: Int? = nil, timeout: Double = 5) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunks = 0
        while true {
            if let stopAfter, chunks >= stopAfter { return bytes }
            guard waitEvent(timeout: timeout, {
                $0.type == PropertyNotify && $0.xproperty.atom == property && $0.xproperty.state == PropertyNewValue
            }) != nil else { return nil }
            guard let chunk = read(property, delete: true) else { continue }
            if chunk.bytes.isEmpty { return bytes }
            bytes += chunk.bytes
            chunks += 1
        }
    }

    /// Converts to `target` and returns the data, following INCR.
    func fetch(_ selection: String = "CLIPBOARD", target: String, property: String = "RAW_PROP") -> Property? {
        guard let notify = convert(selection, target: target, property: property), notify.property != 0,
              var reply = read(notify.property, delete: true) else { return nil }
        if reply.type == "INCR" {
            guard let bytes = readIncr(notify.property) else { return nil }
            reply.bytes = bytes
        }
        return reply
    }

    /// Takes a selection with a real timestamp and never answers requests (an owner that hangs).
    func own(_ selection: String) {
        XSetSelectionOwner(display, atom(selection), window, serverTime())
        XSync(display, 0)
    }
}

/// Runs a program to completion (stdin from a file, or /dev/null), killing it after `timeout` seconds.
///
/// Through the harness's `runProcess`: stdout and stderr are read together (a 64 MiB output cannot
/// block the child), and the child gets the clean `ChildEnvironment`, not this process's.
@discardableResult
func run(_ path: String, _ arguments: [String], stdin: String? = nil, timeout: Double = 30)
    -> (status: Int32, stdout: Data, stderr: String) {
    let input = stdin.flatMap { FileManager.default.contents(atPath: $0) }
    do {
        let result = try runProcess([path] + arguments, stdin: input, timeout: timeout,
                                    environment: ["DISPLAY": PrivateDisplay.name])
        let note = result.timedOut ? "killed after the \(timeout) s timeout\n" : ""
        return (result.timedOut ? -2 : result.status, result.stdout, note + result.stderrString)
    } catch {
        return (-1, Data(), "\(error)")
    }
}

/// Starts a long-running owner (xclip -quiet, xsel --nodetach, xkit-clip -f) reading `file`, in the
/// clean `ChildEnvironment`; throws when it cannot start.
func startOwner(_ path: String, _ arguments: [String], stdin file: String) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = ChildEnvironment.make(["DISPLAY": PrivateDisplay.name])
    process.standardInput = FileHandle(forReadingAtPath: file)
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    return process
}

/// Sends `signal` to a child that was started and has not been reaped; false otherwise.
///
/// A Process that never ran has pid 0, and kill(0, ...) would signal our whole process group.
@discardableResult
func signalChild(_ process: Process, _ signal: Int32) -> Bool {
    let pid = process.processIdentifier
    guard pid > 0, process.isRunning else { return false }
    return kill(pid, signal) == 0
}

/// Kills a child process and reaps it off the main actor (waitUntilExit spins a run loop and would
/// stall the XKit event loop, and with it any owner the child is waiting on).
func stop(_ process: Process, signal: Int32 = SIGKILL) async {
    guard signalChild(process, signal) else { return }
    let box = UncheckedBox(process)
    await offMain { box.value.waitUntilExit() }
}

final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// The built xkit-clip next to the test bundle (.build/debug/xkit-clip).
var xkitClipPath: String {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
    while dir.path != "/" {
        let candidate = dir.appendingPathComponent("xkit-clip").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return "xkit-clip"
}

/// Deterministic mixed-script UTF-8 (English, Vietnamese, Russian, Japanese, Korean) of exactly `size` bytes.
///
/// Blocks are numbered so a chunk sent twice or out of order changes the bytes.
func mixedScriptText(bytes size: Int) -> [UInt8] {
    let words = ["the quick brown fox", "chào các bạn tiếng việt", "привет мир съешь ещё", "コピー可能な日本語の文章",
                 "복사 안녕하세요 클립보드", "café é €", "jumps over a lazy dog", "буфер обмена", "東京 ひらがな カタカナ"]
        .map { Array($0.utf8) }
    var result: [UInt8] = []
    result.reserveCapacity(size + 4096)
    var seed: UInt64 = 0x9E3779B97F4A7C15
    var block = 0
    while result.count < size {
        result.append(contentsOf: "[\(block)] ".utf8)
        for _ in 0..<40 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            result.append(contentsOf: words[Int(seed >> 33) % words.count])
            result.append(seed & 7 == 0 ? 10 : 32)
        }
        block += 1
    }
    // Cut at a character boundary and pad with ASCII to the exact size.
    var end = size
    while end > 0 && result[end] & 0xC0 == 0x80 { end -= 1 }
    result.removeSubrange(end...)
    while result.count < size { result.append(UInt8(ascii: ".")) }
    return result
}

/// The parent suite: every selection test shares one Xvfb and one clipboard, so they run one at a time.
@Suite(.serialized) struct SelectionTests {}

/// Writes bytes to a fresh temporary file and returns its path.
func temporaryFile(_ bytes: [UInt8]) -> String {
    let path = NSTemporaryDirectory() + "xkit-sel-\(getpid())-\(UUID().uuidString).txt"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
}
