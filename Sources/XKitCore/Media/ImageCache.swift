/// Loads images by name from the app's image folders, picking `@2x` files on HiDPI screens, and keeps them.
///
/// Decoding happens on first use of a name, never at launch. Each application owns one (`application.images`).
/// `loadImage(named:scale:completion:)` decodes at once only what is cheap to decode, judged by the
/// header (`ImageHeader`: the decoded size and a progressive JPEG's scans) and the file size, and
/// everything else off the main actor, so a large image never stalls the first frame;
/// `image(named:scale:)` always decodes at once.
///
///     application.images.searchPaths = ["assets/images"]
///     let avatar = try application.images.image(named: "avatar1", scale: window.scale).get()
@MainActor
public final class ImageCache {
    /// Folders searched in order for `name.png`, `name@2x.png`, `name.jpg`, …
    public var searchPaths: [String] = []
    /// The most images kept; the least recently used goes first.
    public var countLimit = 64 { didSet { trim() } }
    /// The limits every decode is held to.
    public var limits = ImageLimits()
    /// Files up to this many bytes may be decoded at once by `loadImage`; larger ones in the background.
    public var synchronousLimit = 256 << 10
    /// Images whose decoded pixels take up to this many bytes (width × height × 4, from the header)
    /// may be decoded at once by `loadImage`; larger ones in the background. 1 MiB is 512×512.
    public var synchronousDecodedLimit = 1 << 20
    /// Progressive JPEGs of up to this many scans may be decoded at once (libjpeg's own progressive
    /// script writes 10 for colour); each scan is another pass over every coefficient.
    public var synchronousScanLimit = 12

    private let decoder: () -> ImageDecoder
    private var entries: [String: Image] = [:]
    private var order: [String] = []
    private var pending: [String: [@MainActor (Result<Image, ImageError>) -> Void]] = [:]

    /// A cache decoding through `decoder` (asked for lazily, so an app without images never loads a codec).
    public init(decoder: @escaping () -> ImageDecoder) { self.decoder = decoder }

    /// The image called `name` for a screen of `scale` device pixels per point.
    ///
    /// At a scale of 1.5 or more `name@2x` is preferred, else `name`; either falls back to the other.
    /// `name` may carry an extension (`avatar.jpg`) or be a path.
    public func image(named name: String, scale: Double) -> Result<Image, ImageError> {
        let prefersDouble = scale >= 1.5
        let key = "\(name)|\(prefersDouble ? 2 : 1)"
        if let hit = entries[key] { touch(key); return .success(hit) }
        guard let (path, fileScale) = locate(name, prefersDouble: prefersDouble) else { return .failure(.notFound(name)) }
        return load(path, scale: fileScale, key: key)
    }

    /// Loads the image called `name` (as `image(named:scale:)` does) and hands it to `completion`:
    /// at once when it is cached or cheap to decode (`decodesInBackground(_:)` is false for its header
    /// and the file is at most `synchronousLimit` bytes), else after decoding it off the main actor.
    ///
    /// Returns whether `completion` already ran.
    @discardableResult
    public func loadImage(named name: String, scale: Double,
                          completion: @escaping @MainActor (Result<Image, ImageError>) -> Void) -> Bool {
        let key = "\(name)|\(scale >= 1.5 ? 2 : 1)"
        if let hit = entries[key] { touch(key); completion(.success(hit)); return true }
        guard let (path, fileScale) = locate(name, prefersDouble: scale >= 1.5) else {
            completion(.failure(.notFound(name)))
            return true
        }
        // A small file is read here; its header says whether decoding it is cheap too.
        guard ImageFile.size(path) <= synchronousLimit, let data = try? ImageFile.read(path, limits: limits) else {
            return decodeInBackground(path, bytes: nil, scale: fileScale, key: key, completion)
        }
        if decodesInBackground(ImageHeader(parsing: data)) {
            return decodeInBackground(path, bytes: data, scale: fileScale, key: key, completion)
        }
        let decoder = decoder(), limits = limits
        completion(keep(Result { () throws(ImageError) in try Image(data: data, scale: fileScale, decoder: decoder, limits: limits) },
                        path: path, key: key))
        return true
    }

