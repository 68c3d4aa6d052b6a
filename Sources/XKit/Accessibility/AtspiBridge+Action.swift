import XKitCore

/// The Action interface: a button's click, a chip's remove and select, a menu item's click, and
/// the standard edit actions a view can perform (a copyable label's copy), as the trace lists them.
extension AtspiBridge {
    /// The actions of a node, in the order clients index them.
    func actionNames(of node: AtspiNode) -> [String] {
        if let element = node.element { return element.actionName.map { [$0] } ?? [] }
        guard case .view(let view) = node else { return [] }
        let standard = AccessibilityNode.standardActions(of: view).map(\.name)
        if view is TagChip { return ["remove", "select"] + standard }
        if view is Button || view is Switch || view is CheckBox { return ["click"] + standard }
        return standard
    }

    func action(member: String, args: [DBusValue], node: AtspiNode) throws -> [DBusValue] {
        let names = actionNames(of: node)
        func index() throws -> Int {
            guard let i = args.first?.int32Value else { throw AtspiError.badArguments(member, "i") }
            return Int(i)
        }
        switch member {
        case "GetName", "GetLocalizedName":
            let i = try index()
            return [.string(names.indices.contains(i) ? names[i] : "")]
        case "GetDescription", "GetKeyBinding":
            _ = try index()
            return [.string("")]
        case "GetActions":
            return [.array(elementSignature: "(sss)", names.map { .structure([.string($0), .string($0), .string("")]) })]
        case "DoAction":
            let i = try index()
            guard names.indices.contains(i) else { return [.bool(false)] }
            // The reply goes first; the action runs in the next main-actor turn, as GTK does, so a
            // client is never blocked behind what the action does (closing a menu, copying).
            let name = names[i]
            Task { @MainActor [weak self] in self?.perform(name, on: node) }
            return [.bool(true)]
        default:
            throw AtspiError.unknownMethod(Atspi.Interface.action, member)
        }
    }

    private func perform(_ name: String, on node: AtspiNode) {
        guard tree.isAlive(node) else { return }
        if let view = node.view, node.element == nil,
           let standard = AccessibilityNode.standardActions(of: view).first(where: { $0.name == name }) {
            _ = view.perform(standard, sender: self, event: nil)
            application.platform.setNeedsDisplayPass()
            return
        }
        switch node {
        case .element(let view, let index):
            _ = (view as? AccessibilityElementProviding)?.performAccessibilityAction(ofElementAt: index)
        case .view(let chip as TagChip):
            if name == "remove" { chip.onRemove?(chip) } else { chip.sendActions(for: .primaryActionTriggered) }
        case .view(let control as Control):
            guard control.isEnabled else { return }
            control.sendActions(for: .primaryActionTriggered)
        default:
            break
        }
        application.platform.setNeedsDisplayPass()
    }
}
