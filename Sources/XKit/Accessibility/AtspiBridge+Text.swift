import XKitCore

/// The Text interface (labels, fields and text views) and EditableText (fields and editable text views).
///
/// AT-SPI offsets count Unicode scalars (GLib's UTF-8 characters); text fields and views count
/// grapheme clusters, so offsets are converted at the edge.
extension AtspiBridge {
    /// The text a node shows, or nil when it has no Text interface.
    func textContent(of node: AtspiNode) -> String? {
        guard node.element == nil else { return nil }
        switch node.view {
        case let editing as AtspiTextEditing: return editing.atspiText
        case let label as Label: return label.text ?? ""
        default: return nil
        }
    }

    func caretOffset(of node: AtspiNode) -> Int {
        guard let editing = node.view as? AtspiTextEditing else { return 0 }
        return AtspiText.scalarOffset(ofCharacter: editing.atspiCaret, in: editing.atspiText)
    }

    func text(member: String, args: [DBusValue], node: AtspiNode) throws -> [DBusValue] {
        guard let content = textContent(of: node) else { throw AtspiError.unknownMethod(Atspi.Interface.text, member) }
        let scalars = Array(content.unicodeScalars)
        func int(_ i: Int) throws -> Int {
            guard i < args.count, let v = args[i].int32Value else { throw AtspiError.badArguments(member, "i…") }
            return Int(v)
        }
        func clamp(_ offset: Int) -> Int { max(0, min(offset, scalars.count)) }
        func slice(_ start: Int, _ end: Int) -> String {
            let lo = clamp(start), hi = end < 0 ? scalars.count : clamp(end)
            guard lo < hi else { return "" }
            var result = String.UnicodeScalarView()
            result.append(contentsOf: scalars[lo..<hi])
            return String(result)
        }
        let selection = selectionRange(of: node)
        switch member {
        case "GetText":
            return [.string(slice(try int(0), try int(1)))]
        case "GetCharacterAtOffset":
            let i = try int(0)
            return [.int32(scalars.indices.contains(i) ? Int32(bitPattern: scalars[i].value) : 0)]
        case "GetStringAtOffset", "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            let offset = clamp(try int(0))
            let kind = try int(1)
            let units = textUnits(of: node, content: content)
            let range = member == "GetStringAtOffset" ? granularityRange(kind, offset: offset, units: units)
                : boundaryRange(member, boundary: kind, offset: offset, units: units)
            return [.string(slice(range.lowerBound, range.upperBound)), .int32(Int32(clamping: range.lowerBound)),
                    .int32(Int32(clamping: range.upperBound))]
        case "GetNSelections":
            return [.int32(selection.isEmpty ? 0 : 1)]
        case "GetSelection":
            return selection.isEmpty ? [.int32(0), .int32(0)] : [.int32(Int32(clamping: selection.lowerBound)), .int32(Int32(clamping: selection.upperBound))]
        case "SetCaretOffset":
            guard let editing = node.view as? AtspiTextEditing else { return [.bool(false)] }
            let offset = AtspiText.characterOffset(ofScalar: clamp(try int(0)), in: content)
            editing.atspiSelect(offset..<offset)
            application.platform.setNeedsDisplayPass()
            return [.bool(true)]
        case "SetSelection", "AddSelection":
            guard let editing = node.view as? AtspiTextEditing else { return [.bool(false)] }
            let base = member == "SetSelection" ? 1 : 0
            let lo = clamp(try int(base)), hi = clamp(try int(base + 1))
            editing.atspiSelect(AtspiText.characterOffset(ofScalar: min(lo, hi), in: content)..<AtspiText.characterOffset(ofScalar: max(lo, hi), in: content))
            application.platform.setNeedsDisplayPass()
            return [.bool(true)]
        case "RemoveSelection":
            guard let editing = node.view as? AtspiTextEditing else { return [.bool(false)] }
            editing.atspiSelect(editing.atspiCaret..<editing.atspiCaret)
            return [.bool(true)]
        case "GetAttributes", "GetAttributeRun":
            return [.dictionary(keySignature: "s", valueSignature: "s", []), .int32(0), .int32(Int32(clamping: scalars.count))]
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            return [.dictionary(keySignature: "s", valueSignature: "s", [])]
        case "GetCharacterExtents", "GetRangeExtents":
            return AtspiBridge.devicePixels(tree.frame(of: node), scale: application.scale).map { .int32($0) }
        case "GetOffsetAtPoint":
            return [.int32(-1)]
        default:
            throw AtspiError.unknownMethod(Atspi.Interface.text, member)
        }
    }

