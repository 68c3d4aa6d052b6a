/// Row heights that differ from an estimate, kept only for the rows that differ: sorted indices,
/// their differences and running sums. A million rows never measured cost nothing; a row measured
/// at the estimate costs nothing either.
struct SparseHeights {
    private(set) var indices: [Int] = []
    private(set) var deltas: [Double] = []
    /// `prefix[k]` is the sum of `deltas[0..<k]`.
    private var prefix: [Double] = [0]

    var isEmpty: Bool { indices.isEmpty }
    /// How many rows differ from the estimate.
    var count: Int { indices.count }
    /// The sum of all differences.
    var total: Double { prefix[prefix.count - 1] }

    /// The first position in `indices` holding a value >= `index`.
    private func position(of index: Int) -> Int {
        var lo = 0, hi = indices.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if indices[mid] < index { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The difference recorded for a row (0 when none).
    func delta(at index: Int) -> Double {
        let p = position(of: index)
        return p < indices.count && indices[p] == index ? deltas[p] : 0
    }

    /// The sum of the differences of the rows before `index`.
    func sum(before index: Int) -> Double { prefix[position(of: index)] }

    /// Records a row's difference; returns how much it changed from before.
    mutating func set(_ delta: Double, at index: Int) -> Double {
        let p = position(of: index)
        let exists = p < indices.count && indices[p] == index
        let old = exists ? deltas[p] : 0
        guard delta != old else { return 0 }
        if delta == 0 {
            indices.remove(at: p)
            deltas.remove(at: p)
            prefix.remove(at: p + 1)
        } else if exists {
            deltas[p] = delta
        } else {
            indices.insert(index, at: p)
            deltas.insert(delta, at: p)
            prefix.insert(0, at: p + 1)
        }
        for k in p..<deltas.count { prefix[k + 1] = prefix[k] + deltas[k] }
        return delta - old
    }

    mutating func removeAll() {
        indices = []
        deltas = []
        prefix = [0]
    }
}