    /// Whether an image with `header` is too costly to decode on the main actor (a header that
    /// cannot be read is not: the decoder rejects such bytes at once, with the reason).
    public func decodesInBackground(_ header: ImageHeader?) -> Bool {
        guard let header else { return false }
        return header.decodedBytes > synchronousDecodedLimit
            || (header.isProgressive && header.scanCount > synchronousScanLimit)
    }

    /// Decodes `bytes` (or the file, when nil) off the main actor, then calls every waiting completion.
    private func decodeInBackground(_ path: String, bytes: [UInt8]?, scale: Double, key: String,
                                    _ completion: @escaping @MainActor (Result<Image, ImageError>) -> Void) -> Bool {
        if pending[key] != nil { pending[key]?.append(completion); return false }
        pending[key] = [completion]
        let decoder = decoder(), limits = limits
        Task.detached { [weak self] in
            let result: Result<Image, ImageError>
            do throws(ImageError) {
                // Not `??`: its autoclosure would widen the typed throw to `any Error`.
                let data: [UInt8]
                if let bytes { data = bytes } else { data = try ImageFile.read(path, limits: limits) }
                result = .success(try Image(data: data, scale: scale, decoder: decoder, limits: limits))
            } catch {
                result = .failure(error)
            }
            await self?.finish(key, path: path, result)
        }
        return false
    }

    private func finish(_ key: String, path: String, _ result: Result<Image, ImageError>) {
        switch result {
        case .success(let image):
            entries[key] = image
            touch(key)
            trim()
        case .failure(let error):
            Trace.warn("image \(path): \(error)")
        }
        for completion in pending.removeValue(forKey: key) ?? [] { completion(result) }
    }

    /// The image in the file at `path`, drawn at `scale` pixels per point.
    public func image(contentsOfFile path: String, scale: Double = 1) -> Result<Image, ImageError> {
        load(path, scale: scale, key: "file:\(path)|\(scale)")
    }

    /// Drops every cached image.
    public func removeAll() {
        entries.removeAll()
        order.removeAll()
    }

    /// How many images are held.
    public var count: Int { entries.count }

    private func load(_ path: String, scale: Double, key: String) -> Result<Image, ImageError> {
        if let hit = entries[key] { touch(key); return .success(hit) }
        let limits = limits
        return keep(Result { () throws(ImageError) in
            try Image(data: ImageFile.read(path, limits: limits), scale: scale, decoder: decoder(), limits: limits)
        }, path: path, key: key)
    }

    /// Caches a decoded image, or traces why it failed.
    private func keep(_ result: Result<Image, ImageError>, path: String, key: String) -> Result<Image, ImageError> {
        switch result {
        case .success(let image):
            entries[key] = image
            touch(key)
            trim()
        case .failure(let error):
            Trace.warn("image \(path): \(error)")
        }
        return result
    }

    /// The file for a name and the scale it was drawn at, preferred variant first.
    private func locate(_ name: String, prefersDouble: Bool) -> (String, Double)? {
        let (stem, extensions) = Self.split(name)
        let variants: [(String, Double)] = prefersDouble ? [("@2x", 2), ("", 1)] : [("", 1), ("@2x", 2)]
        let folders = name.hasPrefix("/") ? [""] : (searchPaths.isEmpty ? ["."] : searchPaths)
        for folder in folders {
            let base = folder.isEmpty ? stem : folder + "/" + stem
            for (suffix, scale) in variants {
                for ext in extensions where ImageFile.exists(base + suffix + ext) { return (base + suffix + ext, scale) }
            }
        }
        return nil
    }

    /// "a/b.png" → ("a/b", [".png"]); "b" → ("b", [".png", ".jpg", ".jpeg"]).
    static func split(_ name: String) -> (stem: String, extensions: [String]) {
        for ext in [".png", ".jpg", ".jpeg", ".PNG", ".JPG", ".JPEG"] where name.hasSuffix(ext) {
            return (String(name.dropLast(ext.count)), [ext])
        }
        return (name, [".png", ".jpg", ".jpeg"])
    }

    private func touch(_ key: String) {
        order.removeAll { $0 == key }
        order.append(key)
    }

    private func trim() {
        while entries.count > max(0, countLimit), !order.isEmpty {
            entries[order.removeFirst()] = nil
        }
    }
}
