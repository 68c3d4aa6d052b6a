// xkit-clip: copy to and paste from the X selections, like xclip, on XKit's public Pasteboard API.
import Dispatch
import Glibc
import XKit

// First of all: with fd 0, 1 or 2 closed, the pipe to the serving child or the X socket would take it.
StandardStreams.prepare()

let usage = """
usage: xkit-clip [-selection clipboard|primary] [-i] [-f] [FILE]   copy stdin or FILE
       xkit-clip [-selection clipboard|primary] -o [-t TARGET]    paste to stdout

  -selection S, -sel S   clipboard (c, the default) or primary (p)
  -i, -in                copy (the default): read the text, take the selection, and keep
                         serving it in the background until another client takes it over
  -f, -nodetach          stay in the foreground while serving
  -o, -out               paste the selection as UTF-8 text to stdout
  -t TARGET, -target     with -o: print that target's raw bytes; -t TARGETS lists the targets
  -timeout SECONDS       with -o: how long the whole paste may take (default 3)
  -limit BYTES           with -o: the largest paste accepted (default 536870912, 512 MiB);
                         K, M and G suffixes are accepted
  -h, --help             show this help

exit status:
  0  success
  1  bad usage, or the input could not be read / the output written
  2  no X display (set DISPLAY)
  3  nobody owns the selection
  4  the owner did not answer, or did not finish, within -timeout
  5  the text is not valid UTF-8
  6  the owner refused the conversion, or the selection could not be taken
  7  the text is larger than the paste limit (announced or sent)
  8  the owner answered with something that is not text (a wrong type or format)
"""

enum Exit {
    static let ok: Int32 = 0, usage: Int32 = 1, noDisplay: Int32 = 2, noOwner: Int32 = 3, timeout: Int32 = 4
    static let invalidUTF8: Int32 = 5, refused: Int32 = 6, tooLarge: Int32 = 7, notText: Int32 = 8
}

func fail(_ message: String, _ status: Int32) -> Never {
    let line = "xkit-clip: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(status)
}

func status(for error: Error) -> Int32 {
    switch error as? XKitError {
    case .noDisplay?, .cannotConnect?: return Exit.noDisplay
    case .noOwner?: return Exit.noOwner
    case .timeout?: return Exit.timeout
    case .invalidUTF8?: return Exit.invalidUTF8
    case .tooLarge?: return Exit.tooLarge
    case .conversionRefused?, .selectionNotAcquired?: return Exit.refused
    case .unexpectedReply?: return Exit.notText
    default: return Exit.usage
    }
}

struct Options {
    var selection = "clipboard"
    var paste = false
    var foreground = false
    var target: String?
    var file: String?
    var timeout = 3.0
    var limit = 512 << 20
}

/// "4096", "64K", "16M", "1G" as a byte count.
func byteCount(_ text: String) -> Int? {
    let units: [Character: Int] = ["K": 1 << 10, "k": 1 << 10, "M": 1 << 20, "m": 1 << 20, "G": 1 << 30, "g": 1 << 30]
    var digits = Substring(text)
    var scale = 1
    if let last = text.last, let unit = units[last] { scale = unit; digits = digits.dropLast() }
    guard let value = Int(digits), value >= 0 else { return nil }
    let (result, overflow) = value.multipliedReportingOverflow(by: scale)
    return overflow ? nil : result
}

func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var index = 0
    func value(_ flag: String) -> String {
        index += 1
        guard index < arguments.count else { fail("\(flag) needs a value\n\(usage)", Exit.usage) }
        return arguments[index]
    }
    while index < arguments.count {
        let argument = arguments[index]
        switch argument {
        case "-selection", "-sel", "--selection":
            switch value(argument) {
            case "clipboard", "c", "clip": options.selection = "clipboard"
            case "primary", "p": options.selection = "primary"
            case let other: fail("unknown selection \"\(other)\" (use clipboard or primary)", Exit.usage)
            }
        case "-i", "-in", "--input": options.paste = false
        case "-o", "-out", "--output": options.paste = true
        case "-f", "-nodetach", "--nodetach": options.foreground = true
        case "-t", "-target", "--target": options.target = value(argument)
        case "-timeout", "--timeout":
            guard let seconds = Double(value(argument)), seconds > 0, seconds <= 86_400 else { fail("bad -timeout value", Exit.usage) }
            options.timeout = seconds
        case "-limit", "--limit":
            guard let bytes = byteCount(value(argument)) else { fail("bad -limit value", Exit.usage) }
            options.limit = bytes
        case "-h", "-help", "--help":
            print(usage)
            exit(Exit.ok)
        default:
            if argument.hasPrefix("-") && argument != "-" { fail("unknown option \(argument)\n\(usage)", Exit.usage) }
            if options.file != nil { fail("only one FILE may be given", Exit.usage) }
            options.file = argument
        }
        index += 1
    }
    return options
}

/// Reads all of a file descriptor.
func readAll(_ fd: Int32) -> [UInt8]? {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            return nil
        }
        if count == 0 { return result }
        result.append(contentsOf: buffer[0..<count])
    }
}

func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { writeAll(fd, $0) }
}

func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let count = write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        if count < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += count
    }
    return true
}

