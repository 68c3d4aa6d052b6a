/// What a controller that is presented hears about its own presentation (an alert traces itself,
/// focuses its default button and turns the close button into Cancel).
@MainActor
protocol PresentationLifecycle: AnyObject {
    /// The dialog's first frame is on screen.
    func presentationDidShow()
    /// The dialog closed (dismissed, or its parent closed).
    func presentationDidEnd()
    /// The window manager's close button was pressed.
    func presentationCloseRequested()
}

/// One controller shown in a dialog window over the window of the controller that presented it.
@MainActor
final class PresentationRecord {
    weak var presenter: ViewController?
    let presented: ViewController
    weak var host: Window?
    /// The dialog window showing `presented`.
    weak var dialog: Window?
    /// Whether the dialog has closed and its controller was told.
    var hasEnded = false
    init(presenter: ViewController, presented: ViewController, host: Window) {
        self.presenter = presenter
        self.presented = presented
        self.host = host
    }
}

/// A presentation asked for while the window already showed a dialog: it waits its turn, as UIKit queues alerts.
@MainActor
struct PendingPresentation {
    weak var presenter: ViewController?
    let controller: ViewController
    let completion: (() -> Void)?
}

/// A window's part in presentations: the dialog over it (which blocks its input) and the queue
/// behind that dialog; for a dialog window, what it presents.
@MainActor
final class WindowPresentationState {
    /// The modal dialog shown over this window, while it is open.
    weak var modalDialog: Window?
    /// Presentations waiting for `modalDialog` to close.
    var queue: [PendingPresentation] = []
    /// Set on a dialog window: who presented what in it.
    var record: PresentationRecord?

    /// The open dialog over the window, if any.
    var openDialog: Window? {
        guard let dialog = modalDialog, !dialog.isClosed else { return nil }
        return dialog
    }
}
