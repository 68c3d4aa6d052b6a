import Glibc

/// Transparent huge pages for the buffer a big paste lands in.
///
/// An INCR paste writes its reserved buffer front to back, and with 4 KiB pages every page is a
/// fault: 16,384 of them for 64 MiB, about a third of `xkit-clip -o`'s CPU (the kernel's fault
/// path and memory-cgroup charging, more than the page clearing itself). With 2 MiB pages it is
/// 32 faults. The kernel here gives huge pages only where asked (`enabled` is `madvise`), and
/// where it has none the advice is ignored, so this only ever saves work.
enum HugePages {
    static let size = 2 << 20

    /// Advises huge pages for the whole 2 MiB pages inside `bytes`' reserved capacity.
    ///
    /// Memory is committed a huge page at a time, so a paste holds at most one partly used
    /// 2 MiB page more than its bytes; the address space stays the reservation.
    static func advise(_ bytes: inout [UInt8]) {
        let capacity = bytes.capacity
        guard capacity >= 2 * size else { return }
        bytes.withUnsafeMutableBufferPointer { buffer in
            // Empty with capacity, the buffer still starts at the array's storage.
            guard let base = buffer.baseAddress else { return }
            let mask = UInt(size - 1)
            let start = (UInt(bitPattern: base) + mask) & ~mask
            let end = (UInt(bitPattern: base) + UInt(capacity)) & ~mask
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            // EINVAL without THP support: the buffer simply keeps small pages.
            _ = madvise(pointer, Int(end - start), MADV_HUGEPAGE)
        }
    }
}
