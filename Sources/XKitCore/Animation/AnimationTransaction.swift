/// The properties an `animate` block changed, collected while the block runs.
///
/// `current` is a slot like `TraitCollection.current`: UIKit's `animate` is a class method, so the
/// block's setters need somewhere to report to; it is set only while a block runs on the main thread.
@MainActor
final class AnimationTransaction {
    /// The block running now. Static because `View.animate` is a class method, as in UIKit: its
    /// setters have no app or window to ask; main-actor only, nil outside a block.
    static var current: AnimationTransaction?

    struct Record {
        let view: View
        let property: AnimatedProperty
        let from: AnimatedValue
    }
    private(set) var records: [Record] = []
    private var seen: Set<Key> = []

    private struct Key: Hashable {
        let view: ObjectIdentifier
        let property: AnimatedProperty
    }

    /// Notes a change; a property set twice in one block animates from its first value.
    func record(_ view: View, _ property: AnimatedProperty, from: AnimatedValue) {
        guard seen.insert(Key(view: ObjectIdentifier(view), property: property)).inserted else { return }
        records.append(Record(view: view, property: property, from: from))
    }

    /// Runs `body` collecting into a new transaction (nested blocks collect into their own).
    static func collect(_ body: () -> Void) -> AnimationTransaction {
        let transaction = AnimationTransaction()
        let outer = current
        current = transaction
        body()
        current = outer
        return transaction
    }

    /// Runs `body` with nothing collecting, so its changes happen at once.
    static func withoutCollecting(_ body: () -> Void) {
        let outer = current
        current = nil
        body()
        current = outer
    }
}
