import Glibc

/// Where cursor themes live on disk, read the way libXcursor reads them: each search-path
/// directory holds `THEME/cursors/NAME` files and `THEME/index.theme`, whose `Inherits=` names
/// the themes to look in next.
///
/// libXcursor itself ends every failed search in the "default" theme, so asking it for a name
/// cannot tell "this theme has it" from "some other theme has it"; XKit checks the files first.
enum CursorThemeFiles {
    /// How deep `Inherits=` chains are followed (libXcursor stops at a similar depth).
    static let maxInheritance = 8

    /// libXcursor's search path as directories, `~` expanded; its compiled-in default without the library.
    static func searchPath(_ libraryPath: String?) -> [String] {
        let path = libraryPath ?? "~/.local/share/icons:~/.icons:/usr/share/icons:/usr/share/pixmaps"
        let home = getenv("HOME").map { String(cString: $0) } ?? ""
        return path.split(separator: ":").map { dir in
            dir.hasPrefix("~") ? home + dir.dropFirst() : String(dir)
        }
    }

    /// A theme name that names one directory (no path separators, not "." or ".."): a setting
    /// comes from another program, and must not point the lookup elsewhere on disk.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && !name.contains("/") && name != "." && name != ".."
            && !name.unicodeScalars.contains { $0.value < 0x20 }
    }

    /// Whether the theme is installed in some directory of the path (its cursors or its index).
    static func exists(_ theme: String, in path: [String]) -> Bool {
        path.contains { isDirectory("\($0)/\(theme)/cursors") || isFile("\($0)/\(theme)/index.theme") }
    }

    /// Whether the theme, or a theme it inherits from, has a cursor called `name`.
    static func theme(_ theme: String, in path: [String], has name: String) -> Bool {
        var visited: Set<String> = []
        return search(theme, name, path, depth: 0, visited: &visited)
    }

    private static func search(_ theme: String, _ name: String, _ path: [String], depth: Int, visited: inout Set<String>) -> Bool {
        guard depth <= maxInheritance, isPlainName(theme), visited.insert(theme).inserted else { return false }
        if path.contains(where: { isFile("\($0)/\(theme)/cursors/\(name)") }) { return true }
        for dir in path {
            for parent in inherited("\(dir)/\(theme)/index.theme") where search(parent, name, path, depth: depth + 1, visited: &visited) {
                return true
            }
        }
        return false
    }

    /// The themes an index.theme inherits from (separated by commas, semicolons or spaces).
    static func inherited(_ indexPath: String) -> [String] {
        guard isFile(indexPath), let text = try? FileIO.readText(indexPath) else { return [] }
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("Inherits") else { continue }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            return trimmed[trimmed.index(after: equals)...]
                .split(whereSeparator: { $0 == "," || $0 == ";" || $0 == " " || $0 == "\t" })
                .map(String.init)
        }
        return []
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
