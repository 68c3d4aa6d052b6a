import CX11
import XKitCore

/// Shows `MenuController` menus in override-redirect popup windows shaped like the menu.
@MainActor
final class PopupMenuPresenter: MenuPresenter {
    private let app: Application
    private var windows: [ObjectIdentifier: Window] = [:]
    /// Puts back the owner window's focus-loss handler that a menu replaced.
    private var restoreFocusHandlers: [ObjectIdentifier: () -> Void] = [:]

    init(app: Application) { self.app = app }

    var screenBounds: Rect { Rect(origin: .zero, size: app.screenSize) }

    func present(_ menu: MenuView, frame: Rect, from view: View, time: UInt32?,
                 onShown: @escaping () -> Void, onDismissRequest: @escaping () -> Void) {
        // The press that opened the menu must not keep driving the label underneath.
        view.windowHost?.eventRouter.cancelPointerCapture()
        let window = Window(title: "menu", size: frame.size, origin: frame.origin, kind: .popupMenu, app: app)
        window.contentView.backgroundColor = nil
        menu.frame = Rect(origin: .zero, size: frame.size)
        window.contentView.addSubview(menu)
        window.onPointerDownOutside = onDismissRequest
        if let owner = app.windows.first(where: { $0.contentView === view.rootView }) {
            let previous = owner.onFocusLost
            owner.onFocusLost = {
                previous?()
                onDismissRequest()
            }
            restoreFocusHandlers[ObjectIdentifier(menu)] = { [weak owner] in owner?.onFocusLost = previous }
        }
        windows[ObjectIdentifier(menu)] = window
        markTransient(window, openedFrom: view)
        shape(window, like: menu)
        window.show()
        window.whenFirstFrameDrawn { [weak window, weak menu] in
            guard let window, let menu else { return }
            // Grab only once mapped: a grab on an unviewable window fails with GrabNotViewable.
            if !window.grabInput(time: time ?? window.app.lastServerTime) {
                Trace.warn("the menu could not grab the pointer and keyboard")
            }
            menu.becomeFirstResponder()
            onShown()
        }
    }

    func dismiss(_ menu: MenuView) {
        restoreFocusHandlers.removeValue(forKey: ObjectIdentifier(menu))?()
        guard let window = windows.removeValue(forKey: ObjectIdentifier(menu)) else { return }
        window.ungrabInput(time: app.lastServerTime)
        window.close()
    }

    /// Ties the menu window to the window it was opened from (`WM_TRANSIENT_FOR`), so window managers,
    /// compositors and accessibility tools know whose popup it is.
    private func markTransient(_ window: Window, openedFrom view: View) {
        window.setTransient(for: app.windows.first { $0.contentView === view.rootView })
    }

    /// Cuts the window to the menu's rounded body and arrow, so nothing square shows around it.
    private func shape(_ window: Window, like menu: MenuView) {
        let display = app.connection.display
        let scale = app.scale
        let width = UInt32(max(1, (window.size.width * scale).rounded()))
        let height = UInt32(max(1, (window.size.height * scale).rounded()))
        let mask = XCreatePixmap(display, window.xid, width, height, 1)
        guard let gc = XCreateGC(display, mask, 0, nil) else { return }
        defer { XFreeGC(display, gc); XFreePixmap(display, mask) }
        XSetForeground(display, gc, 0)
        XFillRectangle(display, mask, gc, 0, 0, width, height)
        XSetForeground(display, gc, 1)
        let placement = menu.placement
        let polygons = [
            ShapePaths.roundedRect(placement.bodyRect, radius: 8),
            ShapePaths.arrow(tip: placement.arrowTip, width: placement.arrowSize.width,
                             height: placement.arrowSize.height, pointingUp: !placement.pointsDown),
        ]
        for polygon in polygons {
            var points = polygon.map { XPoint(x: Int16(($0.x * scale).rounded()), y: Int16(($0.y * scale).rounded())) }
            XFillPolygon(display, mask, gc, &points, Int32(points.count), Complex, CoordModeOrigin)
        }
        XShapeCombineMask(display, window.xid, ShapeBounding, 0, 0, mask, ShapeSet)
    }
}
