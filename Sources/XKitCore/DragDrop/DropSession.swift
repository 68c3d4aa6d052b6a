/// A drag that hovers over, or was dropped on, a window (as UIKit's `UIDropSession`).
///
/// The data stays with the source until asked for: `loadString` and `loadData(forType:)` read it
/// (from another app: an X selection conversion, with its size limit and timeouts). A drop is
/// finished, and the source told so, when the loads started in `performDrop` are done.
@MainActor
public final class DropSession {
    /// The types the source offers, as MIME types or X target names ("text/plain", "UTF8_STRING", …).
    public let types: [String]
    /// Reads one type's bytes; nil when the source refuses it.
    private let loader: (String) async throws -> [UInt8]?
    /// Where the pointer is, in window coordinates.
    package var windowLocation = Point.zero
    /// The window the drag is over.
    package weak var window: Window?
    private var pendingLoads = 0
    private var loadsFinished: [() -> Void] = []
    /// What the performing view answered, reported to the source as the performed action.
    package var performedOperation = DropOperation.cancel

    /// A session offering `types`, read through `loader`.
    package init(types: [String], loader: @escaping (String) async throws -> [UInt8]?) {
        self.types = types
        self.loader = loader
    }

    /// The types text can be read from, best first.
    public static let textTypes = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "STRING", "TEXT", "text/uri-list"]

    /// Whether the source offers any of `typeIdentifiers`.
    public func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool {
        types.contains { typeIdentifiers.contains($0) }
    }

    /// Whether the source offers something `loadString` can read.
    public var hasText: Bool { hasItemsConforming(toTypeIdentifiers: Self.textTypes) }

    /// The pointer's location in `view`'s coordinates.
    public func location(in view: View) -> Point { view.convert(windowLocation, from: nil) }

    /// Reads the dragged text: plain text, else the URIs of a `text/uri-list` one per line.
    /// Calls `completion` with nil when there is none or it cannot be read (a trace warning says why).
    public func loadString(completion: @escaping @MainActor (String?) -> Void) {
        track { completion(await self.string()) }
    }

    /// Reads one type's bytes; `completion` gets nil when refused or unreadable.
    public func loadData(forType type: String, completion: @escaping @MainActor ([UInt8]?) -> Void) {
        track {
            do { completion(try await self.loader(type)) } catch {
                Trace.warn("drop: reading \(type) failed: \(error)")
                completion(nil)
            }
        }
    }

    /// The dragged text, as `loadString` reads it.
    public func string() async -> String? {
        for type in Self.textTypes where types.contains(type) {
            let bytes: [UInt8]?
            do { bytes = try await loader(type) } catch {
                Trace.warn("drop: reading \(type) failed: \(error)")
                continue
            }
            guard let bytes else { continue }
            guard let text = DropText.decode(bytes, type: type) else {
                Trace.warn("drop: \(type) is not valid UTF-8 (\(bytes.count) bytes): refused")
                continue
            }
            return type == "text/uri-list" ? DropText.uris(fromURIList: text).joined(separator: "\n") : text
        }
        return nil
    }

    private func track(_ body: @escaping @MainActor () async -> Void) {
        pendingLoads += 1
        Task { @MainActor in
            await body()
            self.pendingLoads -= 1
            if self.pendingLoads == 0 { self.runLoadsFinished() }
        }
    }

    /// Runs `body` once no load is in flight (at once when none was started).
    package func whenLoadsFinish(_ body: @escaping () -> Void) {
        if pendingLoads == 0 { body() } else { loadsFinished.append(body) }
    }

    private func runLoadsFinished() {
        let work = loadsFinished
        loadsFinished.removeAll()
        work.forEach { $0() }
    }
}

/// Decoding what a drag source sends as text.
package enum DropText {
    /// UTF-8 types are validated; STRING is Latin-1; `text/plain` is UTF-8 when valid, else Latin-1.
    package static func decode(_ bytes: [UInt8], type: String) -> String? {
        if type == "STRING" { return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return type == "text/plain" ? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) : nil
    }

    /// The URIs of a `text/uri-list` (RFC 2483): CRLF or LF lines, `#` comments skipped.
    package static func uris(fromURIList text: String) -> [String] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}

private extension Substring {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
