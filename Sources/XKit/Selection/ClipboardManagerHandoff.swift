import CX11
import Dispatch
import XKitCore

/// Hands CLIPBOARD to the clipboard manager when the app quits, so the copy outlives the app.
///
/// freedesktop ClipboardManager: the owner converts CLIPBOARD_MANAGER to SAVE_TARGETS, listing
/// the targets to save (type ATOM) in the named property. The manager then converts CLIPBOARD
/// itself (INCR included) and answers with a SelectionNotify once it has everything, so we keep
/// serving until that notify arrives or the time limit passes. No manager: we quit at once, and
/// a manager that dies or lets go of CLIPBOARD_MANAGER mid-handoff ends the wait at once too.
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

    /// Asks the manager to save, and calls `done` when it answered, went away, or the limit passed.
    func run(_ done: @escaping () -> Void) {
        let display = hub.connection.display
        let atoms = hub.atoms
        let manager = XGetSelectionOwner(display, atoms.clipboardManager)
        guard owner.isOwner, let content = owner.content, manager != 0 else { return done() }
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
        var observer: Int?
        var poll: TimerToken?
        let finish: (String) -> Void = { [weak hub] how in
            guard !finished else { return }
            finished = true
            hub?.onManagerReply = nil
            if let observer { hub?.app.eventLoop.removeObserver(observer) }
            poll?.cancel()
            Trace.emit("clipboard.handoff_end", [("how", .string(how))])
            done()
        }
        hub.onManagerReply = { finish("answered") }
        _ = hub.app.eventLoop.afterDelay(timeLimit) { finish("time limit") }
        // A manager that dies mid-handoff never answers: its window's DestroyNotify ends the wait.
        observer = hub.app.eventLoop.addObserver { event in
            if event.type == DestroyNotify, event.xdestroywindow.window == manager { finish("manager gone") }
        }
        if !watch(manager) { return finish("manager gone") }
        // A manager that lets go of the selection without dying sends nothing we could see
        // without XFixes, so look at the owner a few times a second while we wait.
        let loop = hub.app.eventLoop
        func checkOwner() {
            poll = loop.afterDelay(ownerPollInterval) { [weak self] in
                guard let self, !finished else { return }
                if XGetSelectionOwner(self.hub.connection.display, self.hub.atoms.clipboardManager) != manager {
                    finish("manager gone")
                } else {
                    checkOwner()
                }
            }
        }
        checkOwner()
    }

    /// How often the owner of CLIPBOARD_MANAGER is checked during the hand-off.
    var ownerPollInterval: Double = 0.2

    /// Selects StructureNotify on the manager's window, keeping the mask we had there (the INCR
    /// sender saves and restores masks the same way); false when the window is already gone.
    private func watch(_ manager: XID) -> Bool {
        let connection = hub.connection
        var alive = false
        let error = connection.trapErrors {
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(connection.display, manager, &attributes) != 0 else { return }
            XSelectInput(connection.display, manager, attributes.your_event_mask | Int(StructureNotifyMask))
            alive = true
        }
        // The trap's XSync may have read events into Xlib's queue; the fd will not signal them.
        hub.app.eventLoop.scheduleDrain()
        // Destroyed between XGetSelectionOwner and the select: no DestroyNotify will come.
        return alive && error == nil && XGetSelectionOwner(connection.display, hub.atoms.clipboardManager) == manager
    }
}
