/// Per-cluster values of a font face (its fallback face, its advance, its shaping), for drawing and
/// measuring.
///
/// A cluster of one scalar, nearly all text, is looked up in pages of 256 values by the scalar's
/// high bits: two array reads instead of hashing a `Character` (whose hash normalises the string),
/// which a redraw does three times for every character it draws. Other clusters are hashed.
struct ClusterCache<Value> {
    /// For each block of 256 scalars, its page in `pages`, or -1.
    private var pageOfBlock: [Int32] = []
    /// Pages of 256 values, one after another; nil marks a scalar not seen yet.
    private var pages: [Value?] = []
    private var byCluster: [Character: Value] = [:]

    subscript(_ cluster: Character) -> Value? {
        get {
            guard let scalar = ClusterCache.soleScalar(of: cluster) else { return byCluster[cluster] }
            let block = Int(scalar >> 8)
            guard block < pageOfBlock.count else { return nil }
            let page = pageOfBlock[block]
            return page < 0 ? nil : pages[Int(page) << 8 | Int(scalar & 0xFF)]
        }
        set {
            guard let scalar = ClusterCache.soleScalar(of: cluster) else {
                byCluster[cluster] = newValue
                return
            }
            let block = Int(scalar >> 8)
            if block >= pageOfBlock.count {
                pageOfBlock.append(contentsOf: repeatElement(-1, count: block + 1 - pageOfBlock.count))
            }
            if pageOfBlock[block] < 0 {
                pageOfBlock[block] = Int32(pages.count >> 8)
                pages.append(contentsOf: repeatElement(nil, count: 256))
            }
            pages[Int(pageOfBlock[block]) << 8 | Int(scalar & 0xFF)] = newValue
        }
    }

    /// The cluster's scalar value when it has exactly one: its UTF-8 is as long as its first scalar's.
    @inline(__always)
    private static func soleScalar(of cluster: Character) -> UInt32? {
        let length = cluster.utf8.count
        guard length <= 4, let first = cluster.unicodeScalars.first, UTF8.width(first) == length else { return nil }
        return first.value
    }
}
