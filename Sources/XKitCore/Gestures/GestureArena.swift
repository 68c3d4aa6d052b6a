/// Arbitrates the recognizers taking part in one window's pointer sequences.
///
/// It decides when a requested recognition takes effect: after every `require(toFail:)`
/// recognizer failed, only if no non-simultaneous recognizer won first, and only if `shouldBegin`
/// and the tracking view agree. Participants carry over between sequences while undecided, which
/// is how a double tap sees its second press.
@MainActor
final class GestureArena {
    /// Recognizers in the current arbitration, from the hit view up to the root.
    private(set) var participants: [GestureRecognizer] = []
    /// Set once a recognizer with `cancelsTouchesInView` recognized in the current sequence.
    private(set) var touchesCancelled = false
    private var buttonsHeld: Set<PointerButton> = []
    private var settling = false
    private unowned let router: EventRouter

    init(router: EventRouter) { self.router = router }

    // MARK: Events

    /// A button went down over `hit`; starts a sequence when no button was held.
    func pointerDown(_ event: PointerEvent, hit: View?) {
        guard let button = event.button else { return }
        // A press of a button we think is still down means its release was lost (a grab took it).
        if buttonsHeld.isEmpty || buttonsHeld.contains(button) {
            buttonsHeld = []
            startSequence(event, hit: hit)
        }
        buttonsHeld.insert(button)
        feed(event)
    }

    /// The pointer moved.
    func pointerMoved(_ event: PointerEvent) {
        guard !participants.isEmpty else { return }
        feed(event)
    }

    /// A button was released.
    func pointerUp(_ event: PointerEvent) {
        if let button = event.button { buttonsHeld.remove(button) }
        guard !participants.isEmpty else { return }
        feed(event)
        failStalled()
        cleanUp()
    }

    /// Time passed: fires recognizer timeouts.
    func tick(now: Double) {
        for r in participants where isParticipant(r) && r.isListening { r.tick(now: now) }
        failStalled()
        cleanUp()
    }

    /// The earliest deadline among undecided recognizers.
    var nextDeadline: Double? {
        participants.lazy.filter { $0.isListening }.compactMap { $0.nextDeadline }.min()
    }

    /// Ends every gesture: active ones are cancelled, undecided ones fail.
    ///
    /// The router calls it only between dispatches (`EventRouter.afterDispatch`), so it never runs
    /// while the arena is telling recognizers about a change.
    func cancelAll() {
        let all = participants
        participants = []
        buttonsHeld = []
        for r in all { finish(r) }
    }

    /// Drops recognizers whose view was removed from the window.
    func viewWasRemoved(_ view: View) {
        for r in participants {
            if let v = r.view, !v.isDescendant(of: view) { continue }
            drop(r)
        }
    }

    /// Takes one recognizer out (disabled, detached, or its view left the window).
    func drop(_ recognizer: GestureRecognizer) {
        guard let i = participants.firstIndex(where: { $0 === recognizer }) else { return }
        participants.remove(at: i)
        finish(recognizer)
        settle()
        cleanUp()
    }

    // MARK: Arbitration

    /// A recognizer asked for a new state.
    func request(_ r: GestureRecognizer, _ newState: GestureState) {
        arbitrate(r, newState)
    }

    private func arbitrate(_ r: GestureRecognizer, _ newState: GestureState) {
        switch (r.state, newState) {
        case (.possible, .began), (.possible, .ended):
            guard r.pendingState == nil else { return }
            r.pendingState = newState
        case (.possible, .failed), (.possible, .cancelled):
            r.pendingState = nil
            r.apply(.failed)
        case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
             (.began, .cancelled), (.changed, .cancelled):
            r.apply(newState)
        case (.began, .failed), (.changed, .failed):
            r.apply(.cancelled)
        default:
            return
        }
        settle()
    }

    /// Resolves waiting recognitions until nothing changes.
    private func settle() {
        guard !settling else { return }
        settling = true
        defer { settling = false }
        var progress = true
        while progress {
            progress = false
            for r in participants where r.state == .possible {
                guard let wanted = r.pendingState else { continue }
                let required = r.requiredToFail.filter(isParticipant)
                if required.contains(where: { $0.state == .began || $0.state == .changed || $0.state == .ended }) {
                    r.pendingState = nil
                    r.apply(.failed)
                    progress = true
                } else if !required.contains(where: { $0.state == .possible }) {
                    r.pendingState = nil
                    recognize(r, as: wanted)
                    progress = true
                }
            }
        }
    }

