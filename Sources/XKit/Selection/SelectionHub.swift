import CX11
import Dispatch
import XKitCore

/// The hidden window every selection conversation goes through, and the router of its events.
///
/// One unmapped window owns CLIPBOARD and PRIMARY, receives pastes and asks the clipboard
/// manager to save. Requests to it (SelectionRequest/Clear) arrive addressed to it; the
/// PropertyNotify/DestroyNotify events of *other* clients' requestor windows arrive with
/// `xany.window` set to those windows, so the INCR sender sees them through an observer.
@MainActor
final class SelectionHub: XEventHandler {
    /// The hub for the running application (starting the application if needed).
    static func shared() throws -> SelectionHub {
        let platform = try X11Platform.running()
        if let hub = platform.selectionHub { return hub }
        let hub = SelectionHub(app: platform)
        platform.selectionHub = hub
        return hub
    }

    /// The X11 platform of the running app: its connection, event loop and latest input time.
    let app: X11Platform
    let connection: XConnection
    let atoms: SelectionAtoms
    /// The hidden window (selects PropertyChangeMask only).
    let window: XID
    let sender: IncrSender
    private(set) lazy var reader = SelectionReader(hub: self)
    private var owners: [Atom: SelectionOwner] = [:]
    /// Called for a SelectionNotify answering our SAVE_TARGETS request.
    var onManagerReply: (() -> Void)?
    private var freeProperties: [Atom] = []
    private var propertyCount = 0

    private init(app: X11Platform) {
        self.app = app
        connection = app.connection
        atoms = SelectionAtoms(connection: connection)
        let display = connection.display
        var attributes = XSetWindowAttributes()
        attributes.event_mask = Int(PropertyChangeMask)
        attributes.override_redirect = 1
        // InputOnly: it is never mapped and never drawn, it only holds properties and ownership.
        window = XCreateWindow(display, connection.root, -10, -10, 1, 1, 0, 0, UInt32(InputOnly), nil,
                               UInt(CWEventMask | CWOverrideRedirect), &attributes)
        sender = IncrSender(connection: connection, app: app)
        app.eventLoop.register(window: window, handler: self)
        app.eventLoop.addObserver { [weak self] event in
            guard let self else { return }
            if event.type == PropertyNotify || event.type == DestroyNotify { self.sender.observe(&event) }
        }
    }

    /// The owner state for a selection atom, created on first use.
    func owner(for selection: Atom) -> SelectionOwner {
        if let owner = owners[selection] { return owner }
        let owner = SelectionOwner(hub: self, selection: selection)
        owners[selection] = owner
        return owner
    }

    func handle(_ event: inout XEvent) {
        switch event.type {
        case SelectionRequest:
            let request = event.xselectionrequest
            if let owner = owners[request.selection] {
                owner.handleRequest(request)
            } else {
                refuse(request)
            }
        case SelectionClear:
            owners[event.xselectionclear.selection]?.handleClear(time: UInt32(truncatingIfNeeded: event.xselectionclear.time))
        case SelectionNotify:
            if event.xselection.selection == atoms.clipboardManager {
                onManagerReply?()
            } else {
                reader.handleNotify(event.xselection)
            }
        case PropertyNotify:
            reader.handleProperty(event.xproperty)
        default:
            break
        }
    }

    /// Answers a request we cannot serve, so the requestor does not wait for its timeout.
    func refuse(_ request: XSelectionRequestEvent) {
        connection.trapErrors {
            SelectionWire.sendNotify(connection, requestor: request.requestor, selection: request.selection,
                                     target: request.target, property: Atom(0), time: request.time)
        }
    }

    /// A current server timestamp, from a zero-length append to a property of the hidden window.
    ///
    /// The server stamps the PropertyNotify it sends back; nothing else changes. We wait for that one
    /// event with XIfEvent, which leaves every other event queued for the loop.
    func serverTime() -> UInt32 {
        let display = connection.display
        SelectionWire.writeBytes(connection, window: window, property: atoms.timestampProperty,
                                 type: atoms.integer, bytes: [], append: true)
        var wanted = (window, atoms.timestampProperty)
        var event = XEvent()
        withUnsafeMutablePointer(to: &wanted) { pointer in
            pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout<(XID, Atom)>.size) { arg in
                _ = XIfEvent(display, &event, { _, event, arg in
                    guard let event, let arg else { return 0 }
                    let wanted = UnsafeRawPointer(arg).load(as: (XID, Atom).self)
                    let e = event.pointee
                    return e.type == PropertyNotify && e.xproperty.window == wanted.0 && e.xproperty.atom == wanted.1 ? 1 : 0
                }, arg)
            }
        }
        // XIfEvent may have read other events into Xlib's queue; the fd will not signal them.
        app.eventLoop.scheduleDrain()
        return UInt32(truncatingIfNeeded: event.xproperty.time)
    }

    /// A property name for one paste, unique among the pastes in flight.
    func takeProperty() -> Atom {
        if let atom = freeProperties.popLast() { return atom }
        propertyCount += 1
        return connection.atom("_XKIT_SELECTION_\(propertyCount)")
    }

    /// Returns a property to the pool once no reply can still arrive in it.
    func releaseProperty(_ atom: Atom) {
        freeProperties.append(atom)
    }
}
