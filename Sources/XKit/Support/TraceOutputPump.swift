import Dispatch
import XKitCore

/// Drains the trace and warning writers whenever their descriptor becomes writable again.
///
/// A `LineWriter` never blocks, so lines a slow reader cannot take wait in its buffer. This pump
/// watches each writer's descriptor with a dispatch write source that runs only while bytes wait,
/// on a private queue: it only moves bytes, so it never touches views or Xlib.
enum TraceOutputPump {
    /// Starts watching the trace writers; idempotent.
    static func start() { _ = started }

    private static let started: Void = {
        for writer in Trace.writers {
            let watcher = WriterWatcher(writer)
            writer.setBacklogHandler { _ in watcher.backlogDidAppear() }
        }
    }()
}

/// One writer's write source, suspended while nothing waits; all state lives on `queue`.
private final class WriterWatcher: @unchecked Sendable {
    private let writer: LineWriter
    private let queue = DispatchQueue(label: "xkit.trace.output")
    private var source: DispatchSourceWrite?
    private var isSuspended = true

    init(_ writer: LineWriter) { self.writer = writer }

    func backlogDidAppear() {
        queue.async { [self] in
            if source == nil {
                let source = DispatchSource.makeWriteSource(fileDescriptor: writer.fileDescriptor, queue: queue)
                source.setEventHandler { [weak self] in self?.descriptorIsWritable() }
                self.source = source
            }
            if isSuspended {
                isSuspended = false
                source?.resume()
            }
        }
    }

    private func descriptorIsWritable() {
        guard writer.flush(), !isSuspended else { return }
        isSuspended = true
        source?.suspend()
    }
}
