import Foundation
import XKitTesting

/// One program keylat types into: how to start it, its window's name and where its text field is.
struct KeylatTarget {
    var name: String
    var argv: [String]
    var windowName: String
    /// The point keylat clicks (window coordinates) to focus the text field.
    var click: (x: Int, y: Int)
    var environment: [String: String] = [:]
}

/// What `keylat` printed for one run: latencies in ms of the keys the window answered.
struct KeylatResult {
    var median: Double
    var p90: Double
    var min: Double
    var max: Double
    var answered: Int
    var lost: Int

    /// Reads `keylat window=NAME keys=N answered=N lost=N median_ms=… p90_ms=… min_ms=… max_ms=…`.
    init?(line: String) {
        let fields = Bench.fields(line)
        guard let median = fields["median_ms"], let p90 = fields["p90_ms"], let low = fields["min_ms"],
              let high = fields["max_ms"], let answered = fields["answered"].map(Int.init),
              let lost = fields["lost"].map(Int.init) else { return nil }
        self.median = median
        self.p90 = p90
        self.min = low
        self.max = high
        self.answered = answered
        self.lost = lost
    }
}

enum Keylat {
    /// Starts `target`, lets `keylat` click its field and type `keys` keys, stops it. A `reader`
    /// reads the clipboard meanwhile; it is stopped before the program is.
    /// Throws with keylat's own message when it could not measure.
    static func measure(_ keylat: String, _ target: KeylatTarget, keys: Int, server: XvfbServer,
                        reader: ClipboardReaderLoop? = nil,
                        beforeStopping: () -> Void = {}) throws -> (KeylatResult, [ClipboardReaderLoop.Read]) {
        let program = try HelperProcess(target.argv, environment: server.environment.merging(target.environment) { $1 })
        defer { program.stop() }
        // keylat takes the first window with the name, mapped or not: a slow starter (XKit loading a
        // 64 MiB clipboard) would get its click and focus before it shows.
        _ = try WindowFinder(display: server.display).waitForWindow(named: target.windowName, timeout: 20)
        reader?.start()
        defer { reader?.stop() }
        // keylat waits up to 10 s for the window, then 0.4 s after its click; each key settles for
        // 30 ms first and waits at most 1 s for an answer.
        let budget = 20 + Double(keys) * 0.1
        let run = try runProcess([keylat, target.windowName, "\(target.click.x)", "\(target.click.y)", "\(keys)"],
                                 timeout: budget, environment: server.environment)
        guard run.succeeded, let result = KeylatResult(line: run.stdoutString) else {
            throw XKitTestingError("keylat against \(target.name) failed (\(run)): \(run.stdoutString)\(run.stderrString)")
        }
        beforeStopping()
        return (result, reader?.stop() ?? [])
    }

    /// Checks that keylat's click and keys reach XKit's tag field: a short traced run must end with
    /// the field focused and holding "a" ('a', BackSpace, 'a').
    static func verifyTagField(_ keylat: String, _ target: KeylatTarget, server: XvfbServer) throws {
        let views = try tracedViews(keylat, target, server: server)
        guard let object = views.last.flatMap({ firstObject(ofType: "TextField", in: $0) }) else {
            throw XKitTestingError("\(target.name): no views trace with the tag field")
        }
        guard object.contains("\"focused\":true"), object.contains("\"text\":\"a\"") else {
            throw XKitTestingError("\(target.name): keylat's keys did not reach the tag field: \(object)")
        }
    }

    /// Checks that keylat's click and keys reach XKit's TextView: after 'a', BackSpace, 'a' it is
    /// focused and one character longer than it opened.
    static func verifyTextView(_ keylat: String, _ target: KeylatTarget, server: XvfbServer) throws {
        let views = try tracedViews(keylat, target, server: server)
        // Its "text" may hold braces, so its fields are found by name from where it starts: a
        // quoted key cannot occur inside the escaped text.
        func field(_ name: String, _ line: Substring?) -> Substring? {
            guard let line, let start = line.range(of: "\"type\":\"TextView\""),
                  let key = line[start.upperBound...].range(of: "\"\(name)\":") else { return nil }
            return line[key.upperBound...].prefix(while: { $0 != "," && $0 != "}" })
        }
        guard let opened = field("length", views.first).flatMap({ Int($0) }),
              let typed = field("length", views.last).flatMap({ Int($0) }) else {
            throw XKitTestingError("\(target.name): no views trace with the text view")
        }
        guard typed == opened + 1, field("focused", views.last) == "true" else {
            throw XKitTestingError("\(target.name): keylat's keys did not reach the text view (length \(opened) → \(typed))")
        }
    }

    /// The `views` lines of a three-key traced run of `target`.
    private static func tracedViews(_ keylat: String, _ target: KeylatTarget, server: XvfbServer) throws -> [Substring] {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-keylat-\(getpid()).jsonl").path
        try? FileManager.default.removeItem(atPath: trace)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        var traced = target
        traced.environment["XKIT_TRACE"] = trace
        // The app writes its views trace after the frame keylat saw: it must not be stopped before.
        _ = try measure(keylat, traced, keys: 3, server: server) { waitUntilUnchanged(trace) }
        let lines = ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").split(separator: "\n")
        return lines.filter { $0.contains("\"event\":\"views\"") }
    }

    /// Waits until a file has not grown for 0.3 s (at most 5 s).
    private static func waitUntilUnchanged(_ path: String) {
        func size() -> Int { ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? -1 }
        var last = size(), quiet = 0.0, waited = 0.0
        while quiet < 0.3 && waited < 5 {
            Thread.sleep(forTimeInterval: 0.05)
            waited += 0.05
            let now = size()
            quiet = now == last ? quiet + 0.05 : 0
            last = now
        }
    }

    /// The first view of `type` in a views line, up to its first closing brace.
    private static func firstObject(ofType type: String, in line: Substring) -> Substring? {
        guard let start = line.range(of: "{\"type\":\"\(type)\"") else { return nil }
        let object = line[start.lowerBound...]
        return object.firstIndex(of: "}").map { object[...$0] }
    }
}
