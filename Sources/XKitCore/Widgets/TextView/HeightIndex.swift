/// Paragraph heights with their running sums in a Fenwick tree, so the top of a paragraph and the
/// paragraph at a given offset are found in O(log n), and one paragraph's height changes in O(log n).
///
/// Replacing paragraphs with as many others updates the sums in place; an edit that changes their
/// number (a line break typed or deleted) rebuilds them in O(n), which is one pass over an array of doubles.
struct HeightIndex: Equatable {
    private(set) var heights: [Double]
    /// tree[i] (1-based) holds the sum of the heights (i - lowbit(i), i].
    private var tree: [Double]
    private(set) var total: Double

    init(_ heights: [Double] = []) {
        self.heights = heights
        tree = []
        total = 0
        rebuild()
    }

    var count: Int { heights.count }
    var isEmpty: Bool { heights.isEmpty }
    var indices: Range<Int> { heights.indices }

    subscript(index: Int) -> Double {
        get { heights[index] }
        set { add(newValue - heights[index], at: index); heights[index] = newValue }
    }

    /// Replaces the heights in `range` with `new`.
    mutating func replaceSubrange(_ range: Range<Int>, with new: [Double]) {
        if range.count == new.count {
            for (k, index) in range.enumerated() { self[index] = new[k] }
        } else {
            heights.replaceSubrange(range, with: new)
            rebuild()
        }
    }

    /// The sum of the heights before paragraph `index` (clamped to 0…count).
    func top(of index: Int) -> Double {
        var i = max(0, min(heights.count, index)), sum = 0.0
        while i > 0 {
            sum += tree[i]
            i &= i - 1
        }
        return sum
    }

    /// The paragraph whose span holds `offset` (its top ≤ offset < its bottom), clamped to the
    /// first and the last, with its top. Empty paragraphs hold no offset.
    func paragraph(at offset: Double) -> (index: Int, top: Double) {
        let n = heights.count
        guard n > 0 else { return (0, 0) }
        var position = 0, remaining = offset
        var step = 1
        while step * 2 <= n { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= n, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        // position paragraphs end at or before the offset: the next one holds it.
        let index = min(position, n - 1)
        return (index, top(of: index))
    }

    private mutating func add(_ delta: Double, at index: Int) {
        guard delta != 0 else { return }
        total += delta
        var i = index + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    private mutating func rebuild() {
        tree = [0] + heights
        let n = heights.count
        for i in stride(from: 1, through: n, by: 1) {
            let parent = i + (i & -i)
            if parent <= n { tree[parent] += tree[i] }
        }
        total = heights.reduce(0, +)
    }

    static func == (a: HeightIndex, b: HeightIndex) -> Bool { a.heights == b.heights }
}
