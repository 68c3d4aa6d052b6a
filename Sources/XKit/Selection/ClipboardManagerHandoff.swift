import CX11
import Dispatch
import XKitCore

/// Hands CLIPBOARD to the clipboard manager when the app quits, so the copy outlives the app.
///
/// freedesktop ClipboardManager: the owner converts CLIPBOARD_MANAGER to SAVE_TARGETS, listing
/// the targets to save (type ATOM) in the named property. The manager then converts CLIPBOARD
/// itself (INCR included) and answers with a SelectionNotify once it has everything, so we keep
/// serving until that notify arrives or the time limit passes. No manager: we quit at once.
@MainActor
final class ClipboardManagerHandoff {
    private unowned let hub: SelectionHub
    private let owner: SelectionOwner
    /// How long to wait for the manager before quitting anyway.
    var timeLimit: Double = 3
    private var installed = false

    init(hub: SelectionHub, owner: SelectionOwner) {
        self.hub = hub
        self.owner = owner
    }

    /// Registers the termination handler (once).
    func install() {
        guard !installed else { return }
        installed = true
        hub.app.addTerminationHandler { [weak self] done in
            guard let self else { return done() }
            self.run(done)
        }
    }

    /// Asks the manager to save, and calls `done` when it answered or the limit passed.
    func run(_ done: @escaping () -> Void) {
        let display = hub.connection.display
        let atoms = hub.atoms
        guard owner.isOwner, let content = owner.content,
              XGetSelectionOwner(display, atoms.clipboardManager) != 0 else { return done() }
        let converter = TargetConverter(hub: hub, content: content, acquiredAt: owner.acquiredAt)
        // Every representation, so the HTML and the PNG outlive the app as well as the text.
        let saveable = converter.saveableTargets
        SelectionWire.writeLongs(hub.connection, window: hub.window, property: atoms.saveTargetsProperty,
                                 type: atoms.atom, items: saveable.map { Int($0) })
        let time = hub.serverTime()
        XConvertSelection(display, atoms.clipboardManager, atoms.saveTargets, atoms.saveTargetsProperty,
                          hub.window, Time(time))
        XFlush(display)
        Trace.emit("clipboard.handoff_start")
        var finished = false
        let finish: (String) -> Void = { [weak hub] how in
            guard !finished else { return }
            finished = true
            hub?.onManagerReply = nil
            Trace.emit("clipboard.handoff_end", [("how", .string(how))])
            done()
        }
        hub.onManagerReply = { finish("answered") }
        _ = afterDelay(timeLimit) { finish("time limit") }
    }
}