    /// The selected scalar range of a field or text view (empty for labels and when nothing is selected).
    private func selectionRange(of node: AtspiNode) -> Range<Int> {
        guard let editing = node.view as? AtspiTextEditing else { return 0..<0 }
        let range = editing.atspiSelection
        let text = editing.atspiText
        let lo = AtspiText.scalarOffset(ofCharacter: range.lowerBound, in: text)
        let hi = AtspiText.scalarOffset(ofCharacter: range.upperBound, in: text)
        return lo..<hi
    }

    func editableText(member: String, args: [DBusValue], node: AtspiNode) throws -> [DBusValue] {
        guard let field = node.view as? AtspiTextEditing, field.atspiIsEditable, node.element == nil else {
            throw AtspiError.unknownMethod(Atspi.Interface.editableText, member)
        }
        let content = field.atspiText
        let count = content.unicodeScalars.count
        func int(_ i: Int) throws -> Int {
            guard i < args.count, let v = args[i].int32Value else { throw AtspiError.badArguments(member, "i…") }
            return max(0, min(Int(v), count))
        }
        func characters(_ lo: Int, _ hi: Int) -> Range<Int> {
            AtspiText.characterOffset(ofScalar: min(lo, hi), in: content)..<AtspiText.characterOffset(ofScalar: max(lo, hi), in: content)
        }
        defer { application.platform.setNeedsDisplayPass() }
        switch member {
        case "SetTextContents":
            guard let text = args.first?.stringValue else { throw AtspiError.badArguments(member, "s") }
            field.atspiSelect(0..<content.count)
            type(text.isEmpty ? nil : text, into: field)
            return [.bool(true)]
        case "InsertText":
            guard args.count >= 2, let text = args[1].stringValue else { throw AtspiError.badArguments(member, "isi") }
            var typed = text
            if args.count >= 3, let length = args[2].int32Value, length >= 0, Int(length) < text.unicodeScalars.count {
                var prefix = String.UnicodeScalarView()
                prefix.append(contentsOf: text.unicodeScalars.prefix(Int(length)))
                typed = String(prefix)
            }
            let position = AtspiText.characterOffset(ofScalar: try int(0), in: content)
            field.atspiSelect(position..<position)
            type(typed, into: field)
            return [.bool(true)]
        case "DeleteText", "CutText":
            let range = characters(try int(0), try int(1))
            guard !range.isEmpty else { return [.bool(true)] }
            field.atspiSelect(range)
            if member == "CutText" {
                return [.bool(field.perform(.cut, sender: self, event: nil))]
            }
            type(nil, into: field)
            return [.bool(true)]
        case "CopyText":
            let range = characters(try int(0), try int(1))
            field.atspiSelect(range)
            _ = field.perform(.copy, sender: self, event: nil)
            return []
        case "PasteText":
            let position = AtspiText.characterOffset(ofScalar: try int(0), in: content)
            field.atspiSelect(position..<position)
            return [.bool(field.perform(.paste, sender: self, event: nil))]
        default:
            throw AtspiError.unknownMethod(Atspi.Interface.editableText, member)
        }
    }

    /// Types `text` into the field as the keyboard would (nil: deletes the selection), so the
    /// field's owner sees it as typing: a comma in a tag field commits a tag.
    private func type(_ text: String?, into field: View) {
        let now = application.platform.clock.now
        let event = text.map { KeyEvent(kind: .down, key: .character($0.last ?? " "), text: $0, time: now) }
            ?? KeyEvent(kind: .down, key: .delete, time: now)
        _ = field.keyDown(event)
    }
}

/// Offsets between grapheme clusters (what fields count) and Unicode scalars (what AT-SPI counts).
enum AtspiText {
    static func scalarOffset(ofCharacter offset: Int, in text: String) -> Int {
        text.prefix(max(0, offset)).unicodeScalars.count
    }

    static func characterOffset(ofScalar offset: Int, in text: String) -> Int {
        var scalars = 0, characters = 0
        for character in text {
            let next = scalars + character.unicodeScalars.count
            if next > offset { break }
            scalars = next
            characters += 1
        }
        return characters
    }
}
