/// How controllers appear and disappear with their views: a view joining or leaving a shown window.
extension ViewController {
    /// The view joined `window` (or the window was shown): begin appearing if the window is shown,
    /// and finish after its next drawn frame.
    func viewDidJoin(_ window: Window?) {
        guard let window, window.isShown, !window.isClosed, !isVisible else { return }
        beginAppearanceTransition(true)
        window.appearancesToFinish.append(self)
        window.platform.setNeedsDisplayPass()
    }

    /// The view is about to leave `window` (or the window hides or closes): begin disappearing;
    /// returns whether it did, so the caller finishes the transition once the view is gone.
    func viewWillLeave(_ window: Window?) -> Bool {
        guard let window, window.isShown, isVisible else { return false }
        beginAppearanceTransition(false)
        return true
    }

    /// A container's shown screen changed: the window's title follows its root controller's title
    /// (a navigation controller's top screen, a tab bar controller's selected one, nested or not).
    func updateWindowTitle() {
        guard let window = viewIfLoaded?.window, let title = window.rootViewController?.title else { return }
        if window.title != title { window.title = title }
    }
}

extension Window {
    /// Puts the new root controller's view in the content view, filling it, and takes the old one's out.
    func rootViewControllerDidChange(from old: ViewController?) {
        if let old, let oldView = old.viewIfLoaded, oldView.superview === contentView { oldView.removeFromSuperview() }
        guard let controller = rootViewController else { return }
        let view = controller.view
        view.frame = contentView.bounds
        view.autoresizingMask = .fill
        contentView.addSubview(view)
        if let title = controller.title { self.title = title }
    }

    /// Tells controllers that began appearing that their view is now drawn.
    func finishAppearances() {
        guard !appearancesToFinish.isEmpty else { return }
        let finishing = appearancesToFinish
        appearancesToFinish.removeAll()
        for controller in finishing where controller.viewIfLoaded?.window === self {
            controller.endAppearanceTransition()
        }
    }
}