@MainActor
func pasteboard(_ options: Options) -> Pasteboard {
    options.selection == "primary" ? Pasteboard.primary : Pasteboard.general
}

@MainActor
func startApplication() {
    do {
        _ = try Application.start(name: "xkit-clip")
    } catch {
        fail("\(error)", status(for: error))
    }
}

// MARK: paste

@MainActor
func paste(_ options: Options) -> Never {
    startApplication()
    let board = pasteboard(options)
    // -timeout bounds the whole paste, so an owner trickling a byte at a time cannot hold us forever.
    board.pasteTimeout = options.timeout
    board.pasteTimeLimit = options.timeout
    board.maximumPasteBytes = options.limit
    Task { @MainActor in
        do {
            var output: [UInt8] = []
            if let target = options.target, target == "TARGETS" {
                let types = try await board.availableTypes()
                if types.isEmpty && !board.hasOwner { fail("nobody owns the \(options.selection) selection", Exit.noOwner) }
                output = Array(types.map { $0 + "\n" }.joined().utf8)
            } else if let target = options.target {
                guard board.hasOwner else { fail("nobody owns the \(options.selection) selection", Exit.noOwner) }
                guard let bytes = try await board.data(forType: target) else {
                    fail("the owner refused to convert to \(target)", Exit.refused)
                }
                output = bytes
            } else {
                // The validated bytes go out as they are: no String, so one copy of the text in memory.
                guard let bytes = try await board.utf8Text() else {
                    fail("nobody owns the \(options.selection) selection", Exit.noOwner)
                }
                output = bytes
            }
            if !writeAll(1, output) { fail("could not write the output", Exit.usage) }
            exit(Exit.ok)
        } catch {
            fail("\(error)", status(for: error))
        }
    }
    dispatchMain()
}

// MARK: copy

/// Takes the selection and serves it until another client takes it and our transfers are done.
@MainActor
func serve(_ text: String, options: Options, reportTo pipe: Int32?) -> Never {
    startApplication()
    let board = pasteboard(options)
    do {
        try board.setString(text)
    } catch {
        fail("\(error)", status(for: error))
    }
    if let pipe {
        // Tell the waiting parent we own the selection, then let go of its terminal entirely.
        _ = writeAll(pipe, [UInt8(ascii: "o")])
        close(pipe)
        let null = open("/dev/null", O_RDWR)
        if null >= 0 { dup2(null, 2); close(null) }
    }
    board.onOwnershipLost {
        Task { @MainActor in
            // Replies already started (INCR) finish before we go.
            await Pasteboard.transfersFinished()
            exit(Exit.ok)
        }
    }
    // On SIGTERM/SIGINT quit through the application, which offers CLIPBOARD to a clipboard manager.
    for sig in [SIGTERM, SIGINT, SIGHUP] {
        signal(sig, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: sig, queue: .main)
        source.setEventHandler {
            MainActor.assumeIsolated { Application.current?.quit() }
        }
        source.resume()
        signalSources.append(source)
    }
    dispatchMain()
}

var signalSources: [DispatchSourceSignal] = []

/// The text to copy, from FILE or stdin; exits with a usage or UTF-8 error.
///
/// A function of its own so the raw bytes are freed before serving starts: `dispatchMain` ends the
/// main thread, and what only its stack held would stay allocated for the life of the server.
func readInput(_ options: Options) -> String {
    var fd: Int32 = 0
    if let file = options.file, file != "-" {
        fd = open(file, O_RDONLY)
        if fd < 0 { fail("cannot open \(file): \(String(cString: strerror(errno)))", Exit.usage) }
    }
    guard let bytes = readAll(fd) else { fail("cannot read the input: \(String(cString: strerror(errno)))", Exit.usage) }
    if fd != 0 { close(fd) }
    guard let text = String(validating: bytes, as: UTF8.self) else { fail("the input is not valid UTF-8", Exit.invalidUTF8) }
    return text
}

@MainActor
func copy(_ options: Options) -> Never {
    let text = readInput(options)
    if options.foreground { serve(text, options: options, reportTo: nil) }

    // Xlib is not safe across fork, so the child opens the display itself; the parent only waits for
    // one byte saying "owned", so `xkit-clip -i < f; xclip -o` sees our text straight away.
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { fail("pipe failed", Exit.usage) }
    let child = fork()
    if child < 0 { fail("fork failed", Exit.usage) }
    if child == 0 {
        close(fds[0])
        setsid()
        let null = open("/dev/null", O_RDWR)
        if null >= 0 { dup2(null, 0); dup2(null, 1); close(null) }
        serve(text, options: options, reportTo: fds[1])
    }
    close(fds[1])
    var byte: UInt8 = 0
    let count = read(fds[0], &byte, 1)
    if count == 1 && byte == UInt8(ascii: "o") { exit(Exit.ok) }
    // The child failed and already said why on stderr; pass its status on.
    var wstatus: Int32 = 0
    waitpid(child, &wstatus, 0)
    let exited = (wstatus & 0x7f) == 0
    exit(exited ? (wstatus >> 8) & 0xff : Exit.usage)
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
if options.paste { paste(options) } else { copy(options) }
