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
        // A regular file is read in one go into an array of its size; what follows (a file that
        // grew, or a pipe with no size) is read in chunks.
        var out: [UInt8] = []
        if fseek(file, 0, SEEK_END) == 0 {
            let size = ftell(file)
            rewind(file)
            if size > 0 {
                out = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                    if let base = buffer.baseAddress, size >= 4 << 20 { adviseHugePages(UnsafeMutableRawPointer(base), count: size) }
                    initialized = fread(buffer.baseAddress, 1, size, file)
                }
            }
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            out.append(contentsOf: buffer.prefix(n))
        }
        if ferror(file) != 0 { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        return out
    }

    /// Asks for transparent huge pages over the 2 MiB-aligned middle of a large buffer about to be
    /// filled, so reading a big file into it takes a few page faults rather than one per 4 KiB. It is
    /// only advice: where huge pages are off or short, the kernel uses small pages as before.
    private static func adviseHugePages(_ start: UnsafeMutableRawPointer, count: Int) {
        let huge = 2 << 20
        let lower = (Int(bitPattern: start) + huge - 1) & ~(huge - 1)
        let upper = (Int(bitPattern: start) + count) & ~(huge - 1)
        if upper > lower, let aligned = UnsafeMutableRawPointer(bitPattern: lower) {
            _ = madvise(aligned, upper - lower, MADV_HUGEPAGE)
        }
    }

    /// Reads a UTF-8 text file, replacing invalid sequences.
    package static func readText(_ path: String) throws -> String {
        String(decoding: try read(path), as: UTF8.self)
    }
}
