import Foundation
import XKitTesting

/// `xkit-bench clip [ROUNDS] [MIB]`: 64 MiB of mixed-script UTF-8 through CLIPBOARD, XKit against xclip.
///
/// Copy side: `xclip -o` reads from an `xkit-clip -i` owner and from an `xclip -i` owner.
/// Paste side: `xkit-clip -o` and `xclip -o` read from an `xclip -i` owner. Every pair is
/// byte-checked before it is timed; then xsel reads XKit's copy ten times.
func runClipBench(arguments: [String]) -> Int32 {
    let rounds = Int(arguments.first ?? "") ?? 10
    let mib = Int(arguments.dropFirst().first ?? "") ?? 64
    do {
        let server = try XvfbServer.shared()
        let env = server.environment
        let anchors = try Bench.anchorsDirectory()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-clip-\(mib)m.txt").path
        let generated = try runProcess(["python3", anchors.appendingPathComponent("gen_text.py").path, "\(mib << 20)", file], timeout: 120)
        guard generated.succeeded, let expected = FileManager.default.contents(atPath: file) else {
            print("clip: could not generate the text: \(generated.stderrString)")
            return 1
        }
        let xkitClip = Bench.sibling("xkit-clip")
        let ownXKit = [xkitClip, "-i", file]
        let ownXclip = ["xclip", "-i", "-selection", "clipboard", file]
        let readXclip = ["xclip", "-o", "-selection", "clipboard"]
        let readXKit = [xkitClip, "-o", "-timeout", "30"]
        let readXsel = ["xsel", "-o", "-b"]

        func own(_ argv: [String]) throws {
            let result = try runProcess(argv, timeout: 60, environment: env)
            guard result.succeeded else { throw XKitTestingError("\(argv[0]) could not take CLIPBOARD: \(result.stderrString)") }
            Thread.sleep(forTimeInterval: 0.2)
        }
        func readsExactly(_ argv: [String]) throws -> Bool {
            try runProcess(argv, timeout: 120, environment: env).stdout == expected
        }

        print("clip: \(mib) MiB mixed-script UTF-8 through CLIPBOARD on \(server.display); \(rounds) rounds, medians")
        // Copy side: who serves xclip faster?
        var copy: [String: [ProcessSample]] = [:]
        for (name, owner) in [("xclip -o ← xkit-clip -i", ownXKit), ("xclip -o ← xclip -i", ownXclip)] {
            try own(owner)
            guard try readsExactly(readXclip) else { print("clip: \(name) did not read back the same bytes; not timed"); continue }
        }
        for _ in 0..<rounds {
            for (name, owner) in [("xclip -o ← xkit-clip -i", ownXKit), ("xclip -o ← xclip -i", ownXclip)] {
                try own(owner)
                copy[name, default: []].append(Bench.run(readXclip, environment: env))
            }
        }
        Bench.report(copy, order: ["xclip -o ← xkit-clip -i", "xclip -o ← xclip -i"], baseline: "xclip -o ← xclip -i")

        // Paste side: who reads from xclip faster?
        try own(ownXclip)
        var paste: [String: [ProcessSample]] = [:]
        if try readsExactly(readXKit) && readsExactly(readXclip) {
            for _ in 0..<rounds {
                paste["xkit-clip -o ← xclip -i", default: []].append(Bench.run(readXKit, environment: env))
                paste["xclip -o ← xclip -i", default: []].append(Bench.run(readXclip, environment: env))
            }
            Bench.report(paste, order: ["xkit-clip -o ← xclip -i", "xclip -o ← xclip -i"], baseline: "xclip -o ← xclip -i")
        } else {
            print("clip: pasting from xclip did not read back the same bytes; not timed")
        }

        // xsel against our INCR: the anchor notes xclip as owner fails it most of the time.
        try own(ownXKit)
        var good = 0
        for _ in 0..<10 where try readsExactly(readXsel) { good += 1 }
        print("xsel -o read XKit's \(mib) MiB correctly \(good) of 10 times")
        _ = try? runProcess(["xclip", "-i", "-selection", "clipboard", "/dev/null"], environment: env)
        return 0
    } catch {
        print("clip: \(error)")
        return 1
    }
}
