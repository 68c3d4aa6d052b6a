import CX11
import XKitCore

/// Converts owned content to one target and writes it to the requestor's property.
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
        var list = [atoms.targets]
        list += content.representations.map { connection.atom($0.type) }
        if content.hasText {
            list.append(atoms.utf8String)
            if content.hasLatin1Form { list.append(atoms.string) }
            list += [atoms.text, atoms.textPlainUTF8]
        }
        list += [atoms.timestamp, atoms.multiple, atoms.saveTargets]
        return list
    }

    /// The data targets worth handing to a clipboard manager: every representation, not TARGETS,
    /// TIMESTAMP or the side-effect ones.
    var saveableTargets: [Atom] {
        let side: Set<Atom> = [atoms.targets, atoms.timestamp, atoms.multiple, atoms.saveTargets]
        return advertisedTargets.filter { !side.contains($0) }
    }

    /// What a conversion sent.
    struct Served {
        /// The bytes sent, or for a streamed representation the bytes made when the transfer began
        /// (`incr.done` traces the total).
        var bytes: Int
        /// Whether the bytes are still being made and go out as they come.
        var isStreamed = false
    }

    /// Writes `target` into `property` on `requestor`; what was sent, or nil when the target is not
    /// supported (or its representation could not be made, which is traced with the reason).
    /// MULTIPLE is handled by the owner, which calls this for each pair.
    func convert(target: Atom, requestor: XID, property: Atom) -> Served? {
        switch target {
        case atoms.targets:
            let list = advertisedTargets
            SelectionWire.writeLongs(connection, window: requestor, property: property, type: atoms.atom,
                                     items: list.map { Int($0) })
            return Served(bytes: list.count * 4)
        case atoms.utf8String, atoms.text:
            guard content.hasText else { return nil }
            // TEXT lets the owner choose the encoding; the reply's type names it, never "TEXT".
            return send(content.utf8, type: atoms.utf8String, requestor: requestor, property: property)
        case atoms.textPlainUTF8:
            guard content.hasText else { return nil }
            return send(content.utf8, type: atoms.textPlainUTF8, requestor: requestor, property: property)
        case atoms.string:
            guard content.hasText, let latin1 = content.latin1 else { return nil }
            return send(latin1, type: atoms.string, requestor: requestor, property: property)
        case atoms.timestamp:
            SelectionWire.writeLongs(connection, window: requestor, property: property, type: atoms.integer,
                                     items: [Int(acquiredAt)])
            return Served(bytes: 4)
        case atoms.saveTargets:
            // A side-effect target (ICCCM 2.6.3): nothing to save here, reply with an empty NULL property.
            SelectionWire.writeLongs(connection, window: requestor, property: property, type: atoms.null, items: [])
            return Served(bytes: 0)
        default:
            guard !content.representations.isEmpty else { return nil }
            let name = connection.atomName(target)
            if let stream = content.stream(forType: name) {
                if let failure = stream.failure {
                    Trace.warn("cannot serve \(name): \(failure)")
                    return nil
                }
                if stream.isFinished && stream.bytes.count <= hub.sender.chunkSize {
                    return send(stream.bytes.joined, type: target, requestor: requestor, property: property)
                }
                hub.sender.start(requestor: requestor, property: property, type: target, stream: stream)
                return Served(bytes: stream.bytes.count, isStreamed: !stream.isFinished)
            }
            do {
                guard let bytes = try content.data(forType: name) else { return nil }
                return send(bytes, type: target, requestor: requestor, property: property)
            } catch {
                Trace.warn("cannot serve \(name): \(error)")
                return nil
            }
        }
    }

    private func send(_ bytes: [UInt8], type: Atom, requestor: XID, property: Atom) -> Served {
        if bytes.count > hub.sender.chunkSize {
            hub.sender.start(requestor: requestor, property: property, type: type, bytes: bytes)
        } else {
            SelectionWire.writeBytes(connection, window: requestor, property: property, type: type, bytes: bytes[...])
        }
        return Served(bytes: bytes.count)
    }
}
