import CX11
import Glibc
import XKitCore

/// The X input method: opened once, with the best style it supports, and followed when its
/// server goes away and comes back.
///
/// When the server named by `XMODIFIERS` dies (XNDestroyCallback) or is not running yet, typing
/// goes on through Xlib's local method (dead keys and Compose) and
/// `XRegisterIMInstantiateCallback` reopens the server's method when it (re)starts; every window's
/// input context is then rebuilt, focus included.
@MainActor
final class InputMethod {
    private let connection: XConnection
    private var display: OpaquePointer { connection.display }
    /// The open method (the server's, or the local fallback).
    private(set) var xim: XIM?
    /// The style contexts use, and its XIMStyle bits.
    private(set) var style: InputMethodStyle = .root
    private(set) var styleBits = XIMStyle(XIMPreeditNothing | XIMStatusNothing)
    private var contexts: [WeakContext] = []
    private var waitsForServer = false
    private var fontSet: XFontSet?
    private var fontSetTried = false
    private let preferred = getenv("XKIT_IM_STYLE").flatMap { InputMethodStyle(rawValue: String(cString: $0)) }

    private struct WeakContext { weak var context: InputContext? }

    init(connection: XConnection) {
        self.connection = connection
        open()
    }

    /// A context for `window`; it has no XIC while no method is open and gets one when it opens.
    func makeContext(window: XID, onPreedit: @escaping (Preedit?) -> Void, onCommit: @escaping (String) -> Void) -> InputContext {
        let context = InputContext(method: self, window: window, onPreedit: onPreedit, onCommit: onCommit)
        contexts.removeAll { $0.context == nil }
        contexts.append(WeakContext(context: context))
        context.rebuild()
        return context
    }

    /// The font set over-the-spot preedit attributes name; some servers refuse a context without one.
    func overTheSpotFontSet() -> XFontSet? {
        guard !fontSetTried else { return fontSet }
        fontSetTried = true
        var missing: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var missingCount: Int32 = 0
        var defaultString: UnsafeMutablePointer<CChar>?
        fontSet = XCreateFontSet(display, "-*-*-medium-r-normal--14-*-*-*-*-*-*-*,-*-*-*-*-*-*-*-*-*-*-*-*-*-*,*",
                                 &missing, &missingCount, &defaultString)
        if let missing { XFreeStringList(missing) }
        return fontSet
    }

    // MARK: Opening

    private func open() {
        XSetLocaleModifiers("")
        if let im = XOpenIM(display, nil, nil, nil) {
            adopt(im, fromServer: true)
            return
        }
        // The server XMODIFIERS names may start later: listen for it, and type locally meanwhile.
        if let modifiers = getenv("XMODIFIERS"), String(cString: modifiers).containsCharacters("@im=") {
            Trace.warn("input method \(String(cString: modifiers)) is not running; waiting for it")
            waitForServer()
        }
        openLocalFallback()
    }

    private func adopt(_ im: XIM, fromServer: Bool) {
        xim = im
        var supported: [XIMStyle] = []
        if let styles = cx11_im_styles(im) {
            let list = styles.pointee
            if let bits = list.supported_styles {
                supported = (0..<Int(list.count_styles)).map { bits[$0] }
            }
            XFree(styles)
        }
        let choice = InputMethodStyle.choose(from: supported, preferred: preferred)
            ?? (.root, XIMStyle(XIMPreeditNothing | XIMStatusNothing))
        (style, styleBits) = choice
        if fromServer {
            cx11_set_im_destroy_callback(im, Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self),
                                         inputMethodDestroyed)
        }
        Trace.emit("im.opened", [("style", .string(style.rawValue)), ("fallback", .bool(!fromServer)),
                                 ("styles", .int(supported.count))])
    }

    private func openLocalFallback() {
        XSetLocaleModifiers("@im=none")
        let local = XOpenIM(display, nil, nil, nil)
        XSetLocaleModifiers("")
        if let local { adopt(local, fromServer: false) } else { Trace.warn("no X input method; typing is limited to Latin-1") }
    }

    private func waitForServer() {
        guard !waitsForServer else { return }
        // Xlib selects PropertyChangeMask on the root window for this, replacing our mask there
        // (the XSETTINGS watcher's StructureNotifyMask); put ours back with Xlib's bit added to it,
        // so that a later addition to the mask keeps it too.
        defer { connection.addRootEventMask(Int(PropertyChangeMask)) }
        waitsForServer = XRegisterIMInstantiateCallback(display, nil, nil, nil, inputMethodInstantiated,
                                                        Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self)) != 0
    }

    // MARK: Server lifecycle

    /// The server is gone: its contexts are already invalid (Xlib freed them), so drop them
    /// without XDestroyIC, end any composition, and type locally until it returns.
    fileprivate func serverDestroyed() {
        Trace.warn("input method server went away; typing continues without it until it returns")
        xim = nil
        for entry in contexts { entry.context?.invalidate() }
        waitForServer()
        openLocalFallback()
        for entry in contexts { entry.context?.rebuild() }
    }

    /// A server matching XMODIFIERS (re)appeared: switch every context to it.
    fileprivate func serverInstantiated() {
        XSetLocaleModifiers("")
        guard let im = XOpenIM(display, nil, nil, nil) else { return }
        if waitsForServer {
            XUnregisterIMInstantiateCallback(display, nil, nil, nil, inputMethodInstantiated,
                                             Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self))
            waitsForServer = false
        }
        for entry in contexts { entry.context?.destroyXIC() }
        if let old = xim { XCloseIM(old) }
        adopt(im, fromServer: true)
        for entry in contexts { entry.context?.rebuild() }
    }
}

/// XNDestroyCallback: Xlib calls it inside XFilterEvent or a lookup, on the main thread.
private let inputMethodDestroyed: XIMProc = { _, client, _ in
    let id = UInt(bitPattern: client)
    MainActor.assumeIsolated { method(id)?.serverDestroyed() }
}

/// The instantiate callback, run from XFilterEvent when a server registers on the root window.
private let inputMethodInstantiated: XIDProc = { _, client, _ in
    let id = UInt(bitPattern: client)
    MainActor.assumeIsolated { method(id)?.serverInstantiated() }
}

@MainActor
private func method(_ client: UInt) -> InputMethod? {
    guard let pointer = UnsafeRawPointer(bitPattern: client) else { return nil }
    return Unmanaged<InputMethod>.fromOpaque(pointer).takeUnretainedValue()
}
