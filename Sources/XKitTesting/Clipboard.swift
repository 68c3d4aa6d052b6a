import Foundation
import CX11
#if canImport(Glibc)
import Glibc
#endif

/// An X selection.
public enum XSelection: String, Sendable {
    case clipboard, primary, secondary
    /// The atom name: CLIPBOARD, PRIMARY, SECONDARY.
    public var atomName: String { rawValue.uppercased() }
}

/// Reads selections the way other X clients do: by running `xclip`/`xsel` as separate processes on
/// the test display. The blocking methods must not run on a thread the selection owner needs (an
/// in-process XKit app on the main thread): from main-actor tests use the `async` ones.
public struct ClipboardReader: Sendable {
    /// The environment for the tools: DISPLAY (and fonts) of the test server.
    public let environment: [String: String]

    /// Uses `display`, or the shared Xvfb.
    public init(display: String? = nil) throws {
        if let display { environment = ["DISPLAY": display] } else { environment = try XvfbServer.shared().environment }
    }

    /// `xclip -o -selection SEL [-t TARGET]`: the bytes and exit status.
    public func xclip(_ selection: XSelection = .clipboard, target: String? = nil, timeout: TimeInterval = 5) throws -> ProcessResult {
        try requireTool("xclip", package: "xclip")
        return try runProcess(xclipArgs(selection, target), timeout: timeout, environment: environment)
    }

    public func xclipAsync(_ selection: XSelection = .clipboard, target: String? = nil, timeout: TimeInterval = 5) async throws -> ProcessResult {
        try requireTool("xclip", package: "xclip")
        return try await runProcessAsync(xclipArgs(selection, target), timeout: timeout, environment: environment)
    }

    /// `xsel --output --clipboard|--primary|--secondary`.
    public func xsel(_ selection: XSelection = .clipboard, timeout: TimeInterval = 5) throws -> ProcessResult {
        try requireTool("xsel", package: "xsel")
        return try runProcess(xselArgs(selection), timeout: timeout, environment: environment)
    }

    public func xselAsync(_ selection: XSelection = .clipboard, timeout: TimeInterval = 5) async throws -> ProcessResult {
        try requireTool("xsel", package: "xsel")
        return try await runProcessAsync(xselArgs(selection), timeout: timeout, environment: environment)
    }

    /// The TARGETS the owner advertises (`xclip -t TARGETS`), one atom name per entry.
    public func targets(_ selection: XSelection = .clipboard, timeout: TimeInterval = 5) throws -> [String] {
        let r = try xclip(selection, target: "TARGETS", timeout: timeout)
        guard r.succeeded else { throw XKitTestingError("xclip -t TARGETS failed: \(r)") }
        return r.stdoutString.split(whereSeparator: \.isNewline).map(String.init)
    }

    /// The selection as UTF-8 text via xclip, or nil when the tool fails.
    public func text(_ selection: XSelection = .clipboard, timeout: TimeInterval = 5) throws -> String? {
        let r = try xclip(selection, timeout: timeout)
        return r.succeeded ? r.stdoutString : nil
    }

    private func xclipArgs(_ selection: XSelection, _ target: String?) -> [String] {
        ["xclip", "-o", "-selection", selection.rawValue] + (target.map { ["-t", $0] } ?? [])
    }

    private func xselArgs(_ selection: XSelection) -> [String] {
        ["xsel", "--output", "--\(selection.rawValue)"]
    }
}

/// A background `xclip -i -quiet` owning a selection with fixed data, as another app would.
public final class ClipboardOwnerProcess: @unchecked Sendable {
    let child: ChildProcess
    public let selection: XSelection
    public var pid: pid_t { child.pid }

    init(child: ChildProcess, selection: XSelection) { self.child = child; self.selection = selection }
    deinit { child.terminate(grace: 0.5) }

    /// Whether xclip is still running (it exits once another client takes the selection).
    public var isRunning: Bool { !child.hasExited }

    /// Stops xclip, which releases the selection.
    public func terminate() { child.terminate(grace: 0.5) }
}

/// Starts `xclip -i -quiet -selection SEL [-t TARGET]` owning `data`, and waits until the server reports
/// a new owner of the selection. Terminated on `terminate()`, deinit or process exit.
public func xclipOwn(_ data: Data, selection: XSelection = .clipboard, target: String? = nil,
                     display: String? = nil, timeout: TimeInterval = 5) throws -> ClipboardOwnerProcess {
    try requireTool("xclip", package: "xclip")
    let env = try display.map { ["DISPLAY": $0] } ?? XvfbServer.shared().environment
    let conn = try sharedConnection(env["DISPLAY"])
    let atom = conn.atom(selection.atomName)
    let before: UInt = { conn.lock.lock(); defer { conn.lock.unlock() }; return XGetSelectionOwner(conn.dpy, atom) }()
    let argv = ["xclip", "-i", "-quiet", "-selection", selection.rawValue] + (target.map { ["-t", $0] } ?? [])
    let child = try ChildProcess.spawn(argv, environment: env, stdin: .pipe, stdout: .null, stderr: .null)
    let owner = ClipboardOwnerProcess(child: child, selection: selection)
    // Blocking write: xclip reads all input before taking ownership.
    let bytes = [UInt8](data)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { write(child.stdinFD, $0.baseAddress! + offset, bytes.count - offset) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { throw XKitTestingError("writing to xclip failed: \(String(cString: strerror(errno)))") }
        offset += n
    }
    child.closeStdin()
    let owned = waitUntil(timeout: timeout) {
        if child.hasExited { return true }
        conn.lock.lock(); defer { conn.lock.unlock() }
        let now = XGetSelectionOwner(conn.dpy, atom)
        return now != 0 && now != before
    }
    guard owned, !child.hasExited else {
        throw XKitTestingError("xclip did not take ownership of \(selection.atomName) within \(timeout) s (exit status \(child.exitStatus.map(String.init) ?? "running"))")
    }
    return owner
}

func requireTool(_ name: String, package: String) throws {
    guard findExecutable(name) != nil else {
        throw XKitTestingError("\(name) is not installed. Install it with:\n    apt-get install -y \(package)")
    }
}
