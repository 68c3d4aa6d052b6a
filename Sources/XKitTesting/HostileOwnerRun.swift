import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One randomized hostile-owner case: what the owner does and what `xkit-clip -o` must answer.
public struct HostileCase: Sendable, CustomStringConvertible {
    public let index: Int
    public let behaviour: HostileBehaviour
    /// The exit status xkit-clip must give.
    public let expectedStatus: Int32
    /// The output it must print on success.
    public let expectedOutput: [UInt8]
    /// `-timeout` and `-limit` for this case.
    public let timeout: Double
    public let limit: Int

    public var description: String {
        "#\(index) \(behaviour), -timeout \(timeout) -limit \(limit): expect \(expectedStatus)"
    }
}

/// The result of one case.
public struct HostileOutcome: Sendable {
    public let testCase: HostileCase
    public let status: Int32
    public let elapsed: Double
    public let outputMatches: Bool
    public let stderr: String
    /// xkit-clip ran past its own `-timeout` plus the start-up slack.
    public let overran: Bool
    /// Exit 0 where an error was due, or exit 0 with other bytes than the owner's.
    public var wrongSuccess: Bool { status == 0 && (testCase.expectedStatus != 0 || !outputMatches) }
    public var passed: Bool { status == testCase.expectedStatus && !overran && (status != 0 || outputMatches) }
}

/// A seeded run of `xkit-clip -o` against owners that send wrong types and formats, lie about INCR
/// sizes, trickle, flood, stay silent, refuse or vanish mid-transfer.
public struct HostileOwnerRun {
    /// Seconds xkit-clip may take beyond `-timeout` (process start, display connection, reaping).
    public static let slack = 1.5

    public let seed: UInt64
    public let count: Int

    public init(seed: UInt64, count: Int) {
        self.seed = seed
        self.count = count
    }

    /// The cases, the same for the same seed.
    public func cases() -> [HostileCase] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { makeCase($0, &rng) }
    }

    /// Runs every case against the built xkit-clip on the shared test display; `progress` sees each outcome.
    public func run(progress: (HostileOutcome) -> Void = { _ in }) throws -> [HostileOutcome] {
        let path = try AppProcess.executableURL(named: "xkit-clip").path
        let environment = try XvfbServer.shared().environment
        var outcomes: [HostileOutcome] = []
        for testCase in cases() {
            let owner = try HostileOwner(testCase.behaviour)
            let start = monotonicNow()
            let result = try runProcess([path, "-o", "-timeout", "\(testCase.timeout)", "-limit", "\(testCase.limit)"],
                                        timeout: testCase.timeout + 10, environment: environment)
            let elapsed = monotonicNow() - start
            owner.stop()
            let outcome = HostileOutcome(testCase: testCase, status: result.status, elapsed: elapsed,
                                         outputMatches: [UInt8](result.stdout) == testCase.expectedOutput,
                                         stderr: result.stderrString,
                                         overran: elapsed > testCase.timeout + Self.slack)
            progress(outcome)
            outcomes.append(outcome)
        }
        return outcomes
    }

    private func makeCase(_ index: Int, _ rng: inout SeededGenerator) -> HostileCase {
        let timeout = [0.3, 0.5, 0.8][Int(rng.next() % 3)]
        let limit = [64 << 10, 256 << 10, 1 << 20][Int(rng.next() % 3)]
        let chunk = [1, 100, 4096, 65536][Int(rng.next() % 4)]
        // Small enough to arrive well within the timeout even in 100-byte chunks.
        let size = Int(rng.next() % 20_000)
        let text = Self.text(size, &rng)
        func make(_ behaviour: HostileBehaviour, _ status: Int32, _ output: [UInt8] = [], roomy: Bool = false) -> HostileCase {
            // An owner that answers honestly, or floods until the limit, must not fail for a loaded
            // machine's slowness: its hundreds of INCR round trips get a roomy bound. The tight
            // ones test the owners that stall.
            HostileCase(index: index, behaviour: behaviour, expectedStatus: status, expectedOutput: output,
                        timeout: status == 0 || roomy ? 10 : timeout, limit: limit)
        }
        switch rng.next() % 10 {
        case 0:
            return make(.honest(bytes: text, chunk: max(chunk, 100)), 0, text)
        case 1:
            let (type, format) = [("INTEGER", Int32(32)), ("UTF8_STRING", 16), ("UTF8_STRING", 32), ("ATOM", 32),
                                  ("COMPOUND_TEXT", 8), ("image/png", 8)][Int(rng.next() % 6)]
            return make(.wrongType(type: type, format: format, bytes: Array(text.prefix(4000)) + [1, 2, 3, 4]), 8)
        case 2:
            let (type, format) = [("INTEGER", Int32(32)), ("UTF8_STRING", 16)][Int(rng.next() % 2)]
            return make(.incrWrongType(type: type, format: format, bytes: text + [1, 2, 3, 4], chunk: max(chunk, 100)), 8)
        case 3:
            // A size above the limit is refused before any data moves, lies or not.
            let announced = [UInt32(limit + 1), 0x8000_0000, 0xFFFF_FFFF][Int(rng.next() % 3)]
            return make(.incr(announced: announced, bytes: Array(text.prefix(1000)), chunk: max(chunk, 100)), 7)
        case 4:
            // A small or missing size that lies: the data decides, cut at the limit.
            let over = limit + 1 + Int(rng.next() % 5000)
            let sendsTooMuch = rng.next() % 2 == 0
            let bytes = sendsTooMuch ? [UInt8](repeating: UInt8(ascii: "x"), count: over) : text
            let announced: UInt32? = rng.next() % 2 == 0 ? nil : UInt32(rng.next() % 100)
            return make(.incr(announced: announced, bytes: bytes, chunk: 65536), sendsTooMuch ? 7 : 0, sendsTooMuch ? [] : bytes)
        case 5:
            return make(.trickle(interval: [0.05, 0.2, 1][Int(rng.next() % 3)]), 4)
        case 6:
            return make(.flood(chunk: [4096, 65536, 262_144][Int(rng.next() % 3)]), 7, roomy: true)
        case 7:
            return make(.silent, 4)
        case 8:
            return make(.refuse, 6)
        default:
            return make(.vanish(chunks: Int(rng.next() % 3)), 4)
        }
    }

    /// Valid UTF-8 of exactly `size` bytes, mixing ASCII and 2- to 4-byte characters.
    static func text(_ size: Int, _ rng: inout SeededGenerator) -> [UInt8] {
        let pieces = ["a", "b", " ", "\n", "é", "ж", "한", "日", "😀"].map { Array($0.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        while bytes.count < size {
            let piece = pieces[Int(rng.next() % UInt64(pieces.count))]
            bytes += bytes.count + piece.count <= size ? piece : [UInt8(ascii: "z")]
        }
        return bytes
    }
}

/// A tiny deterministic generator (SplitMix64), so a seed names a run.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
