/// A view controller's place in a navigation stack.
extension ViewController {
    /// What the controller shows in a navigation bar while it is on a stack.
    ///
    ///     navigationItem.rightBarButtonItems = [BarButtonItem(title: "Done", style: .done) { _ in save() }]
    public var navigationItem: NavigationItem {
        if let item = storedNavigationItem { return item }
        let item = NavigationItem()
        storedNavigationItem = item
        return item
    }

    /// The nearest navigation controller this controller is inside, if any.
    public var navigationController: NavigationController? {
        var controller = parent
        while let c = controller {
            if let navigation = c as? NavigationController { return navigation }
            controller = c.parent
        }
        return nil
    }
}

extension Window {
    /// A key nobody handled with nothing focused in the root controller's view (where the chain
    /// would have passed through it) goes to the root controller, so screen-wide keys such as a
    /// navigation controller's Alt+Left work before anything was clicked.
    ///
    /// A container's shown child (a navigation controller in a tab) is offered it first, innermost
    /// first, as the responder chain would have from inside the shown screen.
    func offerUnfocusedKeyToRootViewController(_ event: KeyEvent) -> Bool {
        guard let controller = rootViewController, let view = controller.viewIfLoaded else { return false }
        if let focused = eventRouter.firstResponder, focused.isDescendant(of: view) { return false }
        var shown = [controller]
        while let inner = shown.last?.shownChild, !shown.contains(where: { $0 === inner }) { shown.append(inner) }
        for container in shown.reversed() where container.keyDown(event) { return true }
        return false
    }
}
