import Glibc
import Testing
@testable import XKitCore

/// The writer behind the trace and warnings: never blocks, drops and counts what a stalled reader
/// cannot take, reports the count once there is room, and survives a reader that goes away.
struct LineWriterTests {
    /// A pipe whose write end is full: the next blocking write to it would hang the test.
    private final class FullPipe {
        var readFD: Int32 = -1, writeFD: Int32 = -1
        init() {
            var fds: [Int32] = [-1, -1]
            precondition(pipe(&fds) == 0)
            readFD = fds[0]; writeFD = fds[1]
            let flags = fcntl(writeFD, F_GETFL)
            _ = fcntl(writeFD, F_SETFL, flags | O_NONBLOCK)
            var byte = UInt8(ascii: "#")
            let chunk = [UInt8](repeating: byte, count: 4096)
            while chunk.withUnsafeBytes({ write(writeFD, $0.baseAddress, $0.count) }) > 0 {}
            while write(writeFD, &byte, 1) == 1 {}
            _ = fcntl(writeFD, F_SETFL, flags) // blocking again, as a stderr would be
        }
        deinit { closeRead(); if writeFD >= 0 { close(writeFD) } }
        func closeRead() { if readFD >= 0 { close(readFD); readFD = -1 } }

        /// Everything readable now, without the prefill.
        func drain() -> String {
            let flags = fcntl(readFD, F_GETFL)
            _ = fcntl(readFD, F_SETFL, flags | O_NONBLOCK)
            var out: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                out += buffer[0..<n]
            }
            return String(decoding: out.filter { $0 != UInt8(ascii: "#") }, as: UTF8.self)
        }
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    @Test func aFullPipeNeverBlocksAndLinesBeyondTheBoundAreDroppedAndCounted() {
        let pipe = FullPipe()
        let writer = LineWriter(fileDescriptor: pipe.writeFD, capacity: 100) { "dropped \($0)" }
        let start = Self.now()
        for i in 0..<1000 { writer.write(line: "line \(i) " + String(repeating: "x", count: 20)) }
        #expect(Self.now() - start < 1, "writes must not wait for the reader")
        // 100 bytes hold three 30-byte lines; the other 997 are dropped.
        #expect(writer.pendingByteCount <= 100)
        #expect(writer.droppedLineCount == 997)

        _ = pipe.drain()
        #expect(writer.flush())
        let text = pipe.drain()
        let lines = text.split(separator: "\n")
        #expect(lines.first?.hasPrefix("line 0 ") == true)
        #expect(lines.contains("dropped 997"), "\(text)")
        #expect(!lines.contains { $0.hasPrefix("line 999") })
        // Writing again works normally once the reader keeps up.
        writer.write(line: "after")
        #expect(pipe.drain() == "after\n")
    }

    @Test func theDropReportComesBeforeTheNextLineThatFits() {
        let pipe = FullPipe()
        let writer = LineWriter(fileDescriptor: pipe.writeFD, capacity: 16) { "dropped \($0)" }
        writer.write(line: "first")                   // waits in the buffer
        writer.write(line: "a second, longer line")   // does not fit beside it: dropped
        _ = pipe.drain()
        writer.write(line: "third")
        #expect(pipe.drain() == "first\ndropped 1\nthird\n")
    }

    @Test func aClosedReaderNeitherKillsNorBlocksAndCountsTheLostLines() {
        StandardStreams.prepare() // ignores SIGPIPE, as every XKit app does
        let pipe = FullPipe()
        pipe.closeRead()
        let writer = LineWriter(fileDescriptor: pipe.writeFD) { "dropped \($0)" }
        for i in 0..<10 { writer.write(line: "line \(i)") }
        #expect(writer.droppedLineCount == 10)
        #expect(writer.flush())
    }

    @Test func theExitFlushWaitsBrieflyForASlowReaderThenGivesUp() {
        let pipe = FullPipe()
        let writer = LineWriter(fileDescriptor: pipe.writeFD) { "dropped \($0)" }
        writer.write(line: "last words")
        let start = Self.now()
        writer.flush(waitingUpTo: 0.1)
        let waited = Self.now() - start
        #expect(waited >= 0.09 && waited < 1)
        #expect(writer.pendingByteCount > 0)
        _ = pipe.drain()
        writer.flush(waitingUpTo: 0.1)
        #expect(pipe.drain() == "last words\n")
    }
}
