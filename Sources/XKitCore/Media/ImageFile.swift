import Glibc

/// Reads image files whole, refusing ones larger than the limits before reading them.
enum ImageFile {
    /// Whether a regular file exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The file's size in bytes (0 when it cannot be read).
    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The file's bytes.
    static func read(_ path: String, limits: ImageLimits) throws(ImageError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            if errno == ENOENT { throw .notFound(path) }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var info = stat()
        guard fstat(fileno(file), &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        let size = Int(info.st_size)
        guard size <= limits.maximumFileBytes else {
            throw .unreadable(path: path, reason: "\(size) bytes is over the \(limits.maximumFileBytes)-byte limit")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, size, file) }
        guard read == size else { throw .unreadable(path: path, reason: "short read (\(read) of \(size) bytes)") }
        return bytes
    }
}
