/// Reading a pasteboard by type: HTML, images, URI lists, and plain text from any of them.
extension PlatformPasteboard {
    /// The owner's `text/html`, decoded (UTF-8, or UTF-16 with or without a byte-order mark), or nil.
    ///
    /// Bytes that do not decode cleanly are replaced with U+FFFD and traced as a warning.
    ///
    ///     if let html = try await pasteboard.html() { render(html) }
    public func html() async throws -> String? {
        guard let bytes = try await data(forType: PasteboardType.html) else { return nil }
        let decoded = HTMLReader.decode(bytes)
        for warning in decoded.warnings { Trace.warn("paste: \(warning)") }
        return decoded.html
    }

    /// The owner's `image/png` decoded by `decoder` (the platform's `imageDecoder`), or nil.
    ///
    /// - Throws: `ImageError` when the bytes are not a valid image or over `limits`.
    public func image(decoder: ImageDecoder, limits: ImageLimits = ImageLimits()) async throws -> Image? {
        guard let bytes = try await data(forType: PasteboardType.png), !bytes.isEmpty else { return nil }
        return try Image(data: bytes, decoder: decoder, limits: limits)
    }

    /// The owner's `text/uri-list` as URIs (comments and blank lines left out), or nil.
    public func uris() async throws -> [String]? {
        guard let bytes = try await data(forType: PasteboardType.uriList) else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            Trace.warn("paste: text/uri-list is not valid UTF-8; broken sequences were replaced with U+FFFD")
            return HTMLReader.uris(fromURIList: String(decoding: bytes, as: UTF8.self))
        }
        return HTMLReader.uris(fromURIList: text)
    }

    /// Plain text from whatever the owner offers: its text, else the text inside its HTML, else its URIs
    /// one per line. Nil when it offers none of them.
    ///
    /// - Throws: the text conversion's error when nothing else is offered either.
    public func plainText() async throws -> String? {
        let textError: Error?
        do {
            if let text = try await string() { return text }
            textError = nil
        } catch {
            textError = error
        }
        let types = (try? await availableTypes()) ?? []
        if types.contains(PasteboardType.html), let html = try await html() {
            return HTMLReader.plainText(fromHTML: html)
        }
        if types.contains(PasteboardType.uriList), let uris = try await uris() {
            return uris.joined(separator: "\n")
        }
        if let textError { throw textError }
        return nil
    }
}
