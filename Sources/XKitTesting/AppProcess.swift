import Foundation
import XKit
#if canImport(Glibc)
import Glibc
#endif

/// One `XKIT_TRACE` line: `{"event": NAME, ...}` parsed with JSONSerialization.
public struct TraceEvent: @unchecked Sendable, CustomStringConvertible {
    /// Position in the app's trace, from 0.
    public let index: Int
    public let name: String
    /// All fields, including "event". Values are JSONSerialization types (String, NSNumber, arrays, dicts).
    public let fields: [String: Any]
    public let line: String

    public subscript(key: String) -> Any? { fields[key] }
    public func string(_ key: String) -> String? { fields[key] as? String }
    public func int(_ key: String) -> Int? { (fields[key] as? NSNumber)?.intValue ?? (fields[key] as? Int) }
    public func double(_ key: String) -> Double? { (fields[key] as? NSNumber)?.doubleValue ?? (fields[key] as? Double) }
    public func bool(_ key: String) -> Bool? { (fields[key] as? NSNumber)?.boolValue ?? (fields[key] as? Bool) }
    /// A `[x, y, w, h]` field as a Rect.
    public func rect(_ key: String) -> Rect? { TraceView.rect(fields[key]) }
    /// The views carried by a `views` event (see `TraceView`).
    public var views: [TraceView] { TraceView.parse(fields["views"]) }
    public var description: String { line }
}

/// One view from a `views` trace event: `{"id":..., "type":..., "frame":[x,y,w,h], "text":...}`, frame in
/// root coordinates. Nested `subviews`/`children` arrays are flattened in document order.
public struct TraceView: @unchecked Sendable, CustomStringConvertible {
    /// The id as a string (numbers are converted).
    public let id: String
    public let type: String
    public let frame: Rect
    public let text: String?
    public let fields: [String: Any]
    public var center: Point { frame.center }
    public var description: String { "\(type)#\(id) \(frame)\(text.map { " \($0.debugDescription)" } ?? "")" }

    static func rect(_ value: Any?) -> Rect? {
        guard let a = value as? [Any], a.count == 4 else { return nil }
        let n = a.compactMap { ($0 as? NSNumber)?.doubleValue ?? ($0 as? Double) ?? ($0 as? Int).map(Double.init) }
        guard n.count == 4 else { return nil }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    static func parse(_ value: Any?) -> [TraceView] {
        guard let list = value as? [Any] else { return [] }
        var out: [TraceView] = []
        for case let dict as [String: Any] in list {
            let id: String = (dict["id"] as? String) ?? (dict["id"] as? NSNumber).map { $0.stringValue } ?? ""
            out.append(TraceView(id: id, type: dict["type"] as? String ?? "", frame: rect(dict["frame"]) ?? .zero,
                                 text: dict["text"] as? String, fields: dict))
            out += parse(dict["subviews"]) + parse(dict["children"])
        }
        return out
    }
}

/// An XKit executable (e.g. `xkit-demo`) run out of process on the test display with `XKIT_TRACE=1`.
/// Its stderr is read line by line on a background thread; JSON lines become `TraceEvent`s.
public final class AppProcess: @unchecked Sendable {
    public let executable: String
    public let arguments: [String]
    public var pid: pid_t { child.pid }
    private let child: ChildProcess
    /// The display the app was started on.
    let display: String?
    private let condition = NSCondition()
    private var _events: [TraceEvent] = []
    private var _otherLines: [String] = []
    private var _stdout = Data()
    private var stderrOpen = true, stdoutOpen = true
    private var lastActivity = monotonicNow()

    /// The directory of SwiftPM-built executables: `$XKIT_BIN_DIR`, else the directory of the running
    /// test binary, else `.build/debug` or `.build/release` under the package root.
    public static func executableURL(named name: String) throws -> URL {
        var candidates: [String] = []
        if let dir = ProcessInfo.processInfo.environment["XKIT_BIN_DIR"], !dir.isEmpty { candidates.append(dir) }
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
            // Inside an .xctest bundle directory on some setups.
            while dir.path != "/" && dir.pathExtension == "xctest" { dir.deleteLastPathComponent() }
            candidates.append(dir.path)
            candidates.append(dir.deletingLastPathComponent().path)
        }
        if let root = PackageRoot.find() {
            candidates += [".build/debug", ".build/release"].map { root.appendingPathComponent($0).path }
        }
        for dir in candidates {
            let path = (dir as NSString).appendingPathComponent(name)
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue, access(path, X_OK) == 0 {
                return URL(fileURLWithPath: path)
            }
        }
        throw XKitTestingError("executable \(name.debugDescription) not found in \(candidates); build it with `swift build --product \(name)` or set XKIT_BIN_DIR")
    }

