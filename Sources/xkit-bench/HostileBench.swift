import Foundation
import XKitTesting

/// `xkit-bench hostile [COUNT] [SEED]`: `xkit-clip -o` against randomized hostile owners (default 1,000).
///
/// Each case must end with its expected exit status within `-timeout` plus start-up slack; an exit 0
/// where an error was due, or with other bytes than the owner's, is the worst failure.
func runHostileBench(arguments: [String]) -> Int32 {
    let count = Int(arguments.first ?? "") ?? 1000
    let seed = UInt64(arguments.dropFirst().first ?? "") ?? 14
    let run = HostileOwnerRun(seed: seed, count: count)
    print("hostile: \(count) cases, seed \(seed)")
    let start = Date()
    do {
        let outcomes = try run.run { outcome in
            if !outcome.passed {
                print("  FAIL \(outcome.testCase): got \(outcome.status) after \(String(format: "%.2f", outcome.elapsed)) s; \(outcome.stderr.prefix(200))")
            }
        }
        let failed = outcomes.filter { !$0.passed }
        let wrongSuccesses = outcomes.filter(\.wrongSuccess).count
        let overruns = outcomes.filter(\.overran).count
        let worstOverrun = outcomes.map { $0.elapsed - $0.testCase.timeout }.max() ?? 0
        var byStatus: [Int32: Int] = [:]
        for outcome in outcomes { byStatus[outcome.status, default: 0] += 1 }
        print("hostile: \(outcomes.count) cases in \(String(format: "%.0f", Date().timeIntervalSince(start))) s; "
              + "\(failed.count) failed, \(wrongSuccesses) wrong exit 0, \(overruns) past their deadline "
              + "(worst: \(String(format: "%.2f", worstOverrun)) s beyond -timeout, slack \(HostileOwnerRun.slack) s)")
        print("hostile: exit statuses " + byStatus.keys.sorted().map { "\($0): \(byStatus[$0] ?? 0)" }.joined(separator: ", "))
        return failed.isEmpty ? 0 : 1
    } catch {
        print("hostile: \(error)")
        return 1
    }
}
