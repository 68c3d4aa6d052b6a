/// The drop target's side of XDND, without a display: which messages to believe, and what to do.
///
/// The X layer turns each ClientMessage into a `Message`, reads the atoms' names, and carries out
/// the returned `Effect`s (send XdndStatus, ask views, convert XdndSelection, send XdndFinished).
/// Time comes in as `now` (monotonic seconds), so a silent or vanished source is tested with a clock.
package struct XdndTargetMachine: Sendable {
    /// The protocol version we speak (and put in XdndAware).
    package static let version = 5
    /// The oldest source version we accept: 3 has the type list and actions every current toolkit uses.
    package static let oldestVersion = 3
    /// The most types of one drag we look at; a source offering more has the rest ignored.
    package static let maximumTypes = 512
    /// With no message from a hovering source for this long, the drag is over (the source hung).
    package var silenceTimeout: Double = 30
    /// With no XdndFinished sent this long after XdndDrop (the data never came), the drop is refused.
    package var dropTimeout: Double = 10

    package enum Message: Sendable, Equatable {
        /// `types` nil: the source set bit 0, the types are in its XdndTypeList property.
        case enter(source: UInt, version: Int, types: [String]?)
        /// A root position (device pixels) and the action the source asks for.
        case position(source: UInt, x: Int, y: Int, time: UInt32, action: String)
        case leave(source: UInt)
        case drop(source: UInt, time: UInt32)
    }

    package enum Effect: Sendable, Equatable {
        /// Read (at most `maximumTypes` of) the source's XdndTypeList, then call `typesRead`.
        case readTypeList(source: UInt)
        /// A drag came in: the views may highlight.
        case entered(source: UInt, types: [String])
        /// Ask the views under this point and answer XdndStatus.
        case update(source: UInt, x: Int, y: Int, action: String)
        /// The drag left (or ended badly): un-highlight, forget the session.
        case exited(source: UInt)
        /// Convert XdndSelection for the accepting view, then call `dropFinished`.
        case performDrop(source: UInt, time: UInt32)
        /// Send XdndFinished; `action` empty means refused.
        case sendFinished(source: UInt, action: String)
        case warn(String)
    }

    private enum State: Sendable, Equatable {
        case idle
        case hovering(source: UInt, accepted: Bool, lastHeard: Double, hasTypes: Bool)
        case dropping(source: UInt, since: Double)
    }

    private var state = State.idle
    /// The types of the current drag, capped.
    package private(set) var types: [String] = []

    package init() {}

    /// The source of the drag in progress, if any.
    package var source: UInt? {
        switch state {
        case .idle: return nil
        case .hovering(let source, _, _, _), .dropping(let source, _): return source
        }
    }

    package var isDropping: Bool { if case .dropping = state { return true } else { return false } }

    package mutating func handle(_ message: Message, now: Double) -> [Effect] {
        switch message {
        case .enter(let source, let version, let offered):
            var effects: [Effect] = []
            if let old = self.source {
                guard old != source || !isDropping else { return [] }
                effects.append(.warn("XdndEnter from 0x\(xdndHex(source)) while a drag from 0x\(xdndHex(old)) was in progress; the old one is dropped"))
                effects.append(.exited(source: old))
                state = .idle
            }
            guard version >= Self.oldestVersion, version <= 255 else {
                return effects + [.warn("XdndEnter from 0x\(xdndHex(source)) with version \(version): ignored (we speak \(Self.oldestVersion)–\(Self.version))")]
            }
            // A newer source talks down to our version (XDND: the lower of the two is used).
            if let offered {
                types = cap(offered, source: source, into: &effects)
                state = .hovering(source: source, accepted: false, lastHeard: now, hasTypes: true)
                return effects + [.entered(source: source, types: types)]
            }
            types = []
            state = .hovering(source: source, accepted: false, lastHeard: now, hasTypes: false)
            return effects + [.readTypeList(source: source)]
        case .position(let source, let x, let y, _, let action):
            guard case .hovering(let current, let accepted, _, let hasTypes) = state, current == source else {
                if isDropping && self.source == source { return [] }
                return [.warn("XdndPosition from 0x\(xdndHex(source)) without XdndEnter: ignored")]
            }
            state = .hovering(source: source, accepted: accepted, lastHeard: now, hasTypes: hasTypes)
            return [.update(source: source, x: x, y: y, action: action)]
        case .leave(let source):
            guard case .hovering(let current, _, _, _) = state, current == source else {
                return [.warn("XdndLeave from 0x\(xdndHex(source)), which has no drag here: ignored")]
            }
            state = .idle
            types = []
            return [.exited(source: source)]
        case .drop(let source, let time):
            guard case .hovering(let current, let accepted, _, _) = state, current == source else {
                // XDND asks for XdndFinished anyway, so a confused source does not wait forever.
                return [.warn("XdndDrop from 0x\(xdndHex(source)) without XdndEnter: refused"),
                        .sendFinished(source: source, action: "")]
            }
            guard accepted else {
                state = .idle
                types = []
                return [.exited(source: source), .sendFinished(source: source, action: "")]
            }
            state = .dropping(source: source, since: now)
            return [.performDrop(source: source, time: time)]
        }
    }

    /// The XdndTypeList property was read (nil: it was missing or not a list of atoms).
    package mutating func typesRead(_ list: [String]?, totalCount: Int, source: UInt, now: Double) -> [Effect] {
        guard case .hovering(let current, let accepted, _, false) = state, current == source else { return [] }
        var effects: [Effect] = []
        if list == nil { effects.append(.warn("drag from 0x\(xdndHex(source)) has no readable XdndTypeList: no types")) }
        if totalCount > Self.maximumTypes {
            effects.append(.warn("drag from 0x\(xdndHex(source)) offers \(totalCount) types; only the first \(Self.maximumTypes) are considered"))
        }
        types = Array((list ?? []).prefix(Self.maximumTypes))
        state = .hovering(source: source, accepted: accepted, lastHeard: now, hasTypes: true)
        return effects + [.entered(source: source, types: types)]
    }

    /// What the last XdndStatus said, so a drop over a refusing view is refused at once.
    package mutating func statusSent(accepted: Bool, source: UInt) {
        guard case .hovering(let current, _, let heard, let hasTypes) = state, current == source else { return }
        state = .hovering(source: source, accepted: accepted, lastHeard: heard, hasTypes: hasTypes)
    }

    /// The dropped data was handed to the view (or could not be read): send XdndFinished.
    package mutating func dropFinished(action: String, source: UInt) -> [Effect] {
        guard case .dropping(let current, _) = state, current == source else { return [] }
        state = .idle
        types = []
        return [.exited(source: source), .sendFinished(source: source, action: action)]
    }

    /// The source's window was destroyed: its drag is over.
    package mutating func sourceVanished(_ window: UInt) -> [Effect] {
        guard source == window else { return [] }
        let dropping = isDropping
        state = .idle
        types = []
        return [.warn("the drag source 0x\(xdndHex(window)) vanished \(dropping ? "before its data arrived" : "mid-drag")"),
                .exited(source: window)]
    }

    /// When `tick` must next run, if a drag is in progress.
    package var nextDeadline: Double? {
        switch state {
        case .idle: return nil
        case .hovering(_, _, let heard, _): return heard + silenceTimeout
        case .dropping(_, let since): return since + dropTimeout
        }
    }

    /// Ends a drag whose source went silent, or a drop whose data never came.
    package mutating func tick(now: Double) -> [Effect] {
        guard let deadline = nextDeadline, now >= deadline, let source else { return [] }
        let dropping = isDropping
        state = .idle
        types = []
        if dropping {
            return [.warn("the drop from 0x\(xdndHex(source)) did not finish in \(dropTimeout) s: refused"),
                    .exited(source: source), .sendFinished(source: source, action: "")]
        }
        return [.warn("the drag from 0x\(xdndHex(source)) sent nothing for \(silenceTimeout) s: it is over"),
                .exited(source: source)]
    }

    private func cap(_ offered: [String], source: UInt, into effects: inout [Effect]) -> [String] {
        guard offered.count > Self.maximumTypes else { return offered }
        effects.append(.warn("drag from 0x\(xdndHex(source)) offers \(offered.count) types; only the first \(Self.maximumTypes) are considered"))
        return Array(offered.prefix(Self.maximumTypes))
    }
}

func xdndHex(_ value: UInt) -> String { String(value, radix: 16) }