    /// Lets `r` recognize unless something stops it, then fails the recognizers it excludes.
    private func recognize(_ r: GestureRecognizer, as newState: GestureState) {
        let winners = participants.filter { $0 !== r && ($0.state.isActive || $0.state == .ended) }
        if winners.contains(where: { !$0.canRecognizeSimultaneously(with: r) }) { r.apply(.failed); return }
        if let tracking = router.capturingView, tracking !== r.view,
           !tracking.allowsGestureRecognizerToBegin(r) { r.apply(.failed); return }
        if let shouldBegin = r.shouldBegin, !shouldBegin(r) { r.apply(.failed); return }
        for other in participants where other !== r && other.state == .possible
            && !other.canRecognizeSimultaneously(with: r) {
            other.pendingState = nil
            other.apply(.failed)
        }
        if r.cancelsTouchesInView {
            touchesCancelled = true
            router.cancelViewTracking()
        }
        r.apply(newState)
    }

    // MARK: Sequence bookkeeping

    private func startSequence(_ event: PointerEvent, hit: View?) {
        let candidates = recognizers(reachedBy: event, hit: hit)
        // Undecided recognizers this press does not reach lose their sequence (a second tap elsewhere),
        // which may let a waiting single tap fire; that belongs to the old sequence, so settle first.
        for r in participants where !candidates.contains(where: { $0 === r }) && r.isListening {
            r.apply(r.state.isActive ? .cancelled : .failed)
        }
        settle()
        for r in participants where r.state.isFinished {
            r.arena = nil
            r.resetState()
        }
        let carried = participants.filter { $0.arena === self }
        touchesCancelled = false
        for r in candidates where !carried.contains(where: { $0 === r }) {
            r.arena?.drop(r)
            if r.state != .possible { r.resetState() }
            r.arena = self
        }
        // A recognition still waiting on a recognizer this press reaches keeps waiting.
        participants = candidates + carried.filter { r in !candidates.contains { $0 === r } }
    }

    /// Enabled recognizers for the pressed button, from the hit view up to the root.
    private func recognizers(reachedBy event: PointerEvent, hit: View?) -> [GestureRecognizer] {
        guard let button = event.button else { return [] }
        var found: [GestureRecognizer] = []
        var view = hit
        while let v = view {
            for r in v.gestureRecognizers where r.isEnabled && r.buttons.contains(button) {
                if let shouldReceive = r.shouldReceive, !shouldReceive(r, event) { continue }
                found.append(r)
            }
            view = v.superview
        }
        return found
    }

    private func feed(_ event: PointerEvent) {
        for r in participants {
            guard isParticipant(r), r.isListening else { continue }
            if !r.isEnabled || r.view == nil { drop(r); continue }
            r.handle(event)
        }
        settle()
        cleanUp()
    }

    /// With every button up, undecided recognizers that wait for nothing can never succeed.
    private func failStalled() {
        guard buttonsHeld.isEmpty else { return }
        for r in participants where r.isListening && r.state == .possible && r.nextDeadline == nil {
            r.apply(.failed)
        }
        settle()
        // Whatever still waits now waits on another waiter (a requirement cycle): nothing can resolve it.
        if !participants.contains(where: { $0.isListening }) {
            for r in participants where r.pendingState != nil {
                r.pendingState = nil
                r.apply(.failed)
            }
            settle()
        }
    }

    /// Once every participant is decided, all reset to `possible` for the next sequence.
    private func cleanUp() {
        guard participants.allSatisfy({ $0.state.isFinished }) else { return }
        let done = participants
        participants = []
        for r in done {
            r.arena = nil
            r.resetState()
        }
    }

    private func finish(_ r: GestureRecognizer) {
        r.pendingState = nil
        if !r.state.isFinished { r.apply(r.state.isActive ? .cancelled : .failed) }
        r.arena = nil
        r.resetState()
    }

    private func isParticipant(_ r: GestureRecognizer) -> Bool {
        participants.contains { $0 === r }
    }
}
