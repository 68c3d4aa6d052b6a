import CX11
import Glibc

/// Interned atoms by name, so each name costs one round trip per process at most.
@MainActor
final class AtomCache {
    private let display: OpaquePointer
    private var byName: [String: Atom] = [:]
    private var byAtom: [Atom: String] = [:]

    init(display: OpaquePointer) {
        self.display = display
        preload(AtomCache.wellKnown + ["_XSETTINGS_S\(XDefaultScreen(display))"])
    }

    /// Atoms XKit needs at start-up or on common paths, interned in one round trip: each one
    /// interned on its own is a round trip, and a window with a text field asked for a dozen XDND
    /// atoms one by one before its first frame.
    static let wellKnown = [
        "MANAGER", "_XSETTINGS_SETTINGS", "_NET_SUPPORTING_WM_CHECK", "_NET_WM_STATE", "_NET_FRAME_EXTENTS",
        "XdndAware", "XdndProxy", "XdndSelection", "XdndTypeList", "XdndEnter", "XdndPosition", "XdndStatus",
        "XdndLeave", "XdndDrop", "XdndFinished", "XdndActionCopy", "XdndActionMove",
        "WM_PROTOCOLS", "WM_DELETE_WINDOW", "WM_TAKE_FOCUS", "_NET_WM_NAME", "_NET_WM_PID", "UTF8_STRING",
        "_NET_WM_WINDOW_TYPE", "_NET_WM_WINDOW_TYPE_POPUP_MENU", "_NET_WM_WINDOW_TYPE_NORMAL",
        "_NET_WM_WINDOW_TYPE_DIALOG", "_NET_WM_PING", "CLIPBOARD", "PRIMARY", "TARGETS", "MULTIPLE",
        "TIMESTAMP", "TEXT", "STRING", "INCR", "ATOM", "INTEGER", "ATOM_PAIR", "SAVE_TARGETS",
        "CLIPBOARD_MANAGER", "text/plain;charset=utf-8", "text/plain", "_XKIT_TIMESTAMP", "_XKIT_SELECTION",
    ]

    private func preload(_ names: [String]) {
        var cStrings = names.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        var result = [Atom](repeating: 0, count: names.count)
        let ok = cStrings.withUnsafeMutableBufferPointer { buf in
            XInternAtoms(display, buf.baseAddress, Int32(names.count), 0, &result)
        }
        guard ok != 0 else { return }
        // Room for the preload and the atoms an app interns later, made once: growing a table
        // rehashes every name in it (six times for the well-known atoms alone).
        byName.reserveCapacity(2 * names.count)
        byAtom.reserveCapacity(2 * names.count)
        for (name, atom) in zip(names, result) where atom != 0 {
            byName[name] = atom
            byAtom[atom] = name
        }
    }

    /// The atom for a name, interned on first use.
    func atom(_ name: String) -> Atom {
        if let atom = byName[name] { return atom }
        let atom = XInternAtom(display, name, 0)
        byName[name] = atom
        byAtom[atom] = name
        return atom
    }

    /// The name of an atom ("None" for 0, "?" when the server does not know it).
    func name(of atom: Atom) -> String {
        if atom == 0 { return "None" }
        if let name = byAtom[atom] { return name }
        var result = "?"
        if let cName = XGetAtomName(display, atom) {
            result = String(cString: cName)
            XFree(cName)
            byAtom[atom] = result
        }
        return result
    }
}
