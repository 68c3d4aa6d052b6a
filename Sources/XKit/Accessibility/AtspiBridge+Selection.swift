import XKitCore

/// The Selection interface of a tag input: its chips are the selectable children.
extension AtspiBridge {
    func selectedChildren(of node: AtspiNode) -> [AtspiNode] {
        guard node.element == nil, node.view is TagInputView else { return [] }
        return tree.children(of: node).filter { ($0.view as? TagChip)?.isSelected == true }
    }

    func selection(member: String, args: [DBusValue], node: AtspiNode) throws -> [DBusValue] {
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
