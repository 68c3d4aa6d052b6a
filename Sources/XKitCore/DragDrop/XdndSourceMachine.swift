/// The drag source's side of XDND, without a display: when a drag starts, what to send to whom.
///
/// The X layer reports presses, motion (with the XdndAware window under the pointer, found by
/// walking the tree), XdndStatus, XdndFinished, Escape and time, and carries out the `Effect`s.
/// Positions are rate-limited by the protocol itself: one XdndPosition is outstanding at a time
/// (the latest point waits for the status), and none is sent while the pointer stays inside the
/// rectangle the target said needs no more positions.
package struct XdndSourceMachine: Sendable {
    /// How long to wait for XdndStatus or XdndFinished before giving the target up.
    package var replyTimeout: Double = 5

    /// A window that accepts drops: `window` receives the messages (its XdndProxy when it has one),
    /// `toplevel` is the one XdndAware was found on, `version` the lower of ours and its own.
    package struct Target: Sendable, Equatable {
        package var toplevel: UInt
        package var window: UInt
        package var version: Int
        package init(toplevel: UInt, window: UInt, version: Int) {
            self.toplevel = toplevel
            self.window = window
            self.version = version
        }
    }

    package enum Effect: Sendable, Equatable {
        /// Own XdndSelection, show the drag image.
        case begin
        case sendEnter(Target)
        case sendPosition(Target, x: Int, y: Int)
        case sendLeave(Target)
        case sendDrop(Target)
        case moveImage(x: Int, y: Int)
        /// The drag is over: `action` is what the target performed (nil: cancelled or refused).
        case end(action: String?, reason: String)
    }

    package enum Phase: Sendable, Equatable { case idle, pressed, dragging, dropped }

    package private(set) var phase = Phase.idle
    private var pressPoint = (x: 0, y: 0)
    private var target: Target?
    private var awaitingStatus = false
    private var statusDeadline = 0.0
    private var pending: (x: Int, y: Int)?
    /// Where the target needs no new XdndPosition (root device pixels), from its last XdndStatus.
    private var quietRect: (x: Int, y: Int, width: Int, height: Int)?
    private var accepted = false
    private var acceptedAction = ""
    private var dropDeadline = 0.0
    private var last = (x: 0, y: 0)

    package init() {}

    /// The target the pointer is over, if it accepts drops.
    package var currentTarget: Target? { target }
    /// What the target's last XdndStatus said.
    package var isAccepted: Bool { accepted }

    /// A press on draggable content: a drag starts once the pointer moves `threshold` away.
    package mutating func press(x: Int, y: Int) {
        phase = .pressed
        pressPoint = (x, y)
        last = (x, y)
    }

    /// The button went up before a drag started, or the press was taken elsewhere.
    package mutating func cancelPress() { if phase == .pressed { phase = .idle } }

    /// Pointer motion (root device pixels), with the drop-aware window under it, if any.
    package mutating func motion(x: Int, y: Int, over found: Target?, threshold: Int, now: Double) -> [Effect] {
        last = (x, y)
        switch phase {
        case .idle, .dropped: return []
        case .pressed:
            // GTK compares each axis with the threshold (gtk_drag_check_threshold).
            guard abs(x - pressPoint.x) > threshold || abs(y - pressPoint.y) > threshold else { return [] }
            phase = .dragging
            return [.begin, .moveImage(x: x, y: y)] + retarget(found, x: x, y: y, now: now)
        case .dragging:
            return [.moveImage(x: x, y: y)] + retarget(found, x: x, y: y, now: now)
        }
    }

    private mutating func retarget(_ found: Target?, x: Int, y: Int, now: Double) -> [Effect] {
        var effects: [Effect] = []
        if found?.toplevel != target?.toplevel {
            if let old = target { effects.append(.sendLeave(old)) }
            target = found
            awaitingStatus = false
            pending = nil
            quietRect = nil
            accepted = false
            if let found { effects.append(.sendEnter(found)) }
        }
        guard let target else { return effects }
        if let r = quietRect, x >= r.x, y >= r.y, x < r.x + r.width, y < r.y + r.height { return effects }
        if awaitingStatus {
            pending = (x, y)
            return effects
        }
        awaitingStatus = true
        statusDeadline = now + replyTimeout
        return effects + [.sendPosition(target, x: x, y: y)]
    }

    /// The target's XdndStatus: `rect` empty means "send every position".
    package mutating func status(from window: UInt, accepted: Bool, action: String,
                                 rect: (x: Int, y: Int, width: Int, height: Int), now: Double) -> [Effect] {
        guard phase == .dragging, let target, target.toplevel == window || target.window == window else { return [] }
        awaitingStatus = false
        self.accepted = accepted
        acceptedAction = action
        quietRect = rect.width > 0 && rect.height > 0 ? rect : nil
        guard let next = pending else { return [] }
        pending = nil
        return retarget(target, x: next.x, y: next.y, now: now)
    }

    /// The button went up: drop on an accepting target, else cancel.
    package mutating func release(now: Double) -> [Effect] {
        switch phase {
        case .pressed:
            phase = .idle
            return []
        case .dragging:
            guard let target else {
                phase = .idle
                return [.end(action: nil, reason: "released over no drop target")]
            }
            // Waiting for the answer to our last position would be correct but slow; XDND lets a
            // source drop once it has heard any status, and a refusal means leave.
            guard accepted else {
                phase = .idle
                self.target = nil
                return [.sendLeave(target), .end(action: nil, reason: "the target refused the drop")]
            }
            phase = .dropped
            dropDeadline = now + replyTimeout
            return [.sendDrop(target)]
        case .idle, .dropped:
            return []
        }
    }

    /// The target's XdndFinished (version 5 says whether it took the data and the action performed).
    package mutating func finished(from window: UInt, accepted: Bool, action: String) -> [Effect] {
        guard phase == .dropped, let target, target.toplevel == window || target.window == window else { return [] }
        phase = .idle
        self.target = nil
        let performed = accepted ? (action.isEmpty ? acceptedAction : action) : nil
        return [.end(action: performed, reason: accepted ? "dropped" : "the target refused the data")]
    }

    /// Escape: leave the target and end the drag.
    package mutating func cancel() -> [Effect] {
        guard phase == .dragging || phase == .pressed else { return [] }
        let wasDragging = phase == .dragging
        phase = .idle
        let old = target
        target = nil
        guard wasDragging else { return [] }
        return (old.map { [.sendLeave($0)] } ?? []) + [.end(action: nil, reason: "cancelled")]
    }

    /// When `tick` must next run.
    package var nextDeadline: Double? {
        switch phase {
        case .dragging: return awaitingStatus ? statusDeadline : nil
        case .dropped: return dropDeadline
        case .idle, .pressed: return nil
        }
    }

    /// A target that stops answering is treated as refusing: no more positions, or the drop ends.
    package mutating func tick(now: Double) -> [Effect] {
        guard let deadline = nextDeadline, now >= deadline else { return [] }
        if phase == .dropped {
            phase = .idle
            target = nil
            return [.end(action: nil, reason: "the target did not send XdndFinished in \(replyTimeout) s")]
        }
        // No status: stop waiting and forget the point, the next motion sends a fresh position.
        awaitingStatus = false
        accepted = false
        pending = nil
        return []
    }
}
