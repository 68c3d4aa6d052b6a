import Glibc
import XKit

/// The sample texts in assets/texts.txt (KEY<TAB>TEXT per line), found next to the build or the working directory.
@MainActor
enum DemoTexts {
    static let table: [String: String] = load()

    /// The text for a key, or the key itself so a missing asset shows up on screen rather than crashing.
    static func text(_ key: String) -> String { table[key] ?? key }

    private static func load() -> [String: String] {
        for path in candidatePaths() {
            guard let content = try? FileIO.readText(path) else { continue }
            // Split as bytes: a String split walks grapheme clusters, which cost the hello scene's
            // launch 2 M instructions for a 5 KB file.
            var table: [String: String] = [:]
            for line in content.utf8.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: "#") {
                let parts = line.split(separator: UInt8(ascii: "\t"), maxSplits: 1)
                if parts.count == 2 { table[String(decoding: parts[0], as: UTF8.self)] = String(decoding: parts[1], as: UTF8.self) }
            }
            return table
        }
        Trace.warn("assets/texts.txt not found; set XKIT_ASSETS to the assets folder")
        return ["hello": "Chào các bạn — Привет — コピー可能 — 복사"]
    }

    private static func candidatePaths() -> [String] { DemoAssets.folders().map { $0 + "/texts.txt" } }
}

/// Where the demo's assets folder may be: `$XKIT_ASSETS`, next to the build, or the working directory.
enum DemoAssets {
    static func folders() -> [String] {
        var paths: [String] = []
        if let env = getenv("XKIT_ASSETS") { paths.append(String(cString: env)) }
        // The executable lives in .build/<config>/, two levels below the package root.
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 {
            let exe = String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            var dir = exe
            for _ in 0..<5 {
                guard let slash = dir.lastIndex(of: "/") else { break }
                dir = String(dir[..<slash])
                paths.append(dir + "/assets")
            }
        }
        paths.append("assets")
        return paths
    }
}
