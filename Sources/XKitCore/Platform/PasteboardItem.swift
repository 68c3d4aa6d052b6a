import Synchronization

/// Type names for pasteboard representations, as MIME types (and the X11 text atoms).
public enum PasteboardType {
    /// HTML markup in UTF-8 (rich text for browsers, office suites and mail composers).
    public static let html = "text/html"
    /// Plain text in UTF-8, the MIME name GTK and Qt ask for.
    public static let plainTextUTF8 = "text/plain;charset=utf-8"
    /// A PNG file.
    public static let png = "image/png"
    /// A list of URIs, one per line (RFC 2483), `#` lines being comments.
    public static let uriList = "text/uri-list"
}

/// Why a pasteboard representation could not be produced or read.
public struct PasteboardError: Error, CustomStringConvertible, Sendable {
    /// A sentence a user or a trace reader understands.
    public let reason: String
    /// An error that says `reason`.
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// One thing on the pasteboard in several representations, each produced only when asked for.
///
/// UIKit's `UIPasteboard.setItems` takes items keyed by type; here an item keeps its plain text (every
/// text target is made from it: UTF-8, Latin-1 STRING, TEXT) and any number of other types whose bytes a
/// provider makes when a requestor converts to them (a PNG is encoded only if someone pastes it).
///
///     var item = PasteboardItem(attributedText: label.attributedText ?? "")
///     item.setDataProvider(forType: "application/x-vcard") { vCard(of: contact) }
///     pasteboard.setItems([item], event: event)
@MainActor
public struct PasteboardItem {
    /// One non-text representation: its type and the closure that makes its bytes.
    public struct Representation {
        /// The MIME type (`text/html`, `image/png`, …).
        public let type: String
        /// Makes the bytes; throws `PasteboardError` with a reason when it cannot (too large, …).
        public let provider: @MainActor () throws -> [UInt8]
        /// The same bytes made on a background thread, for a representation slow to make (a big
        /// image's PNG): an owner answering another app makes them there, so the app never stalls.
        public let backgroundProvider: (@Sendable () throws -> [UInt8])?
        /// The same bytes written piece by piece on a background thread: an owner answering another
        /// app starts sending the first pieces while the rest are still being made.
        public let streamingProvider: StreamingDataProvider?

        init(type: String, provider: @escaping @MainActor () throws -> [UInt8], backgroundProvider: (@Sendable () throws -> [UInt8])? = nil,
             streamingProvider: StreamingDataProvider? = nil) {
            self.type = type
            self.provider = provider
            self.backgroundProvider = backgroundProvider
            self.streamingProvider = streamingProvider
        }
    }

    /// Makes a representation's bytes and hands them, in order, to the closure it is given.
    public typealias StreamingDataProvider = @Sendable (_ write: @escaping @Sendable ([UInt8]) -> Void) throws -> Void

    /// The plain-text form, offered as every text target; nil for an item with no text (an image).
    public var string: String?
    /// The other representations, in the order they were added (the order TARGETS lists them).
    public private(set) var representations: [Representation] = []

    /// An item with only the given plain text (or nothing).
    public init(string: String? = nil) { self.string = string }

    /// Every type this item offers: its representations' types, then `text/plain;charset=utf-8` if it has text.
    public var types: [String] {
        representations.map(\.type) + (string == nil ? [] : [PasteboardType.plainTextUTF8])
    }

    /// Adds (or replaces) a representation made on request.
    public mutating func setDataProvider(forType type: String, _ provider: @escaping @MainActor () throws -> [UInt8]) {
        representations.removeAll { $0.type == type }
        representations.append(Representation(type: type, provider: provider))
    }

    /// Adds (or replaces) a representation made on request on a background thread.
    ///
    /// For bytes slow to make, such as a big image's PNG: while they are made, the app goes on
    /// drawing and answering input, and the requesting app simply waits for its reply. Paths that
    /// need the bytes at once (a paste into this same app) call the provider directly.
    public mutating func setBackgroundDataProvider(forType type: String, _ provider: @escaping @Sendable () throws -> [UInt8]) {
        representations.removeAll { $0.type == type }
        representations.append(Representation(type: type, provider: { try provider() }, backgroundProvider: provider))
    }

    /// Adds (or replaces) a representation made on request on a background thread, piece by piece.
    ///
    /// As `setBackgroundDataProvider`, but another app pasting at once is sent the first pieces while
    /// later ones are still being made, so it waits for little more than the transfer. `provider`
    /// calls `write` with consecutive pieces, one call at a time, from any thread; the bytes are the
    /// pieces joined.
    public mutating func setStreamingDataProvider(forType type: String, _ provider: @escaping StreamingDataProvider) {
        let whole: @Sendable () throws -> [UInt8] = {
            let bytes = PieceCollector()
            try provider { bytes.append($0) }
            return bytes.joined
        }
        representations.removeAll { $0.type == type }
        representations.append(Representation(type: type, provider: { try whole() }, backgroundProvider: whole,
                                               streamingProvider: provider))
    }

    /// Adds (or replaces) a representation whose bytes are already made.
    public mutating func setData(_ data: [UInt8], forType type: String) {
        setDataProvider(forType: type) { data }
    }

    /// The bytes of one type (text types from `string`), or nil when the item does not offer it.
    ///
    /// - Throws: the provider's error when it cannot make them.
    public func data(forType type: String) throws -> [UInt8]? {
        if let representation = representations.first(where: { $0.type == type }) {
            return try representation.provider()
        }
        if let string, PasteboardItem.textTypeNames.contains(type) { return Array(string.utf8) }
        return nil
    }

    /// The type names whose bytes are an item's UTF-8 text.
    public static let textTypeNames: Set<String> = [PasteboardType.plainTextUTF8, "text/plain", "UTF8_STRING", "TEXT"]
}

extension PasteboardItem {
    /// Styled text: `text/html` (made from the runs when asked for) and the plain string.
    ///
    /// `direction` is the text's base direction (nil: from its first strong character), written as `dir`.
    public init(attributedText: AttributedText, direction: TextDirection? = nil) {
        self.init(string: attributedText.string)
        setDataProvider(forType: PasteboardType.html) {
            Array(HTMLWriter.html(for: attributedText, direction: direction).utf8)
        }
    }

    /// An image as `image/png`, encoded by `encoder` when a requestor asks for it.
    ///
    /// - Throws: `PasteboardError` at once when the image is over `encoder`'s limits, so an app can tell
    ///   the user instead of putting something on the pasteboard that no paste can read.
    public init(image: Image, encoder: ImageEncoder) throws {
        self.init()
        let bitmap = image.bitmap
        try encoder.checkEncodable(width: bitmap.width, height: bitmap.height)
        setStreamingDataProvider(forType: PasteboardType.png) { write in try encoder.writePNG(bitmap, to: write) }
    }
}

/// The pieces a streaming provider writes, joined, whichever thread writes them.
package final class PieceCollector: Sendable {
    private let pieces = Mutex<[[UInt8]]>([])
    /// An empty collector.
    package init() {}
    /// Keeps `piece` after those before it.
    package func append(_ piece: [UInt8]) { pieces.withLock { $0.append(piece) } }
    /// The pieces joined (each copied once).
    package var joined: [UInt8] {
        pieces.withLock { pieces in
            if pieces.count == 1 { return pieces[0] }
            var all: [UInt8] = []
            all.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
            for piece in pieces { all += piece }
            return all
        }
    }
}
