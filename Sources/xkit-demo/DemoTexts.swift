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
            guard var content = try? FileIO.readText(path) else { continue }
            return content.withUTF8(parse)
        }
        Trace.warn("assets/texts.txt not found; set XKIT_ASSETS to the assets folder")
        return ["hello": "Chào các bạn — Привет — コピー可能 — 복사"]
    }

    /// KEY<TAB>TEXT lines, `#` comments skipped. Split as bytes in one buffer: a String split walks
    /// grapheme clusters, and a generic split over the UTF-8 view is not much cheaper (2.1 M and
    /// 0.6 M of the hello scene's launch instructions for a 5 KB file).
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> [String: String] {
        var table: [String: String] = [:]
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if bytes[start] != UInt8(ascii: "#") {
                var tab = start
                while tab < end && bytes[tab] != UInt8(ascii: "\t") { tab += 1 }
                if tab < end {
                    let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<tab]), as: UTF8.self)
                    table[key] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(tab + 1)..<end]), as: UTF8.self)
                }
            }
            start = end + 1
        }
        return table
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
