import XKitCore

/// The Selection interface of a tag input: its chips are the selectable children.
extension AtspiBridge {
    func selectedChildren(of node: AtspiNode) -> [AtspiNode] {
        if node.element == nil, let container = node.view as? AccessibilityItemContainer {
            return container.accessibilitySelectedItemIndices.map { tree.child(of: container, at: $0) }
        }
        guard node.element == nil, node.view is TagInputView else { return [] }
        return tree.children(of: node).filter { ($0.view as? TagChip)?.isSelected == true }
    }

    func selection(member: String, args: [DBusValue], node: AtspiNode) throws -> [DBusValue] {
        if node.element == nil, let container = node.view as? AccessibilityItemContainer {
            return try itemSelection(member: member, args: args, container: container)
        }
        guard let tags = node.view as? TagInputView, node.element == nil else {
            throw AtspiError.unknownMethod(Atspi.Interface.selection, member)
        }
        let children = tree.children(of: node)
        func chip(_ list: [AtspiNode]) throws -> TagChip? {
            guard let i = args.first?.int32Value else { throw AtspiError.badArguments(member, "i") }
            return list.indices.contains(Int(i)) ? list[Int(i)].view as? TagChip : nil
        }
        defer { application.platform.setNeedsDisplayPass() }
        switch member {
        case "GetSelectedChild":
            guard let i = args.first?.int32Value else { throw AtspiError.badArguments(member, "i") }
            let selected = selectedChildren(of: node)
            return [reference(selected.indices.contains(Int(i)) ? selected[Int(i)] : nil)]
        case "SelectChild":
            guard let chip = try chip(children) else { return [.bool(false)] }
            tags.selectTag(id: chip.tag.id)
            return [.bool(tags.selectedTagIDs.contains(chip.tag.id))]
        case "DeselectChild":
            guard let chip = try chip(children) else { return [.bool(false)] }
            tags.deselectTag(id: chip.tag.id)
            return [.bool(true)]
        case "DeselectSelectedChild":
            guard let chip = try chip(selectedChildren(of: node)) else { return [.bool(false)] }
            tags.deselectTag(id: chip.tag.id)
            return [.bool(true)]
        case "IsChildSelected":
            return [.bool(try chip(children)?.isSelected == true)]
        case "SelectAll":
            return [.bool(false)]
        case "ClearSelection":
            tags.deselectAll()
            return [.bool(true)]
        default:
            throw AtspiError.unknownMethod(Atspi.Interface.selection, member)
        }
    }
}

/// The Selection interface of a collection view: children are items by index, with or without views.
extension AtspiBridge {
    func itemSelection(member: String, args: [DBusValue], container: AccessibilityItemContainer) throws -> [DBusValue] {
        func index() throws -> Int {
            guard let i = args.first?.int32Value else { throw AtspiError.badArguments(member, "i") }
            return Int(i)
        }
        defer { application.platform.setNeedsDisplayPass() }
        let selected = container.accessibilitySelectedItemIndices
        switch member {
        case "GetSelectedChild":
            let i = try index()
            return [reference(selected.indices.contains(i) ? tree.child(of: container, at: selected[i]) : nil)]
        case "SelectChild":
            return [.bool(container.setAccessibilityItem(at: try index(), selected: true))]
        case "DeselectChild":
            return [.bool(container.setAccessibilityItem(at: try index(), selected: false))]
        case "DeselectSelectedChild":
            let i = try index()
            guard selected.indices.contains(i) else { return [.bool(false)] }
            return [.bool(container.setAccessibilityItem(at: selected[i], selected: false))]
        case "IsChildSelected":
            return [.bool(selected.contains(try index()))]
        case "SelectAll":
            return [.bool(false)]
        case "ClearSelection":
            container.clearAccessibilitySelection()
            return [.bool(true)]
        default:
            throw AtspiError.unknownMethod(Atspi.Interface.selection, member)
        }
    }
}
