/// A typed key for values that extensions attach to views (Swift on Linux has no objc_setAssociatedObject).
///
/// Declare one per feature, e.g. `static let isCopyable = AssociatedKey<Bool>("copyable", default: false)`.
///
///     static let key = AssociatedKey<Int>("my.count", default: 0)
///     view.associatedValues[key] += 1
public final class AssociatedKey<Value>: @unchecked Sendable {
    /// A name for debugging; keys are told apart by identity.
    public let name: String
    /// What reads return while nothing is stored.
    public let defaultValue: Value
    /// A key with a debugging name and a default value.
    public init(_ name: String, default defaultValue: Value) {
        self.name = name
        self.defaultValue = defaultValue
    }
    var id: ObjectIdentifier { ObjectIdentifier(self) }
}

/// Storage for associated values, owned by each view and freed with it.
public struct AssociatedValues {
    private var storage: [ObjectIdentifier: Any] = [:]
    /// An empty store.
    public init() {}

    /// The stored value, or the key's default.
    public subscript<Value>(key: AssociatedKey<Value>) -> Value {
        get { storage[key.id] as? Value ?? key.defaultValue }
        set { storage[key.id] = newValue }
    }

    /// Whether a value was stored for the key.
    public func contains<Value>(_ key: AssociatedKey<Value>) -> Bool { storage[key.id] != nil }

    /// Removes the stored value, so reads return the default again.
    public mutating func remove<Value>(_ key: AssociatedKey<Value>) { storage[key.id] = nil }
}
