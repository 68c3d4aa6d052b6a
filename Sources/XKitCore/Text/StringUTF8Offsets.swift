extension String {
    /// The index at a UTF-8 offset; O(1) for native strings.
    @inline(__always)
    func index(utf8Offset offset: Int) -> String.Index {
        utf8.index(utf8.startIndex, offsetBy: offset)
    }

    /// The UTF-8 offset of an index; O(1) for native strings.
    @inline(__always)
    func utf8Offset(of index: String.Index) -> Int {
        utf8.distance(from: utf8.startIndex, to: index)
    }
}
