/// Presenting a view controller in its own modal dialog window, like UIKit's `present(_:animated:completion:)`.
///
/// The dialog (`SurfaceKind.dialog(parent:modal: true)`) is transient for the presenting window,
/// centred on it, and the presenting window ignores pointer and key input while it is open (a
/// press or key there raises the dialog instead). Presenting while the window already shows a
/// dialog queues the controller until that one is dismissed. `animated` is accepted for UIKit's
/// shape; the window appears and disappears at once.
extension ViewController {
    /// The controller this one presented, while its dialog is open.
    public var presentedViewController: ViewController? {
        guard let host = viewIfLoaded?.window, let record = host.presentationState.openDialog?.presentationState.record,
              let presenter = record.presenter, presenter === self || presenter.isDescendant(of: self) else { return nil }
        return record.presented
    }

    /// The controller that presented this one, while this one's dialog is open.
    public var presentingViewController: ViewController? { presentationRecord?.presenter }

    /// Whether this controller is the one shown in an open presented dialog.
    public var isBeingPresented: Bool { presentationRecord != nil }

    /// The record of the dialog this controller fills, while it is open.
    var presentationRecord: PresentationRecord? {
        guard let window = viewIfLoaded?.window, !window.isClosed, let record = window.presentationState.record,
              record.presented === self else { return nil }
        return record
    }

    private func isDescendant(of ancestor: ViewController) -> Bool {
        var controller = parent
        while let c = controller {
            if c === ancestor { return true }
            controller = c.parent
        }
        return false
    }

    /// Shows `controller` in a modal dialog window over this controller's window; `completion`
    /// runs once the dialog's first frame is on screen.
    ///
    ///     present(alert, animated: true)
    ///
    /// While the window already shows a dialog, the controller waits until that one is dismissed.
    public func present(_ controller: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        guard controller !== self, controller.parent == nil, controller.viewIfLoaded?.window == nil else {
            Trace.warn("present: \(type(of: controller)) is already shown (in a window or a parent controller); ignored")
            return
        }
        guard let host = viewIfLoaded?.window, !host.isClosed else {
            Trace.warn("present: \(type(of: self)) is not in a window, so it cannot present \(type(of: controller)); ignored")
            return
        }
        if host.presentationState.queue.contains(where: { $0.controller === controller }) {
            Trace.warn("present: \(type(of: controller)) is already waiting to be presented; ignored")
            return
        }
        if host.presentationState.openDialog != nil {
            host.presentationState.queue.append(PendingPresentation(presenter: self, controller: controller, completion: completion))
            Trace.emit("present.queued", [("controller", .string(String(describing: type(of: controller)))),
                                          ("waiting", .int(host.presentationState.queue.count))])
            return
        }
        Presentation.show(controller, from: self, in: host, animated: animated, completion: completion)
    }

    /// Dismisses the controller this one presented, or this one if it was presented; `completion`
    /// runs once the dialog is closed. With nothing presented it does nothing and warns.
    ///
    ///     dismiss(animated: true)
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        let record: PresentationRecord
        if let presented = presentedViewController, let own = presented.presentationRecord {
            record = own
        } else if let own = presentationRecord ?? ancestorPresentationRecord {
            record = own
        } else {
            Trace.warn("dismiss: \(type(of: self)) presents nothing and was not presented (dismissed twice?); ignored")
            return
        }
        Presentation.end(record, completion: completion)
    }

    /// The record of the presented controller this one is a child of (UIKit forwards dismissal up).
    private var ancestorPresentationRecord: PresentationRecord? {
        var controller = parent
        while let c = controller {
            if let record = c.presentationRecord { return record }
            controller = c.parent
        }
        return nil
    }
}

/// The mechanics of showing and closing presented dialogs.
@MainActor
enum Presentation {
    /// A dialog's size: what the controller asks for, or 400×300 when it asks for nothing, never
    /// larger than the screen.
    static func dialogSize(for controller: ViewController, screen: Size) -> Size {
        var size = controller.preferredContentSize
        if !(size.width.isFinite && size.width >= 1) { size.width = 400 }
        if !(size.height.isFinite && size.height >= 1) { size.height = 300 }
        return Size(width: min(size.width.rounded(.up), max(1, screen.width)),
                    height: min(size.height.rounded(.up), max(1, screen.height)))
    }

