import Dispatch
import XKitCore

/// A representation being written piece by piece on a background thread, and what of it is made so far.
///
/// Requestors are sent what is already written, and wait (as INCR lets them) for the rest; the
/// pieces reach the main actor in the order the provider wrote them.
@MainActor
final class StreamedRepresentation {
    /// Everything written so far.
    private(set) var bytes = PieceList()
    /// Whether the provider has returned: `bytes` is the whole representation, or it failed.
    private(set) var isFinished = false
    /// Why the provider failed, once finished.
    private(set) var failure: Error?
    private var observers: [Int: @MainActor () -> Void] = [:]
    private var nextObserver = 0

    /// Starts `provider` on a background thread.
    init(_ provider: @escaping PasteboardItem.StreamingDataProvider) {
        // Main-queue blocks run in the order they were added, so the pieces arrive in order and the
        // end comes after the last of them.
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let result = Result<Void, Error> {
                try provider { piece in DispatchQueue.main.async { MainActor.assumeIsolated { self.append(piece) } } }
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.finish(result) }
            }
        }
    }

    /// Whether the pieces have been (or are being) joined into one array.
    private var isJoining = false

    /// Runs `body` on the main actor after each new piece and at the end; returns an id for `removeObserver`.
    func observe(_ body: @escaping @MainActor () -> Void) -> Int {
        nextObserver += 1
        observers[nextObserver] = body
        return nextObserver
    }

    func removeObserver(_ id: Int) {
        observers[id] = nil
        joinWhenIdle()
    }

    private func append(_ piece: [UInt8]) {
        bytes.append(piece)
        notify()
    }

    private func finish(_ result: Result<Void, Error>) {
        isFinished = true
        if case .failure(let error) = result { failure = error }
        notify()
        joinWhenIdle()
    }

    /// Once finished and sent to nobody, joins the pieces into one array on a background thread, so
    /// later requestors are sent it without a copy per chunk. Not while a transfer runs: the copy
    /// would take a core from the requestor and the X server.
    private func joinWhenIdle() {
        guard isFinished, failure == nil, observers.isEmpty, !isJoining else { return }
        isJoining = true
        let pieces = bytes
        DispatchQueue.global(qos: .utility).async { [self] in
            let whole = pieces.joined
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.bytes = PieceList(whole) }
            }
        }
    }

    private func notify() {
        for observer in Array(observers.values) { observer() }
    }
}
