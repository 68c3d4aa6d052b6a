import Testing
import XKitHeadless
@testable import XKitCore

/// The `views` trace as an automation API: hidden subtrees are marked, and a big tree is not
/// serialised on every change.
@MainActor
@Suite struct ViewsTraceTests {
    /// The `views` array of a window's trace, as (id, hidden) per node.
    private func nodes(_ window: Window) -> [(id: String?, hidden: Bool)] {
        guard case .array(let list)? = AccessibilityNode.traceFields(of: window).first(where: { $0.0 == "views" })?.1 else { return [] }
        return list.map { node in
            guard case .object(let fields) = node else { return (nil, false) }
            var id: String?
            if case .string(let value)? = fields.first(where: { $0.0 == "id" })?.1 { id = value }
            var hidden = false
            if case .bool(let value)? = fields.first(where: { $0.0 == "hidden" })?.1 { hidden = value }
            return (id, hidden)
        }
    }

    @Test func viewsInsideAHiddenViewAreListedAsHidden() {
        let scene = HeadlessScene()
        let row = View(frame: Rect(x: 0, y: 0, width: 200, height: 40))
        row.accessibilityIdentifier = "row"
        let label = Label(text: "old row text")
        label.accessibilityIdentifier = "row.label"
        let inner = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        inner.accessibilityIdentifier = "row.inner"
        let grandchild = Label(text: "deeper")
        grandchild.accessibilityIdentifier = "row.inner.label"
        inner.addSubview(grandchild)
        row.addSubview(label)
        row.addSubview(inner)
        let sibling = Label(text: "live")
        sibling.accessibilityIdentifier = "live"
        scene.root.addSubview(row)
        scene.root.addSubview(sibling)
        let visible = Dictionary(uniqueKeysWithValues: nodes(scene.window).compactMap { n in n.id.map { ($0, n.hidden) } })
        #expect(visible["row"] == false && visible["row.label"] == false && visible["row.inner.label"] == false)

        row.isHidden = true
        let hidden = Dictionary(uniqueKeysWithValues: nodes(scene.window).compactMap { n in n.id.map { ($0, n.hidden) } })
        #expect(hidden["row"] == true)
        #expect(hidden["row.label"] == true, "a label inside a hidden row must not look live")
        #expect(hidden["row.inner"] == true && hidden["row.inner.label"] == true, "the whole subtree")
        #expect(hidden["live"] == false, "a sibling after the hidden subtree is not hidden")
    }

    @Test func cheapWritesAreNeverHeldBack() {
        var throttle = ViewsTraceThrottle()
        var now = 100.0
        for _ in 0..<5000 {
            #expect(throttle.isDue(at: now))
            throttle.didWrite(start: now, end: now + 0.0002)  // a small scene, 200 µs per tree
            now += 0.002
        }
    }

    @Test func aBurstAfterAQuietMomentIsWrittenAtOnce() {
        var throttle = ViewsTraceThrottle()
        var now = 10.0
        // A click and eight keys on 10,000 chips (12 ms a tree): a tool waiting for them is not kept waiting.
        for _ in 0..<9 {
            #expect(throttle.isDue(at: now))
            throttle.didWrite(start: now, end: now + 0.012)
            now += 0.015
        }
        #expect(!throttle.isDue(at: now), "the burst is spent")
        #expect(throttle.delay(at: now) > 0)
        // A quiet second refills it.
        #expect(throttle.isDue(at: now + 1.0))
    }

    @Test func sustainedCostlyWritesTakeAtMostATenthOfTheTime() {
        var throttle = ViewsTraceThrottle()
        var t = 0.0, spent = 0.0, written = 0, changes = 0
        while t < 20 {
            changes += 1  // a key every 2 ms
            if throttle.isDue(at: t) {
                throttle.didWrite(start: t, end: t + 0.012)
                spent += 0.012
                written += 1
                t += 0.012
            }
            t += 0.002
        }
        #expect(spent / t <= 0.1 + throttle.burst / t + 0.001, "the trace took \(spent / t) of the time")
        #expect(written < changes / 10)
        #expect(written > 100, "still written several times a second: \(written) in 20 s")
    }

    @Test func aHeldBackChangeIsDueAfterTheDelay() {
        var throttle = ViewsTraceThrottle()
        throttle.didWrite(start: 0, end: 0.3)  // one very costly tree overdraws the bucket
        #expect(!throttle.isDue(at: 0.3))
        let wait = throttle.delay(at: 0.3)
        #expect(abs(wait - 2.0) < 1e-9, "0.2 s overdrawn at a tenth of the time: \(wait)")
        #expect(!throttle.isDue(at: 0.3 + wait - 0.01))
        #expect(throttle.isDue(at: 0.3 + wait + 1e-6))
    }
}
