import CX11

/// The atoms the selection code compares against, interned once per connection.
@MainActor
struct SelectionAtoms {
    let targets, utf8String, string, text, textPlainUTF8, timestamp, multiple, saveTargets: Atom
    let incr, atom, integer, atomPair, null, clipboard, primary, clipboardManager: Atom
    /// The zero-length append that yields a server timestamp goes to this property.
    let timestampProperty: Atom
    /// Where the SAVE_TARGETS request for the clipboard manager lists our targets.
    let saveTargetsProperty: Atom

    init(connection: XConnection) {
        targets = connection.atom("TARGETS")
        utf8String = connection.atom("UTF8_STRING")
        string = XA_STRING
        text = connection.atom("TEXT")
        textPlainUTF8 = connection.atom("text/plain;charset=utf-8")
        timestamp = connection.atom("TIMESTAMP")
        multiple = connection.atom("MULTIPLE")
        saveTargets = connection.atom("SAVE_TARGETS")
        incr = connection.atom("INCR")
        atom = XA_ATOM
        integer = XA_INTEGER
        atomPair = connection.atom("ATOM_PAIR")
        null = connection.atom("NULL")
        clipboard = connection.atom("CLIPBOARD")
        primary = XA_PRIMARY
        clipboardManager = connection.atom("CLIPBOARD_MANAGER")
        timestampProperty = connection.atom("_XKIT_TIMESTAMP")
        saveTargetsProperty = connection.atom("_XKIT_SAVE_TARGETS")
    }

    /// The text targets we convert, in the order TARGETS lists them.
    var textTargets: [Atom] { [utf8String, string, text, textPlainUTF8] }
}