    /// Launches `executable` (a name resolved with `executableURL(named:)`, or a path) with `arguments`.
    /// The environment is `ChildEnvironment.make` (nothing else of this process's), DISPLAY and
    /// FONTCONFIG_FILE of the test server, XKIT_TRACE=1, XKIT_CARET_BLINK=0, LANG=C.UTF-8, then `environment`.
    public init(_ executable: String, arguments: [String] = [], environment: [String: String] = [:],
                display: String? = nil) throws {
        let path = executable.contains("/") ? executable : try Self.executableURL(named: executable).path
        var env = try display.map { ["DISPLAY": $0] } ?? XvfbServer.shared().environment
        env["XKIT_TRACE"] = "1"
        // A blinking caret would make screenshots depend on timing; the blink tests turn it back on.
        env["XKIT_CARET_BLINK"] = "0"
        for (k, v) in environment { env[k] = v }
        self.executable = path
        self.arguments = arguments
        self.display = env["DISPLAY"]
        if let display = self.display { try TestWindowManager.managing(display: display)?.forgetDestroyedClients() }
        child = try ChildProcess.spawn([path] + arguments, environment: env, stdin: .null, stdout: .pipe, stderr: .pipe)
        startReader(fd: child.stdoutFD, isStderr: false)
        startReader(fd: child.stderrFD, isStderr: true)
    }

    deinit { terminate() }

    // MARK: State

    /// All trace events so far.
    public var events: [TraceEvent] { condition.lock(); defer { condition.unlock() }; return _events }
    /// Stderr lines that were not trace JSON.
    public var otherStderrLines: [String] { condition.lock(); defer { condition.unlock() }; return _otherLines }
    public var stdout: Data { condition.lock(); defer { condition.unlock() }; return _stdout }
    public var isRunning: Bool { !child.hasExited }
    public var exitStatus: Int32? { child.exitStatus }

    /// The number of events so far: pass it as `since:` to wait only for later events.
    public func mark() -> Int { condition.lock(); defer { condition.unlock() }; return _events.count }

    /// The views from the latest `views` event of a window other than a popup menu (or of `title`).
    public func latestViews(title: String? = nil) -> [TraceView] {
        events.last { event in
            guard event.name == "views" else { return false }
            let windowTitle = event.string("title")
            return title.map { windowTitle == $0 } ?? (windowTitle != "menu")
        }?.views ?? []
    }

    // MARK: Waiting

    /// Waits for the first event at index >= `since` named `name` that satisfies `predicate`.
    /// Throws on timeout or if the app exits first, quoting the recent trace.
    @discardableResult
    public func waitForEvent(named name: String, since: Int = 0, timeout: TimeInterval = 10,
                             where predicate: (TraceEvent) -> Bool = { _ in true }) throws -> TraceEvent {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var scanned = since
        condition.lock()
        defer { condition.unlock() }
        while true {
            while scanned < _events.count {
                let e = _events[scanned]
                scanned += 1
                if e.name == name && predicate(e) { return e }
            }
            if !stderrOpen {
                throw XKitTestingError("\(URL(fileURLWithPath: executable).lastPathComponent) exited (status \(child.exitStatus.map(String.init) ?? "?")) before trace event \(name.debugDescription).\n\(tailLocked())")
            }
            if !condition.wait(until: deadline) && Date() >= deadline {
                let xState = name == "window.mapped" ? "\n" + mapDiagnosis(display: display) : ""
                throw XKitTestingError("timed out after \(timeout) s waiting for trace event \(name.debugDescription).\n\(tailLocked())\(xState)")
            }
        }
    }

    /// `waitForEvent` on a separate thread, for main-actor tests.
    @discardableResult
    public func waitForEvent(named name: String, since: Int = 0, timeout: TimeInterval = 10,
                             where predicate: @escaping @Sendable (TraceEvent) -> Bool = { _ in true }) async throws -> TraceEvent {
        try await offMainThread { try self.waitForEvent(named: name, since: since, timeout: timeout, where: predicate) }
    }

