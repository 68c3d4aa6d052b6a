import CX11
import Glibc
import XKitCore

/// One window's input context (XIC): focus, the caret spot, and the on-the-spot composition,
/// which Xlib reports through C callbacks that land here and go on to the `Window`.
@MainActor
final class InputContext {
    /// The XIC, nil while no input method is open.
    private(set) var xic: XIC?
    private unowned let method: InputMethod
    private let window: XID
    private let onPreedit: (Preedit?) -> Void
    private let onCommit: (String) -> Void
    private var buffer = PreeditBuffer()
    private var shown: Preedit?
    private var isFocused = false
    private var spot: XPoint?

    init(method: InputMethod, window: XID, onPreedit: @escaping (Preedit?) -> Void, onCommit: @escaping (String) -> Void) {
        self.method = method
        self.window = window
        self.onPreedit = onPreedit
        self.onCommit = onCommit
    }

    /// Creates the XIC for the method's current style (after the method opened or changed).
    func rebuild() {
        guard xic == nil, let im = method.xim else { return }
        let bits = method.styleBits
        let client = Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self)
        switch method.style {
        case .onTheSpot:
            xic = cx11_create_ic_on_the_spot(im, window, bits, client, ximPreeditStart, ximPreeditDone, ximPreeditDraw,
                                             ximPreeditCaret, ximStatusIgnored)
        case .overTheSpot:
            let at = spot ?? XPoint(x: 0, y: 0)
            xic = cx11_create_ic_over_the_spot(im, window, bits, at.x, at.y, nil)
                ?? cx11_create_ic_over_the_spot(im, window, bits, at.x, at.y, method.overTheSpotFontSet())
        case .root:
            xic = cx11_create_ic_style(im, window, bits)
        }
        if xic == nil {
            Trace.warn("the input method refused a \(method.style.rawValue) context; trying root style")
            xic = cx11_create_ic(im, window)
        }
        if let xic {
            if let spot, method.style != .root { cx11_set_ic_spot(xic, spot.x, spot.y) }
            if isFocused { XSetICFocus(xic) }
        }
    }

    /// The window got keyboard focus.
    func focus() {
        isFocused = true
        if let xic { XSetICFocus(xic) }
    }

    /// The window lost keyboard focus; the IM decides whether the composition is committed or dropped.
    func unfocus() {
        isFocused = false
        if let xic { XUnsetICFocus(xic) }
    }

    /// Moves the spot (device pixels in the window) where over-the-spot preedit and candidate
    /// windows go: the caret's bottom left, as GTK sets it.
    ///
    /// While a composition is under way the spot stays where it began, as Qt does: XSetICValues
    /// is a round trip, and uim-xim loses the keys it is still composing when one comes mid-way.
    func setSpot(x: Int, y: Int) {
        let point = XPoint(x: Int16(clamping: x), y: Int16(clamping: y))
        if let spot, spot.x == point.x, spot.y == point.y { return }
        guard buffer.isEmpty else { return }
        spot = point
        guard let xic, method.style != .root else { return }
        cx11_set_ic_spot(xic, point.x, point.y)
        Trace.emit("im.spot", [("x", .int(x)), ("y", .int(y))])
    }

    /// Ends the composition (a click or a focus change inside the window); returns what the IM committed.
    func reset() -> String? {
        guard let xic, shown != nil || !buffer.isEmpty else { return nil }
        var committed: String?
        if let text = cx11_reset_ic(xic) {
            // Malformed UTF-8 becomes U+FFFD rather than losing the whole commit.
            committed = CommittedText.bounded(String(cString: text))
            XFree(text)
        }
        buffer.clear()
        shown = nil
        return committed
    }

    /// The method's server is gone and took this XIC with it: forget it, and keep what the user
    /// saw of the composition as typed text rather than lose it.
    func invalidate() {
        xic = nil
        let orphan = shown?.text
        buffer.clear()
        shown = nil
        if let orphan {
            onCommit(orphan)
        }
    }

    /// Destroys the XIC (before switching methods, or with the window).
    func destroyXIC() {
        if let xic { XDestroyIC(xic) }
        xic = nil
        endComposition()
    }

    private func endComposition() {
        buffer.clear()
        publish()
    }

    private func publish() {
        let preedit = buffer.preedit
        guard preedit != shown else { return }
        shown = preedit
        onPreedit(preedit)
    }

    // MARK: Callbacks from Xlib

    fileprivate func preeditStarted() {
        buffer.clear()
        publish()
    }

    fileprivate func preeditDone() {
        buffer.clear()
        publish()
    }

    fileprivate func preeditDraw(_ data: UnsafeMutablePointer<XIMPreeditDrawCallbackStruct>) {
        let draw = data.pointee
        var text: [Unicode.Scalar]?
        var attributes: [UInt]?
        if let ximText = draw.text {
            let length = Int(ximText.pointee.length)
            if let feedback = ximText.pointee.feedback {
                attributes = (0..<length).map { UInt(feedback[$0]) }
            }
            if let utf8 = cx11_ximtext_utf8(ximText) {
                let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(utf8).assumingMemoryBound(to: UInt8.self), count: strlen(utf8))
                text = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
            } else if let wide = cx11_ximtext_wide(ximText) {
                text = (0..<length).compactMap { Unicode.Scalar(UInt32(bitPattern: wide[$0])) }
            }
        }
        buffer.draw(caret: Int(draw.caret), first: Int(draw.chg_first), length: Int(draw.chg_length),
                    text: text, attributes: attributes)
        publish()
    }

    fileprivate func preeditCaretMoved(_ data: UnsafeMutablePointer<XIMPreeditCaretCallbackStruct>) {
        data.pointee.position = Int32(buffer.moveCaret(data.pointee.direction, position: Int(data.pointee.position)))
        publish()
    }
}

/// The context a callback's client data names; addresses travel as integers so the closures
/// that hop onto the main actor (where Xlib calls them from anyway) capture nothing unsendable.
@MainActor
private func context(_ client: UInt) -> InputContext? {
    guard let pointer = UnsafeRawPointer(bitPattern: client) else { return nil }
    return Unmanaged<InputContext>.fromOpaque(pointer).takeUnretainedValue()
}

private let ximPreeditStart: cx11_ic_proc = { _, client, _ in
    let id = UInt(bitPattern: client)
    MainActor.assumeIsolated { context(id)?.preeditStarted() }
    return -1  // no limit on the composition's length
}

private let ximPreeditDone: cx11_ic_proc = { _, client, _ in
    let id = UInt(bitPattern: client)
    MainActor.assumeIsolated { context(id)?.preeditDone() }
    return 0
}

private let ximPreeditDraw: cx11_ic_proc = { _, client, data in
    let id = UInt(bitPattern: client), address = UInt(bitPattern: data)
    MainActor.assumeIsolated {
        guard let draw = UnsafeMutablePointer<XIMPreeditDrawCallbackStruct>(bitPattern: address) else { return }
        context(id)?.preeditDraw(draw)
    }
    return 0
}

private let ximPreeditCaret: cx11_ic_proc = { _, client, data in
    let id = UInt(bitPattern: client), address = UInt(bitPattern: data)
    MainActor.assumeIsolated {
        guard let caret = UnsafeMutablePointer<XIMPreeditCaretCallbackStruct>(bitPattern: address) else { return }
        context(id)?.preeditCaretMoved(caret)
    }
    return 0
}

/// Status callbacks (for methods that insist on them): accepted and ignored.
private let ximStatusIgnored: cx11_ic_proc = { _, _, _ in 0 }
