/// The `views` trace event: a window's accessibility tree, serialised for outside tools.
extension AccessibilityNode {
    /// Fields of the `views` event for a window: its title and every node, depth first.
    ///
    /// Each node keeps the fields tools already read (`id`, `type`, `frame` in root device pixels,
    /// `depth` (0 for the content view, so a tool can tell a view's subtree from its next sibling in the
    /// flat list), `hidden` (for a hidden view and everything inside it), and each view's own
    /// `traceFields`) and adds `role`, `name`, `states` and `actions`.
    static func traceFields(of window: Window) -> [(String, JSON)] {
        var nodes: [JSON] = []
        let scale = window.scale
        // A view inside a hidden view is hidden too (a recycled row's old labels must not look live).
        func walk(_ view: View, depth: Int, insideHidden: Bool) {
            let node = AccessibilityNode(view: view)
            var fields: [(String, JSON)] = []
            if let id = node.identifier { fields.append(("id", .string(id))) }
            fields.append(("type", .string(view.traceType)))
            fields.append(("frame", .rect(node.frame, scale: scale)))
            fields.append(("depth", .int(depth)))
            let hidden = insideHidden || view.isHidden || view.isLeaving
            if hidden { fields.append(("hidden", .bool(true))) }
            fields.append(("role", .string(node.role.rawValue)))
            if let name = node.name { fields.append(("name", .string(name))) }
            let states = node.stateNames
            if !states.isEmpty { fields.append(("states", .array(states.map { .string($0) }))) }
            if !node.actions.isEmpty { fields.append(("actions", .array(node.actions.map { .string($0.name) }))) }
            fields += view.traceFields()
            nodes.append(.object(fields))
            for sub in view.subviews { walk(sub, depth: depth + 1, insideHidden: hidden) }
        }
        walk(window.contentView, depth: 0, insideHidden: false)
        let traits = window.traitCollection
        return [("title", .string(window.title)), ("appearance", .string(traits.description)),
                ("layoutDirection", .string(traits.layoutDirection.traceName)), ("views", .array(nodes))]
    }

    /// The state names, in a fixed order.
    var stateNames: [String] {
        let names: [(States, String)] = [(.focusable, "focusable"), (.focused, "focused"), (.selected, "selected"),
                                         (.disabled, "disabled"), (.copyable, "copyable"), (.selectable, "selectable"),
                                         (.checked, "checked"), (.indeterminate, "indeterminate")]
        return names.filter { states.contains($0.0) }.map(\.1)
    }
}
