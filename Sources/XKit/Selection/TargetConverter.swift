import CX11

/// Converts owned text to one target and writes it to the requestor's property.
///
/// Big replies go through the INCR sender; everything else is one property write. The caller
/// wraps the call (and the SelectionNotify that follows) in one error trap.
@MainActor
struct TargetConverter {
    let hub: SelectionHub
    let content: SelectionContent
    let acquiredAt: UInt32

    private var atoms: SelectionAtoms { hub.atoms }
    private var connection: XConnection { hub.connection }

    /// The targets TARGETS advertises: exactly those `convert` accepts for this content.
    ///
    /// STRING is left out when the text has no Latin-1 form, because the conversion would be refused.
    var advertisedTargets: [Atom] {
        var list = [atoms.targets, atoms.utf8String]
        if content.hasLatin1Form { list.append(atoms.string) }
        list += [atoms.text, atoms.textPlainUTF8, atoms.timestamp, atoms.multiple, atoms.saveTargets]
        return list
    }

    /// Writes `target` into `property` on `requestor`; false when the target is not supported.
    /// MULTIPLE is handled by the owner, which calls this for each pair.
    func convert(target: Atom, requestor: XID, property: Atom) -> Bool {
        switch target {
        case atoms.targets:
            SelectionWire.writeLongs(connection, window: requestor, property: property, type: atoms.atom,
                                     items: advertisedTargets.map { Int($0) })
        case atoms.utf8String, atoms.text:
            // TEXT lets the owner choose the encoding; the reply's type names it, never "TEXT".
            sendText(content.utf8, type: atoms.utf8String, requestor: requestor, property: property)
        case atoms.textPlainUTF8:
            sendText(content.utf8, type: atoms.textPlainUTF8, requestor: requestor, property: property)
        case atoms.string:
            guard let latin1 = content.latin1 else { return false }
            sendText(latin1, type: atoms.string, requestor: requestor, property: property)
        case atoms.timestamp:
            SelectionWire.writeLongs(connection, window: requestor, property: property, type: atoms.integer,
                                     items: [Int(acquiredAt)])
        case atoms.saveTargets:
            // A side-effect target (ICCCM 2.6.3): nothing to save here, reply with an empty NULL property.
            SelectionWire.writeLongs(connection, window: requestor, property: property, type: atoms.null, items: [])
        default:
            return false
        }
        return true
    }

    private func sendText(_ bytes: [UInt8], type: Atom, requestor: XID, property: Atom) {
        if bytes.count > hub.sender.chunkSize {
            hub.sender.start(requestor: requestor, property: property, type: type, bytes: bytes)
        } else {
            SelectionWire.writeBytes(connection, window: requestor, property: property, type: type, bytes: bytes[...])
        }
    }
}
