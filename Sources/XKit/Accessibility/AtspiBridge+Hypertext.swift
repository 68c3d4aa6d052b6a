import XKitCore

/// Hypertext on a label with tappable ranges, Hyperlink on each range's link node.
///
/// Offsets are Unicode scalars into the label's text, as in the Text interface.
extension AtspiBridge {
    /// A label's tappable ranges as (start, end) scalar offsets and a URI.
    func links(of label: Label) -> [(start: Int, end: Int, uri: String)] {
        let text = label.text ?? ""
        return label.tappableRanges.map { range in
            let start = text.unicodeScalars.distance(from: text.startIndex, to: range.range.lowerBound)
            let end = text.unicodeScalars.distance(from: text.startIndex, to: range.range.upperBound)
            let uri: String
            switch range.kind {
            case .link(let target): uri = target
            case .detected, .handler: uri = ""
            }
            return (start, end, uri)
        }
    }

    func hypertext(member: String, args: [DBusValue], node: AtspiNode) throws -> [DBusValue] {
        guard case .view(let label as Label) = node else { throw AtspiError.unknownMethod(Atspi.Interface.hypertext, member) }
        let links = links(of: label)
        switch member {
        case "GetNLinks":
            return [.int32(Int32(clamping: links.count))]
        case "GetLink":
            guard let i = args.first?.int32Value else { throw AtspiError.badArguments(member, "i") }
            return [reference(links.indices.contains(Int(i)) ? .element(label, Int(i)) : nil)]
        case "GetLinkIndex":
            guard let offset = args.first?.int32Value else { throw AtspiError.badArguments(member, "i") }
            return [.int32(Int32(clamping: links.firstIndex { Int(offset) >= $0.start && Int(offset) < $0.end } ?? -1))]
        default:
            throw AtspiError.unknownMethod(Atspi.Interface.hypertext, member)
        }
    }

    /// The link a node is, when it is one of a label's ranges.
    func link(of node: AtspiNode) -> (label: Label, index: Int, link: (start: Int, end: Int, uri: String))? {
        guard case .element(let label as Label, let index) = node else { return nil }
        let links = links(of: label)
        return links.indices.contains(index) ? (label, index, links[index]) : nil
    }

    func hyperlink(member: String, args: [DBusValue], node: AtspiNode) throws -> [DBusValue] {
        guard let link = link(of: node) else { throw AtspiError.unknownMethod(Atspi.Interface.hyperlink, member) }
        switch member {
        case "GetObject":
            return [reference(node)]
        case "GetURI":
            return [.string(link.link.uri)]
        case "IsValid":
            return [.bool(true)]
        default:
            throw AtspiError.unknownMethod(Atspi.Interface.hyperlink, member)
        }
    }

    func hyperlinkProperty(_ name: String, node: AtspiNode) -> DBusValue? {
        guard let link = link(of: node) else { return nil }
        switch name {
        case "NAnchors": return .int16(1)
        case "StartIndex": return .int32(Int32(clamping: link.link.start))
        case "EndIndex": return .int32(Int32(clamping: link.link.end))
        default: return nil
        }
    }
}
