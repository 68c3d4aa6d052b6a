import Foundation
import XKit
import XKitTesting

/// The list bench's snapshot part, without a display: a million-item diffable snapshot (26 sections
/// of integer ids, as the contacts scene's letters) built, applied to a list and filtered to one item
/// in 52 that keeps the rows on screen; median times of `rounds`, and the resident memory the shown
/// snapshot holds.
@MainActor
enum ListSnapshotBench {
    static func run(items: Int = 1_000_000, rounds: Int) {
        var build: [Double] = [], apply: [Double] = [], filter: [Double] = [], growth: [Double] = []
        for _ in 0..<max(1, rounds) {
            let before = residentBytes()
            let scene = HeadlessScene(size: Size(width: 336, height: 500))
            let list = CollectionView(frame: Rect(x: 0, y: 0, width: 336, height: 500),
                                      collectionViewLayout: CollectionViewListLayout(rowHeight: 52, headerHeight: 24))
            list.register(CollectionViewCell.self, forCellWithReuseIdentifier: "row")
            let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: list) { list, path, _ in
                list.dequeueReusableCell(withReuseIdentifier: "row", for: path)
            }
            scene.root.addSubview(list)
            var start = monotonicSeconds()
            var all = DiffableDataSourceSnapshot<Int, Int>()
            all.appendSections(Array(0..<26))
            for letter in 0..<26 { all.appendItems(ids(letter, stride: 26, below: items), toSection: letter) }
            build.append(monotonicSeconds() - start)
            start = monotonicSeconds()
            source.apply(all, animatingDifferences: false)
            scene.platform.displayPass()
            apply.append(monotonicSeconds() - start)
            growth.append(Double(residentBytes() - before))
            var some = DiffableDataSourceSnapshot<Int, Int>()
            some.appendSections([0])
            some.appendItems(ids(0, stride: 52, below: items), toSection: 0)
            start = monotonicSeconds()
            source.apply(some, animatingDifferences: false)
            scene.platform.displayPass()
            filter.append(monotonicSeconds() - start)
        }
        func ms(_ values: [Double]) -> String { String(format: "%.1f ms", Bench.median(values) * 1000) }
        print("list snapshot: \(items) integer ids in 26 sections, headless, median of \(max(1, rounds))")
        print("  build \(ms(build)), apply \(ms(apply)), apply a filter keeping 1 in 52 \(ms(filter)); "
              + String(format: "resident memory of the shown snapshot %.1f MiB (%.1f bytes an item)",
                       Bench.median(growth) / 1_048_576, Bench.median(growth) / Double(items)))
    }

    private static func ids(_ first: Int, stride: Int, below limit: Int) -> [Int] {
        let n = limit > first ? (limit - first + stride - 1) / stride : 0
        return [Int](unsafeUninitializedCapacity: n) { ids, filled in
            for k in 0..<n { ids[k] = first + stride * k }
            filled = n
        }
    }

    /// Resident memory now, from /proc/self/statm (whose size reads as 0, so it is read, not loaded).
    private static func residentBytes() -> Int {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/statm") else { return 0 }
        defer { try? handle.close() }
        let statm = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        guard let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
