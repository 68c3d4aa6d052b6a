import XKitTesting
import Glibc
import XKit

/// `xkit-bench fuzz [--count N] [--seed S]`: random Unicode text laid out and hit-tested (see
/// `TextHitTestFuzzer`); prints the rate and fails on the first broken invariant.
func runFuzzBench(arguments: [String]) -> Int32 {
    var count = 1_000_000
    var seed: UInt64 = 0x5EED_6
    var i = 0
    while i < arguments.count {
        switch arguments[i] {
        case "--count" where i + 1 < arguments.count: count = Int(arguments[i + 1]) ?? count; i += 1
        case "--seed" where i + 1 < arguments.count: seed = UInt64(arguments[i + 1]) ?? seed; i += 1
        default:
            Console.error("usage: xkit-bench fuzz [--count N] [--seed S]")
            return 2
        }
        i += 1
    }
    var fuzzer = TextHitTestFuzzer(seed: seed)
    let start = monotonicSeconds()
    // Chunks, so a long run shows progress and a failure names its round exactly.
    let chunk = 100_000
    var done = 0
    var total = TextHitTestFuzzer.Stats()
    while done < count {
        let n = min(chunk, count - done)
        switch fuzzer.run(count: n) {
        case .success(let stats):
            total.strings += stats.strings
            total.hitTests += stats.hitTests
            total.hits += stats.hits
            total.scalars += stats.scalars
        case .failure(let failure):
            Console.error("fuzz: FAILED after \(done) strings: \(failure)")
            return 1
        }
        done += n
        Console.out("fuzz: \(done) strings, \(total.hitTests) hit tests, \(total.hits) hits, "
                    + "\(Int(monotonicSeconds() - start)) s")
    }
    let seconds = monotonicSeconds() - start
    Console.out("fuzz: OK seed \(seed): \(total.strings) strings (\(total.scalars) scalars), \(total.hitTests) hit tests "
                + "(\(total.hits) on glyphs), no crash, every index a character boundary, in \(fmt(seconds, 1)) s")
    return 0
}

/// A number with a fixed count of decimals.
func fmt(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var s = String(rounded)
    if let dot = s.firstIndex(of: ".") {
        let have = s.distance(from: dot, to: s.endIndex) - 1
        if have < decimals { s += String(repeating: "0", count: decimals - have) }
        if decimals == 0 { s = String(s[..<dot]) }
    }
    return s
}