    /// Waits for a `views` event (at index >= `since`) containing a view that satisfies `predicate`.
    @discardableResult
    public func waitForView(since: Int = 0, timeout: TimeInterval = 10,
                            where predicate: @escaping (TraceView) -> Bool) throws -> TraceView {
        let event = try waitForEvent(named: "views", since: since, timeout: timeout) { $0.views.contains(where: predicate) }
        guard let view = event.views.first(where: predicate) else {
            throw XKitTestingError("a views event matched but held no matching view.\n\(tail())")
        }
        return view
    }

    /// Clicks the first text field of the latest `views` with `driver` and waits until it reports focus.
    @discardableResult
    public func focusTextField(with driver: XTestDriver) throws -> TraceView {
        guard let field = latestViews().first(where: { $0.type == "TextField" }) else {
            throw XKitTestingError("no TextField in the trace.\n\(tail())")
        }
        let since = mark()
        driver.click(at: field.center)
        return try waitForView(since: since) { $0.type == "TextField" && $0.fields["focused"] as? Bool == true }
    }

    /// Waits until no stderr/stdout output arrived for `quiet` seconds (or `timeout` passes).
    @discardableResult
    public func waitForQuiescence(quiet: TimeInterval = 0.15, timeout: TimeInterval = 5) -> Bool {
        waitUntil(timeout: timeout, interval: 0.01) {
            condition.lock(); defer { condition.unlock() }
            return monotonicNow() - lastActivity >= quiet
        }
    }

    /// Waits up to `timeout` for the app to exit by itself and for its output to be read; returns its status.
    @discardableResult
    public func waitForExit(timeout: TimeInterval = 10) -> Int32? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        guard let status = child.wait(timeout: timeout) else { return nil }
        // The readers may not have read the last lines yet: wait for both pipes to close, so that
        // `otherStderrLines` and `events` are complete when this returns.
        condition.lock()
        defer { condition.unlock() }
        while stderrOpen || stdoutOpen, condition.wait(until: deadline) {}
        return status
    }

    /// SIGTERM, then SIGKILL after `grace` seconds. Idempotent.
    @discardableResult
    public func terminate(grace: TimeInterval = 2) -> Int32 { child.terminate(grace: grace) }

    /// The last lines of the trace and of other stderr output, for failure messages.
    public func tail(_ count: Int = 20) -> String { condition.lock(); defer { condition.unlock() }; return tailLocked(count) }

    private func tailLocked(_ count: Int = 20) -> String {
        let ev = _events.suffix(count).map { "  \($0.line.prefix(400))" }.joined(separator: "\n")
        let other = _otherLines.suffix(count).map { "  \($0.prefix(400))" }.joined(separator: "\n")
        return "Last trace events:\n\(ev.isEmpty ? "  (none)" : ev)\nOther stderr:\n\(other.isEmpty ? "  (none)" : other)"
    }

    // MARK: Reading

    private func startReader(fd: Int32, isStderr: Bool) {
        guard fd >= 0 else { return }
        let thread = Thread { [weak self] in
            var pending = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard let self else { return }
                if n <= 0 {
                    close(fd) // only this thread uses it
                    if !pending.isEmpty { self.ingest(line: pending, isStderr: isStderr) }
                    self.condition.lock()
                    if isStderr { self.stderrOpen = false } else { self.stdoutOpen = false }
                    self.condition.broadcast()
                    self.condition.unlock()
                    return
                }
                if !isStderr {
                    self.condition.lock()
                    self._stdout.append(contentsOf: buffer[0..<n])
                    self.lastActivity = monotonicNow()
                    self.condition.unlock()
                    continue
                }
                pending.append(contentsOf: buffer[0..<n])
                while let nl = pending.firstIndex(of: 10) {
                    self.ingest(line: Array(pending[..<nl]), isStderr: true)
                    pending.removeSubrange(...nl)
                }
            }
        }
        thread.name = isStderr ? "xkit-app-stderr" : "xkit-app-stdout"
        thread.start()
    }

    private func ingest(line bytes: [UInt8], isStderr: Bool) {
        let line = String(decoding: bytes, as: UTF8.self)
        var event: (name: String, fields: [String: Any])?
        if bytes.first == UInt8(ascii: "{"),
           let obj = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
           let name = obj["event"] as? String {
            event = (name, obj)
        }
        condition.lock()
        if let event {
            _events.append(TraceEvent(index: _events.count, name: event.name, fields: event.fields, line: line))
        } else {
            _otherLines.append(line)
        }
        lastActivity = monotonicNow()
        condition.broadcast()
        condition.unlock()
    }
}
