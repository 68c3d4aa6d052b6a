/// Text dropped on a field lands where the pointer let go (a caret shows there while hovering).
extension TextField: DefaultDropTarget {
    func makeDefaultDropInteraction() -> DropInteraction {
        let delegate = TextFieldDropDelegate(field: self)
        let interaction = DropInteraction(delegate: delegate)
        interaction.ownedDelegate = delegate
        return interaction
    }

    /// Inserts dropped text at `offset`, keeping everything already in the field (the selection
    /// is not replaced), through `pasteHandler` first as a paste would.
    func insertDroppedText(_ string: String, at offset: Int) {
        guard isEnabled, !string.isEmpty else { return }
        if let pasteHandler, pasteHandler(self, string) { return }
        editing.moveCaret(to: max(0, min(editing.count, offset)))
        insertText(string)
        selectionDidChange()
    }
}

@MainActor
final class TextFieldDropDelegate: DropInteractionDelegate {
    private weak var field: TextField?
    init(field: TextField) { self.field = field }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool { session.hasText }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        DropProposal(operation: field?.isEnabled == true ? .copy : .forbidden)
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        guard let field else { return }
        let offset = field.characterOffset(at: session.location(in: field))
        session.loadString { [weak field] text in
            guard let field, let text else { return }
            field.insertDroppedText(text, at: offset)
        }
    }
}
