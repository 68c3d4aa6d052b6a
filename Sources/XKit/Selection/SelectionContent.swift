import XKitCore

/// What an owner serves: text kept as UTF-8 (its Latin-1 form made once, on demand), and the
/// item's other representations, each made by its provider on the first request and then kept.
@MainActor
final class SelectionContent {
    let utf8: [UInt8]
    /// Whether there is text at all (an image-only item offers no text targets).
    let hasText: Bool
    /// The non-text representations, in TARGETS order.
    let representations: [PasteboardItem.Representation]
    private var latin1Cache: [UInt8]??
    private var made: [String: Result<[UInt8], Error>] = [:]
    /// Who waits for a representation being made on a background thread, by type.
    private var waiting: [String: [@MainActor () -> Void]] = [:]
    /// Representations written piece by piece, by type, kept as their pieces once finished.
    private var streams: [String: StreamedRepresentation] = [:]

    init(utf8: [UInt8]) {
        self.utf8 = utf8
        hasText = true
        representations = []
    }

    init(item: PasteboardItem) {
        var text = item.string ?? ""
        text.makeContiguousUTF8()
        utf8 = Array(text.utf8)
        hasText = item.string != nil
        representations = item.representations
    }

    /// The STRING form, or nil when the text has characters outside Latin-1.
    var latin1: [UInt8]? {
        if let cached = latin1Cache { return cached }
        let value = Latin1.encode(utf8: utf8)
        latin1Cache = .some(value)
        return value
    }

    /// Whether a STRING conversion would succeed (cheaper than building it for big texts).
    var hasLatin1Form: Bool {
        if let cached = latin1Cache { return cached != nil }
        return Latin1.canEncode(utf8: utf8)
    }

    /// Whether a representation of `type` is offered.
    func offers(_ type: String) -> Bool { representations.contains { $0.type == type } }

    /// The bytes of a representation, made on the first request (a PNG is encoded once however many
    /// requestors ask); nil when it is not offered. A provider's failure is kept too, so a refused
    /// 30000×30000 image is not attempted again by every requestor.
    /// Whether `type` can be converted now. False when its bytes are being made on a background
    /// thread (started by this call if need be); `whenReady` then runs on the main actor once they
    /// are made, or have failed, and the request is answered then.
    /// A streamed representation is always ready: a requestor is sent what is written so far.
    func isReady(_ type: String, whenReady: @escaping @MainActor () -> Void) -> Bool {
        guard let representation = representations.first(where: { $0.type == type }) else { return true }
        if representation.streamingProvider != nil {
            startStream(representation)
            return true
        }
        guard made[type] == nil, let background = representation.backgroundProvider else { return true }
        if waiting[type] != nil {
            waiting[type, default: []].append(whenReady)
            return false
        }
        waiting[type] = [whenReady]
        Task { @MainActor in
            let result = await Task.detached(priority: .userInitiated) { Result { try background() } }.value
            self.made[type] = result
            let waiters = self.waiting.removeValue(forKey: type) ?? []
            for waiter in waiters { waiter() }
        }
        return false
    }

    /// Starts making every background representation now, so a paste finds its bytes ready.
    func startBackgroundWork() {
        for representation in representations where representation.backgroundProvider != nil {
            _ = isReady(representation.type) {}
        }
    }

    /// The representation of `type` as it is written piece by piece, finished or not (started by this
    /// call if need be); nil when it is not streamed.
    func stream(forType type: String) -> StreamedRepresentation? {
        guard let representation = representations.first(where: { $0.type == type }) else { return nil }
        return startStream(representation)
    }

    @discardableResult
    private func startStream(_ representation: PasteboardItem.Representation) -> StreamedRepresentation? {
        if let stream = streams[representation.type] { return stream }
        guard let provider = representation.streamingProvider else { return nil }
        let stream = StreamedRepresentation(provider)
        streams[representation.type] = stream
        return stream
    }

    func data(forType type: String) throws -> [UInt8]? {
        if let result = made[type] { return try result.get() }
        guard let representation = representations.first(where: { $0.type == type }) else { return nil }
        let result = Result { try representation.provider() }
        made[type] = result
        return try result.get()
    }
}
