import XKitCore

/// What a client last saw of one node; the next tree change is diffed against it.
struct AtspiSnapshot {
    var name: String
    var states: Set<Atspi.State>
    var children: [String]
    var text: String?
    var caret: Int
}

/// Change events: focus, states, names, children, text and caret, window activation.
///
/// The toolkit reports "the tree of this window changed" once per display pass; the bridge then
/// compares the nodes clients have asked about with what they saw, and sends one event per
/// difference. Nodes nobody asked about cost nothing and send nothing, as a lazily exposed tree should.
extension AtspiBridge {
    /// Starts tracking a node a client asked about.
    func watch(_ node: AtspiNode) {
        let path = objects.path(for: node)
        guard snapshots[path] == nil else { return }
        snapshots[path] = snapshot(of: node)
    }

    private func snapshot(of node: AtspiNode) -> AtspiSnapshot {
        let tree = self.tree
        return AtspiSnapshot(name: tree.name(of: node), states: tree.states(of: node),
                             children: tree.children(of: node).map { objects.path(for: $0) },
                             text: textContent(of: node), caret: caretOffset(of: node))
    }

    /// Diffs every tracked node of `window` (and the window list) and sends the events.
    func emitChanges(in window: Window) {
        emitWindowListChange()
        let tree = self.tree
        for (path, old) in snapshots {
            guard let node = objects.node(at: path) else { snapshots[path] = nil; continue }
            if case .application = node { continue }
            guard node.window === window else { continue }
            guard tree.isAlive(node) else { snapshots[path] = nil; continue }
            let new = snapshot(of: node)
            snapshots[path] = new
            emitDifferences(from: old, to: new, node: node)
        }
    }

    private func emitDifferences(from old: AtspiSnapshot, to new: AtspiSnapshot, node: AtspiNode) {
        let events = Atspi.Interface.objectEvents
        if old.name != new.name {
            emit(events, "PropertyChange", from: node, detail: "accessible-name", value: .string(new.name))
        }
        for state in old.states.symmetricDifference(new.states).sorted(by: { $0.rawValue < $1.rawValue }) {
            emit(events, "StateChanged", from: node, detail: state.eventName, new.states.contains(state) ? 1 : 0)
        }
        if old.children != new.children {
            let kept = Set(new.children)
            for (index, path) in old.children.enumerated().reversed() where !kept.contains(path) {
                emit(events, "ChildrenChanged", from: node, detail: "remove", index, 0,
                     value: .structure([.string(busName), .objectPath(path)]))
            }
            let before = Set(old.children)
            for (index, path) in new.children.enumerated() where !before.contains(path) {
                emit(events, "ChildrenChanged", from: node, detail: "add", index, 0,
                     value: .structure([.string(busName), .objectPath(path)]))
            }
        }
        if let oldText = old.text, let newText = new.text, oldText != newText {
            let change = AtspiTextChange(from: oldText, to: newText)
            if !change.deleted.isEmpty {
                emit(events, "TextChanged", from: node, detail: "delete", change.start, change.deleted.unicodeScalars.count,
                     value: .string(change.deleted))
            }
            if !change.inserted.isEmpty {
                emit(events, "TextChanged", from: node, detail: "insert", change.start, change.inserted.unicodeScalars.count,
                     value: .string(change.inserted))
            }
        }
        if old.caret != new.caret, new.text != nil {
            emit(events, "TextCaretMoved", from: node, new.caret)
        }
    }

    /// Windows opened or closed since the last look: children-changed on the application.
    func emitWindowListChange() {
        let windows = tree.windows
        let now = windows.map(ObjectIdentifier.init)
        guard now != knownWindows else { return }
        let events = Atspi.Interface.objectEvents
        let kept = Set(now)
        for (index, id) in knownWindows.enumerated().reversed() where !kept.contains(id) {
            emit(events, "ChildrenChanged", from: .application, detail: "remove", index, 0, value: reference(nil))
        }
        let before = Set(knownWindows)
        for (index, window) in windows.enumerated() where !before.contains(ObjectIdentifier(window)) {
            emit(events, "ChildrenChanged", from: .application, detail: "add", index, 0, value: reference(.window(window)))
        }
        knownWindows = now
    }

    /// Focus moved inside a window: focused state off on the old view, on (and a Focus event) on the new.
    func emitFocusChange(to view: View?, in window: Window) {
        let events = Atspi.Interface.objectEvents
        if let old = focusedView, old !== view, tree.isAlive(.view(old)) {
            emit(events, "StateChanged", from: .view(old), detail: "focused", 0)
            snapshots[objects.path(for: .view(old))]?.states.remove(.focused)
        }
        focusedView = view
        guard let view, tree.isAlive(.view(view)) else { return }
        emit(events, "StateChanged", from: .view(view), detail: "focused", 1)
        emit(Atspi.Interface.focusEvents, "Focus", from: .view(view))
        snapshots[objects.path(for: .view(view))]?.states.insert(.focused)
    }

    /// A window got or lost keyboard focus (X FocusIn/FocusOut).
    func windowFocusDidChange(_ window: Window, active: Bool) {
        if active {
            guard activeWindow !== window else { return }
            if let old = activeWindow { windowFocusDidChange(old, active: false) }
            activeWindow = window
        } else {
            guard activeWindow === window else { return }
            activeWindow = nil
        }
        emit(Atspi.Interface.windowEvents, active ? "Activate" : "Deactivate", from: .window(window), value: .string(""))
        emit(Atspi.Interface.objectEvents, "StateChanged", from: .window(window), detail: "active", active ? 1 : 0)
    }
}

/// One edit between two texts, found by their common prefix and suffix (in Unicode scalars).
struct AtspiTextChange {
    let start: Int
    let deleted: String
    let inserted: String

    init(from old: String, to new: String) {
        let a = Array(old.unicodeScalars), b = Array(new.unicodeScalars)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        start = prefix
        var d = String.UnicodeScalarView(), i = String.UnicodeScalarView()
        d.append(contentsOf: a[prefix..<(a.count - suffix)])
        i.append(contentsOf: b[prefix..<(b.count - suffix)])
        deleted = String(d)
        inserted = String(i)
    }
}
