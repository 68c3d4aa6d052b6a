import Foundation
import Testing
import XKitTesting

/// `xkit-clip`'s exit codes and messages, which scripts rely on; hostile owners from `HostileOwner`.
@Suite(.serialized)
struct XKitClipTests {
    private func xkitClip(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil) throws -> ProcessResult {
        let server = try XvfbServer.shared()
        let path = try AppProcess.executableURL(named: "xkit-clip").path
        return try runProcess([path] + arguments, stdin: stdin, timeout: 20,
                              environment: server.environment.merging(environment) { $1 })
    }

    /// Runs `xkit-clip -o ARGUMENTS` while `behaviour` owns CLIPBOARD; the result and the seconds it took.
    private func paste(from behaviour: HostileBehaviour, _ arguments: [String]) throws -> (ProcessResult, Double) {
        let owner = try HostileOwner(behaviour)
        defer { owner.stop() }
        let start = Date()
        let result = try xkitClip(["-o"] + arguments)
        return (result, Date().timeIntervalSince(start))
    }

    @Test func helpDocumentsEveryExitStatus() throws {
        let help = try xkitClip(["--help"])
        #expect(help.status == 0)
        let lines = help.stdoutString.split(separator: "\n")
        for status in 0...8 {
            #expect(lines.contains { $0.hasPrefix("  \(status)  ") }, "exit status \(status) is not in --help")
        }
    }

    @Test func badUsageAndUnreadableInputExitWithOne() throws {
        let unknown = try xkitClip(["-o", "-bogus"])
        #expect(unknown.status == 1)
        #expect(unknown.stderrString.contains("unknown option -bogus"))
        for bad in [["-o", "-timeout", "inf"], ["-o", "-timeout", "0"], ["-o", "-limit", "lots"]] {
            let result = try xkitClip(bad)
            #expect(result.status == 1, "\(bad): \(result)")
        }
        let missing = try xkitClip(["-i", "/nonexistent/xkit-clip-input"])
        #expect(missing.status == 1)
        #expect(missing.stderrString.contains("cannot open /nonexistent/xkit-clip-input"))
    }

    @Test func withoutADisplayItSaysSoAndExitsWithTwo() throws {
        let result = try xkitClip(["-o"], environment: ["DISPLAY": ":9999"])
        #expect(result.status == 2)
        #expect(result.stderrString.contains("no X display"))
    }

    @Test func withNoOwnerItExitsWithThree() throws {
        // Taking PRIMARY and then killing the owner leaves nobody owning it.
        let owner = try xclipOwn(Data("x".utf8), selection: .primary)
        owner.terminate()
        let result = try xkitClip(["-o", "-selection", "primary"])
        #expect(result.status == 3, "\(result.stderrString)")
        #expect(!result.stderrString.isEmpty)
    }

    @Test func aSilentOwnerExitsWithFourAtTheTimeout() throws {
        let (result, elapsed) = try paste(from: .silent, ["-timeout", "0.5"])
        #expect(result.status == 4, "\(result)")
        #expect(result.stderrString.contains("timed out"))
        #expect(elapsed >= 0.45 && elapsed < 0.5 + HostileOwnerRun.slack, "took \(elapsed) s")
    }

    @Test func aTricklingOwnerIsCutOffByTheTimeoutOfTheWholePaste() throws {
        // A byte every 0.1 s never leaves a 1 s gap, so only a bound on the whole paste ends it.
        let (result, elapsed) = try paste(from: .trickle(interval: 0.1), ["-timeout", "1"])
        #expect(result.status == 4, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(elapsed >= 0.95 && elapsed < 1 + HostileOwnerRun.slack, "took \(elapsed) s")
    }

    @Test func anOwnerThatVanishesMidTransferExitsWithFour() throws {
        let (result, elapsed) = try paste(from: .vanish(chunks: 2), ["-timeout", "0.5"])
        #expect(result.status == 4, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(elapsed < 0.5 + HostileOwnerRun.slack)
    }

    @Test func invalidUTF8FromTheOwnerExitsWithFive() throws {
        let owner = try xclipOwn(Data([0x66, 0x6F, 0xFF, 0x6F]), selection: .clipboard, target: "UTF8_STRING")
        defer { owner.terminate() }
        let result = try xkitClip(["-o"])
        #expect(result.status == 5, "\(result.stderrString)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aRefusingOwnerExitsWithSix() throws {
        let (result, _) = try paste(from: .refuse, [])
        #expect(result.status == 6, "\(result)")
        #expect(result.stderrString.contains("refused"))
        let (raw, _) = try paste(from: .refuse, ["-t", "text/html"])
        #expect(raw.status == 6, "\(raw)")
    }

