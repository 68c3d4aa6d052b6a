/// A typed key for values that extensions attach to views (Swift on Linux has no objc_setAssociatedObject).
///
/// Declare one per feature, e.g. `static let isCopyable = AssociatedKey<Bool>("copyable", default: false)`.
///
///     static let key = AssociatedKey<Int>("my.count", default: 0)
///     view.associatedValues[key] += 1
final class AssociatedKey<Value>: @unchecked Sendable {
    /// A name for debugging; keys are told apart by identity.
    let name: String
    /// What reads return while nothing is stored.
    let defaultValue: Value
    /// A key with a debugging name and a default value.
    init(_ name: String, default defaultValue: Value) {
        self.name = name
        self.defaultValue = defaultValue
    }
    var id: ObjectIdentifier { ObjectIdentifier(self) }
}

/// Storage for associated values, owned by each view and freed with it.
struct AssociatedValues {
    private var storage: [ObjectIdentifier: Any] = [:]
    /// An empty store.
    init() {}

    /// The stored value, or the key's default.
    subscript<Value>(key: AssociatedKey<Value>) -> Value {
        get {
            // Most views store nothing, and a missing value still paid for a dynamic cast.
            guard !storage.isEmpty, let value = storage[key.id] else { return key.defaultValue }
            return value as? Value ?? key.defaultValue
        }
        set { storage[key.id] = newValue }
    }

    /// Whether no value is stored at all.
    var isEmpty: Bool { storage.isEmpty }

    /// Whether a value was stored for the key.
    func contains<Value>(_ key: AssociatedKey<Value>) -> Bool { storage[key.id] != nil }

    /// Removes the stored value, so reads return the default again.
    mutating func remove<Value>(_ key: AssociatedKey<Value>) { storage[key.id] = nil }
}
