/// A cache keyed by grapheme cluster that looks single-scalar clusters (nearly all of them) up by
/// their scalar's value: hashing a `Character` runs String's normalising hash, which cost more than
/// the font lookups the cache saves, on every glyph drawn.
struct ClusterCache<Value> {
    private var byScalar: [UInt32: Value] = [:]
    private var byCluster: [Character: Value] = [:]

    subscript(_ cluster: Character) -> Value? {
        get {
            if let scalar = ClusterCache.soleScalar(of: cluster) { return byScalar[scalar] }
            return byCluster[cluster]
        }
        set {
            if let scalar = ClusterCache.soleScalar(of: cluster) { byScalar[scalar] = newValue } else { byCluster[cluster] = newValue }
        }
    }

    /// The cluster's scalar value when it has exactly one.
    private static func soleScalar(of cluster: Character) -> UInt32? {
        var scalars = cluster.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first.value
    }
}