    @Test(arguments: [UInt32(0xFFFF_FFFF), UInt32(0x8000_0000), UInt32((256 << 10) + 1)])
    func anINCRSizeAboveTheLimitFailsAtOnceWithSeven(announced: UInt32) throws {
        let (result, elapsed) = try paste(from: .incr(announced: announced, bytes: Array("small".utf8), chunk: 100),
                                          ["-timeout", "5", "-limit", "256K"])
        #expect(result.status == 7, "\(result)")
        #expect(result.stderrString.contains("larger than the 262144-byte limit"))
        #expect(elapsed < 2, "the size alone decides; took \(elapsed) s")
    }

    @Test func anINCRSizeThatLiesIsCutAtTheLimit() throws {
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 300 << 10)
        let (over, _) = try paste(from: .incr(announced: 10, bytes: big, chunk: 65536), ["-limit", "256K"])
        #expect(over.status == 7, "\(over)")
        #expect(over.stdout.isEmpty)
        // A lie the other way (more announced than sent, within the limit) still gives exactly what came.
        let (under, _) = try paste(from: .incr(announced: 200_000, bytes: Array("short".utf8), chunk: 100), ["-limit", "256K"])
        #expect(under.status == 0, "\(under)")
        #expect(under.stdoutString == "short")
    }

    @Test func aFloodingOwnerIsRefusedWithoutHoldingMoreThanTheLimit() throws {
        let (small, _) = try paste(from: .honest(bytes: Array("baseline".utf8), chunk: 4096), [])
        #expect(small.status == 0)
        let limitMiB = 64
        let (flood, elapsed) = try paste(from: .flood(chunk: 256 << 10), ["-timeout", "15", "-limit", "\(limitMiB)M"])
        #expect(flood.status == 7, "\(flood)")
        #expect(elapsed < 10)
        // Growing a full buffer by doubling held the old and the new copy at once. Now the limit is
        // reserved once and a chunk that does not fit is deleted unread.
        let baseline = (small.maxResidentKiB ?? 0) / 1024, peak = (flood.maxResidentKiB ?? Int.max) / 1024
        #expect(peak < baseline + limitMiB + 8, "peak \(peak) MiB against a \(baseline) MiB baseline and a \(limitMiB) MiB limit")
    }

    @Test(arguments: [("INTEGER", Int32(32)), ("UTF8_STRING", 16), ("COMPOUND_TEXT", 8)])
    func aReplyThatIsNotTextExitsWithEight(type: String, format: Int32) throws {
        for behaviour in [HostileBehaviour.wrongType(type: type, format: format, bytes: Array("text!!".utf8)),
                          .incrWrongType(type: type, format: format, bytes: Array("text!!".utf8), chunk: 4)] {
            let (result, _) = try paste(from: behaviour, [])
            #expect(result.status == 8, "\(behaviour): \(result)")
            #expect(result.stderrString.contains("type \(type) in format \(format)"), "\(result.stderrString)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func aTargetsListThatIsNotAtomsExitsWithEight() throws {
        let (result, _) = try paste(from: .wrongType(type: "UTF8_STRING", format: 8, bytes: Array("TARGETS".utf8)),
                                    ["-t", "TARGETS"])
        #expect(result.status == 8, "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func randomizedHostileOwnersNeverGetAWrongSuccessOrHang() throws {
        // XKIT_HOSTILE_CASES=1000 runs the full figure (as `xkit-bench hostile` does).
        let environment = ProcessInfo.processInfo.environment
        let count = environment["XKIT_HOSTILE_CASES"].flatMap { Int($0) } ?? 30
        let seed = environment["XKIT_HOSTILE_SEED"].flatMap { UInt64($0) } ?? 14
        let outcomes = try HostileOwnerRun(seed: seed, count: count).run()
        for outcome in outcomes where !outcome.passed {
            Issue.record("\(outcome.testCase): got \(outcome.status) after \(outcome.elapsed) s; \(outcome.stderr.prefix(300))")
        }
        #expect(outcomes.filter(\.wrongSuccess).isEmpty)
        #expect(outcomes.count == count)
    }

    @Test func copyingReturnsAtOnceAndKeepsServingInTheBackground() throws {
        let text = "Giá vé — Цена — 料金 — 가격\n"
        let copy = try xkitClip(["-i"], stdin: Data(text.utf8))
        #expect(copy.status == 0, "\(copy.stderrString)")
        let pasted = try ClipboardReader().xclip(.clipboard)
        #expect(pasted.stdoutString == text)
        let back = try xkitClip(["-o"])
        #expect(back.status == 0)
        #expect(back.stdoutString == text)
        let targets = try xkitClip(["-o", "-t", "TARGETS"])
        #expect(targets.stdoutString.split(separator: "\n").contains("UTF8_STRING"))
    }
}
