/// Bytes kept as the pieces they were made in, so that appending never copies what is there.
///
/// A 34 MB PNG arrives as slices of a few hundred KiB; joining them into one growing array cost
/// the main actor a 10–30 ms copy each time the array doubled.
struct PieceList: Sendable {
    private var pieces: [[UInt8]] = []
    /// Where each piece starts in the whole.
    private var starts: [Int] = []
    /// The bytes in all pieces.
    private(set) var count = 0

    /// No bytes.
    init() {}

    /// `bytes` as one piece.
    init(_ bytes: [UInt8]) {
        append(bytes)
    }

    mutating func append(_ piece: [UInt8]) {
        guard !piece.isEmpty else { return }
        starts.append(count)
        pieces.append(piece)
        count += piece.count
    }

    /// The bytes in `range`: a slice of one piece when the range lies inside it, else copied into
    /// `scratch` (whose capacity is kept from call to call: fresh megabytes cost a page fault every 4 KiB).
    func bytes(_ range: Range<Int>, scratch: inout [UInt8]) -> ArraySlice<UInt8> {
        guard !range.isEmpty else { return [] }
        var index = pieceIndex(containing: range.lowerBound)
        let first = range.lowerBound - starts[index]
        if range.upperBound <= starts[index] + pieces[index].count {
            return pieces[index][first..<(first + range.count)]
        }
        scratch.removeAll(keepingCapacity: true)
        var offset = range.lowerBound
        while offset < range.upperBound {
            let piece = pieces[index]
            let from = offset - starts[index]
            let to = min(piece.count, range.upperBound - starts[index])
            scratch += piece[from..<to]
            offset += to - from
            index += 1
        }
        return scratch[...]
    }

    /// Every byte in one array.
    var joined: [UInt8] {
        if pieces.count == 1 { return pieces[0] }
        var all: [UInt8] = []
        all.reserveCapacity(count)
        for piece in pieces { all += piece }
        return all
    }

    /// The last piece starting at or before `offset` (which is below `count`).
    private func pieceIndex(containing offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
