import Glibc

/// Minimal file access without Foundation.
package enum FileIO {
    /// Errors reading or writing files, with the path and the system's reason.
    package struct Failure: Error, CustomStringConvertible {
        package let path: String
        package let reason: String
        package var description: String { "\(path): \(reason)" }
    }

    /// Writes bytes to a file, replacing it.
    package static func write(_ bytes: [UInt8], to path: String) throws {
        guard let file = fopen(path, "wb") else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { fclose(file) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        if written != bytes.count { throw Failure(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Reads a whole file.
    package static func read(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { fclose(file) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            out.append(contentsOf: buffer.prefix(n))
        }
        if ferror(file) != 0 { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        return out
    }

    /// Reads a UTF-8 text file, replacing invalid sequences.
    package static func readText(_ path: String) throws -> String {
        String(decoding: try read(path), as: UTF8.self)
    }
}
