import XKitCore

/// The Accessible and Application interfaces and their properties: names, roles, states, the tree's shape.
extension AtspiBridge {
    func properties(member: String, args: [DBusValue], node: AtspiNode) throws -> [DBusValue] {
        switch member {
        case "Get":
            guard args.count == 2, let interface = args[0].stringValue, let name = args[1].stringValue else {
                throw AtspiError.badArguments(member, "ss")
            }
            watch(node)
            guard let value = property(interface: interface, name: name, node: node) else {
                throw AtspiError(name: Atspi.ErrorName.unknownProperty, text: "no property \(interface).\(name)")
            }
            return [.variant(value)]
        case "GetAll":
            guard args.count == 1, let interface = args[0].stringValue else { throw AtspiError.badArguments(member, "s") }
            let names = propertyNames[interface] ?? []
            let pairs = names.compactMap { name in property(interface: interface, name: name, node: node).map { (DBusValue.string(name), DBusValue.variant($0)) } }
            return [.dictionary(keySignature: "s", valueSignature: "v", pairs)]
        case "Set":
            guard args.count == 3, let interface = args[0].stringValue, let name = args[1].stringValue else {
                throw AtspiError.badArguments(member, "ssv")
            }
            if interface == Atspi.Interface.application, name == "Id", let id = args[2].int32Value {
                applicationID = id
                return []
            }
            if interface == Atspi.Interface.value, name == "CurrentValue", let value = args[2].doubleValue {
                try setCurrentValue(value, node: node)
                return []
            }
            throw AtspiError(name: "org.freedesktop.DBus.Error.PropertyReadOnly", text: "\(interface).\(name) is read-only")
        default:
            throw AtspiError.unknownMethod(Atspi.Interface.properties, member)
        }
    }

    private var propertyNames: [String: [String]] {
        [Atspi.Interface.accessible: ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId"],
         Atspi.Interface.application: ["ToolkitName", "Version", "AtspiVersion", "Id"],
         Atspi.Interface.action: ["NActions"],
         Atspi.Interface.text: ["CharacterCount", "CaretOffset"],
         Atspi.Interface.selection: ["NSelectedChildren"],
         Atspi.Interface.hyperlink: ["NAnchors", "StartIndex", "EndIndex"],
         Atspi.Interface.value: ["CurrentValue", "MinimumValue", "MaximumValue", "MinimumIncrement", "Text"]]
    }

    private func property(interface: String, name: String, node: AtspiNode) -> DBusValue? {
        let tree = self.tree
        switch (interface, name) {
        case (Atspi.Interface.accessible, "Name"): return .string(tree.name(of: node))
        case (Atspi.Interface.accessible, "Description"): return .string(tree.description(of: node))
        case (Atspi.Interface.accessible, "Parent"): return tree.parent(of: node).map(reference) ?? desktop
        case (Atspi.Interface.accessible, "ChildCount"): return .int32(Int32(clamping: tree.childCount(of: node)))
        case (Atspi.Interface.accessible, "Locale"): return .string("en_US.UTF-8")
        case (Atspi.Interface.accessible, "AccessibleId"): return .string(node.view?.accessibilityIdentifier ?? "")
        case (Atspi.Interface.application, "ToolkitName"): return .string("XKit")
        case (Atspi.Interface.application, "Version"): return .string("1.0")
        case (Atspi.Interface.application, "AtspiVersion"): return .string("2.1")
        case (Atspi.Interface.application, "Id"): return .int32(applicationID)
        case (Atspi.Interface.action, "NActions"): return .int32(Int32(actionNames(of: node).count))
        case (Atspi.Interface.text, "CharacterCount"): return textContent(of: node).map { .int32(Int32(clamping: $0.unicodeScalars.count)) }
        case (Atspi.Interface.text, "CaretOffset"): return textContent(of: node).map { _ in .int32(Int32(clamping: caretOffset(of: node))) }
        case (Atspi.Interface.selection, "NSelectedChildren"): return .int32(Int32(clamping: selectedChildren(of: node).count))
        case (Atspi.Interface.hyperlink, _): return hyperlinkProperty(name, node: node)
        case (Atspi.Interface.value, _): return valueProperty(name, node: node)
        default: return nil
        }
    }

    func accessible(member: String, args: [DBusValue], node: AtspiNode) throws -> [DBusValue] {
        let tree = self.tree
        switch member {
        case "GetChildAtIndex":
            guard let index = args.first?.int32Value else { throw AtspiError.badArguments(member, "i") }
            return [reference(tree.child(of: node, at: Int(index)))]
        case "GetChildren":
            return [.array(elementSignature: "(so)", tree.children(of: node).map(reference))]
        case "GetIndexInParent":
            return [.int32(Int32(clamping: tree.indexInParent(of: node)))]
        case "GetRelationSet":
            return [.array(elementSignature: "(ua(so))", [])]
        case "GetRole":
            return [.uint32(tree.role(of: node).rawValue)]
        case "GetRoleName", "GetLocalizedRoleName":
            return [.string(tree.role(of: node).name)]
        case "GetState":
            return [Atspi.stateWords(tree.states(of: node))]
        case "GetAttributes":
            var pairs: [(DBusValue, DBusValue)] = [(.string("toolkit"), .string("XKit"))]
            if let id = node.view?.accessibilityIdentifier, node.element == nil { pairs.append((.string("id"), .string(id))) }
            return [.dictionary(keySignature: "s", valueSignature: "s", pairs)]
        case "GetApplication":
            return [reference(.application)]
        case "GetInterfaces":
            return [.array(elementSignature: "s", interfaces(of: node).map { .string($0) })]
        default:
            throw AtspiError.unknownMethod(Atspi.Interface.accessible, member)
        }
    }

    /// The interfaces a node implements, as its role calls for.
    func interfaces(of node: AtspiNode) -> [String] {
        if case .application = node { return [Atspi.Interface.accessible, Atspi.Interface.application] }
        var result = [Atspi.Interface.accessible, Atspi.Interface.component]
        if !actionNames(of: node).isEmpty { result.append(Atspi.Interface.action) }
        if textContent(of: node) != nil { result.append(Atspi.Interface.text) }
        if let editing = node.view as? AtspiTextEditing, editing.atspiIsEditable, node.element == nil {
            result.append(Atspi.Interface.editableText)
        }
        if node.view is TagInputView || node.view is AccessibilityItemContainer, node.element == nil {
            result.append(Atspi.Interface.selection)
        }
        if node.view is AccessibilityValueProviding, node.element == nil { result.append(Atspi.Interface.value) }
        if let label = node.view as? Label {
            if node.element == nil, !label.tappableRanges.isEmpty { result.append(Atspi.Interface.hypertext) }
            if node.element != nil { result.append(Atspi.Interface.hyperlink) }
        }
        return result
    }
}