    /// Where a dialog of `size` goes so that it is centred on the parent's frame (screen
    /// coordinates), kept on the screen.
    static func centredOrigin(_ size: Size, on parent: Rect, screen: Rect) -> Point {
        var x = (parent.midX - size.width / 2).rounded()
        var y = (parent.midY - size.height / 2).rounded()
        x = min(max(x, screen.minX), max(screen.minX, screen.maxX - size.width))
        y = min(max(y, screen.minY), max(screen.minY, screen.maxY - size.height))
        return Point(x: x, y: y)
    }

    static func show(_ controller: ViewController, from presenter: ViewController, in host: Window,
                     animated: Bool = true, completion: (() -> Void)?) {
        let app = host.application
        let screen = app.platform.screenBounds
        let size = dialogSize(for: controller, screen: screen.size)
        let origin = centredOrigin(size, on: Rect(origin: host.screenOrigin, size: host.size), screen: screen)
        let dialog = Window(title: controller.title ?? host.title, size: size, origin: origin,
                            kind: .dialog(parent: host, modal: true), app: app)
        let record = PresentationRecord(presenter: presenter, presented: controller, host: host)
        record.dialog = dialog
        dialog.presentationState.record = record
        host.presentationState.modalDialog = dialog
        host.eventRouter.cancelPointerCapture()
        dialog.rootViewController = controller
        // Measured again in the window, with its platform's fonts (before, a view in no window
        // measures with the started app's, which a headless app has not).
        let measured = dialogSize(for: controller, screen: screen.size)
        if measured != size {
            dialog.setFrame(Rect(origin: centredOrigin(measured, on: Rect(origin: host.screenOrigin, size: host.size), screen: screen),
                                 size: measured))
        }
        // An alert's size is its content's: the window manager offers no resize or maximise for it.
        if controller is AlertController { dialog.isResizable = false }
        // Closed by anything but `end` (the app closing it, xkill): still finish the bookkeeping.
        dialog.onClose = { [weak record, weak host] in
            guard let record else { return }
            finish(record)
            if let host { showNextQueued(in: host) }
        }
        dialog.show()
        if animated { fadeIn(controller.view) }
        dialog.whenFirstFrameDrawn { [weak controller] in
            (controller as? PresentationLifecycle)?.presentationDidShow()
            completion?()
        }
    }

    /// How long a presented dialog's content takes to fade in, in seconds.
    static let fadeDuration = 0.15

    /// Fades a new dialog's content in (without a compositor an X window itself cannot fade).
    private static func fadeIn(_ content: View) {
        let target = content.alpha
        View.performWithoutAnimation { content.alpha = 0 }
        View.animate(withDuration: fadeDuration, delay: 0, options: [.curveEaseOut], animations: { content.alpha = target },
                     completion: nil)
    }

    /// Closes the dialog of `record` (and any dialog it presented), then runs `completion` and the next queued presentation.
    static func end(_ record: PresentationRecord, completion: (() -> Void)?) {
        guard !record.hasEnded, let dialog = record.dialog else {
            Trace.warn("dismiss: the presentation already ended; ignored")
            return
        }
        // A dialog that presented another takes it down too, as UIKit dismisses the stack above.
        if let above = dialog.presentationState.openDialog?.presentationState.record { end(above, completion: nil) }
        dialog.onClose = nil
        dialog.close()
        finish(record)
        completion?()
        if let host = record.host { showNextQueued(in: host) }
    }

    /// Unlinks a closed dialog from its host, tells its controller and gives the host focus back.
    private static func finish(_ record: PresentationRecord) {
        guard !record.hasEnded else { return }
        record.hasEnded = true
        record.dialog?.presentationState.record = nil
        guard let host = record.host else { return }
        if host.presentationState.modalDialog === record.dialog { host.presentationState.modalDialog = nil }
        (record.presented as? PresentationLifecycle)?.presentationDidEnd()
        if !host.isClosed { host.activate() }
    }

    private static func showNextQueued(in host: Window) {
        guard !host.isClosed, host.presentationState.openDialog == nil else { return }
        while !host.presentationState.queue.isEmpty {
            let next = host.presentationState.queue.removeFirst()
            guard let presenter = next.presenter, presenter.viewIfLoaded?.window === host else {
                Trace.warn("present: the controller that queued \(type(of: next.controller)) left its window; dropped")
                continue
            }
            show(next.controller, from: presenter, in: host, completion: next.completion)
            return
        }
    }

    /// The host window closes: its dialogs close with it, and queued ones are dropped.
    static func hostWillClose(_ host: Window) {
        host.presentationState.queue.removeAll()
        if let record = host.presentationState.openDialog?.presentationState.record { end(record, completion: nil) }
    }
}
