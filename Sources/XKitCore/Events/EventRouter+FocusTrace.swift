/// The `focus.changed` trace event, so outside tools see Tab, a click or code move the focus.
extension EventRouter {
    /// Writes `focus.changed` with the new first responder (nil: nothing focused) and the old one,
    /// each as the `views` event names them: `id` when the view has one, `type`, `name`, `frame`.
    func traceFocusChange(from old: View?, to new: View?) {
        guard Trace.isEnabled else { return }
        let scale = root.hostWindow?.scale ?? 1
        func describe(_ view: View?) -> JSON {
            guard let view else { return .null }
            let node = AccessibilityNode(view: view)
            var fields: [(String, JSON)] = []
            if let id = node.identifier { fields.append(("id", .string(id))) }
            fields.append(("type", .string(view.traceType)))
            if let name = node.name { fields.append(("name", .string(name))) }
            fields.append(("frame", .rect(node.frame, scale: scale)))
            return .object(fields)
        }
        var fields: [(String, JSON)] = []
        if let id = new.flatMap({ AccessibilityNode(view: $0).identifier }) { fields.append(("id", .string(id))) }
        fields += [("view", describe(new)), ("previous", describe(old))]
        if let window = root.hostWindow { fields.append(("window", .string(window.title))) }
        Trace.emit("focus.changed", fields)
    }
}
